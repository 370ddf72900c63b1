/**
 * The simulation pool: a stroke simulated in a worker thread gives the very action the in-line
 * simulation gives, and a worker that dies is replaced — its pending stroke is refused, the next
 * stroke is simulated by the new worker.
 */
import { once } from 'node:events';
import { rackedMatch } from '@pyramid/match';
import { legalActions, type ShotTemplate } from '@pyramid/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineSimulator, SimulationPool } from '../src/simulation.js';

const match = rackedMatch('combined', { breaker: 0 });
const template = legalActions(match).find((a): a is ShotTemplate => a.type === 'shot')!;
const stroke = {
  cueBall: template.cueBalls[0]!,
  call: null,
  placement: { x: 600, y: 887.5 },
  strike: { speed: 5, angleDeg: 0 },
};

const pool = new SimulationPool(1);
afterAll(() => pool.close());

describe('the simulation pool', () => {
  it('simulates a stroke in a worker to the same action, bit for bit', async () => {
    const [inWorker, inline] = await Promise.all([
      pool.simulate(match, stroke),
      inlineSimulator(match, stroke),
    ]);
    expect(inline.ok).toBe(true);
    expect(JSON.stringify(inWorker)).toBe(JSON.stringify(inline));
  });

  it('replaces a worker that exits: its pending stroke is refused, the next one is simulated', async () => {
    const first = pool.workers[0]!;
    const pending = pool.simulate(match, stroke);
    const exited = once(first, 'exit');
    await first.terminate();
    await exited;
    await expect(pending).rejects.toThrow(/simulation worker exited/);
    const second = pool.workers[0]!;
    expect(second).not.toBe(first);
    const again = await pool.simulate(match, stroke);
    expect(JSON.stringify(again)).toBe(JSON.stringify(await inlineSimulator(match, stroke)));
  });
});
