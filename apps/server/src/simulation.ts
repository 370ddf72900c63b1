/**
 * Where strokes are simulated. In-line by default (`inlineSimulator`); `SimulationPool` runs them
 * in worker threads (node:worker_threads) so that the event loop keeps validating, storing and
 * broadcasting while a stroke is simulated, and a second core is used. The worker runs the very
 * same `simulateShot` of @pyramid/match on a structured clone of the state (numbers cross bit for
 * bit), so the action is the one the in-line simulation gives. Only the action or the error comes
 * back: the trajectory stays in the worker.
 */
import { Worker } from 'node:worker_threads';
import type { Result } from '@pyramid/core';
import { type PlannedShot, type PlayError, simulateShot } from '@pyramid/match';
import type { MatchState, ShotAction } from '@pyramid/rules';

export type SimulatedAction = Result<{ readonly action: ShotAction }, PlayError>;
export type Simulator = (state: MatchState, stroke: PlannedShot) => Promise<SimulatedAction>;

export const inlineSimulator: Simulator = async (state, stroke) => {
  const simulated = simulateShot(state, stroke);
  return simulated.ok ? { ok: true, value: { action: simulated.value.action } } : simulated;
};

const WORKER_ENTRY = new URL('./simulation-worker.ts', import.meta.url).href;
/** tsx's loader: on Node 20 a worker does not inherit the `--import tsx` hooks, so it registers them. */
const TSX_API = import.meta.resolve('tsx/esm/api');
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

interface Job {
  readonly id: number;
  readonly resolve: (result: SimulatedAction) => void;
  readonly reject: (error: Error) => void;
}

/** A fixed pool of simulation workers; each job goes to the worker with the fewest jobs pending. */
export class SimulationPool {
  private readonly workers: { worker: Worker; jobs: Map<number, Job> }[] = [];
  private nextId = 1;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_BOOT, {
        eval: true,
        workerData: { entry: WORKER_ENTRY, tsx: TSX_API },
      });
      worker.unref();
      const jobs = new Map<number, Job>();
      worker.on('message', (message: { id: number; result?: SimulatedAction; fault?: string }) => {
        const job = jobs.get(message.id);
        jobs.delete(message.id);
        if (message.result !== undefined) job?.resolve(message.result);
        else job?.reject(new Error(`simulation worker: ${message.fault}`));
      });
      worker.on('error', (caught) => {
        for (const job of jobs.values()) job.reject(caught);
        jobs.clear();
      });
      this.workers.push({ worker, jobs });
    }
  }

  readonly simulate: Simulator = (state, stroke) => {
    const least = this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      least.jobs.set(id, { id, resolve, reject });
      least.worker.postMessage({ id, state, stroke });
    });
  };

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}
