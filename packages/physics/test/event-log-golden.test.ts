/**
 * The event loop's output, bit for bit, against golden data: a fixed set of seeded shots (breaks
 * and random positions, under each cushion model), each one's full event list, final state and
 * trajectory samples reduced to a SHA-256 digest of their JSON (every number printed exactly).
 * The digests were computed by the simulator as it was before its event loop was rewritten for
 * speed (issue 29): a rewrite that changes any bit of any shot fails here. When a physics change
 * is meant to change results, regenerate with `PYRAMID_UPDATE_GOLDEN=1 npx vitest run
 * packages/physics/test/event-log-golden.test.ts` and say why in the commit.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Random } from '@pyramid/core';
import { classicRack, REGULATION_12FT } from '@pyramid/table';
import { describe, expect, it } from 'vitest';
import type { CushionModel } from '../src/cushion-models.js';
import type { BallSetup } from '../src/simulate.js';
import { simulate } from '../src/simulate.js';
import type { Strike } from '../src/strike.js';
import { L, P, R, TABLE, W } from './helpers.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), 'golden', 'event-logs.json');
const MODELS: readonly CushionModel[] = ['mathavan-2010', 'han-2005', 'mirror'];

interface Shot {
  readonly name: string;
  readonly balls: BallSetup[];
  readonly strike: Strike;
}

/** The Classic rack 0.6 mm apart, each ball jittered by ±0.2 mm, the cue ball from the house. */
function breakShot(random: Random, k: number): Shot {
  const rack = classicRack(REGULATION_12FT, 0.6);
  const jitter = () => (random.float() - 0.5) * 0.0004;
  const cue = { id: 0, x: 0.3 + random.float() * 0.5, y: W / 2 + (random.float() - 0.5) * 0.6 };
  const apex = rack[0]!.at;
  return {
    name: `break ${k}`,
    balls: [
      cue,
      ...rack.map(({ ball, at }) => ({ id: ball, x: at.x / 1000 + jitter(), y: at.y / 1000 + jitter() })),
    ],
    strike: {
      ball: 0,
      speed: 4 + random.float() * 5,
      direction: { x: apex.x / 1000 - cue.x, y: apex.y / 1000 - cue.y },
      side: (random.float() - 0.5) * 0.4,
      height: (random.float() - 0.5) * 0.6,
    },
  };
}

/** 2–16 balls anywhere on the bed, the cue ball aimed at another with a random cut and tip offset. */
function randomShot(random: Random, k: number): Shot {
  const count = 2 + random.int(15);
  const balls: BallSetup[] = [];
  for (let b = 0; b < count; b++) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const x = R + 0.002 + random.float() * (L - 2 * R - 0.004);
      const y = R + 0.002 + random.float() * (W - 2 * R - 0.004);
      if (balls.every((o) => (o.x - x) ** 2 + (o.y - y) ** 2 > (2 * R + 0.001) ** 2)) {
        balls.push({ id: b, x, y });
        break;
      }
    }
  }
  const cue = balls[0]!;
  const target = balls[1 + random.int(balls.length - 1)] ?? cue;
  const dx = target.x - cue.x;
  const dy = target.y - cue.y;
  const len = Math.sqrt(dx * dx + dy * dy) || 1;
  const offset = (random.float() - 0.5) * 4 * R;
  // Some shots with the cue raised, so that flight, landings and jumps are in the set.
  const elevationDeg = random.float() < 0.2 ? random.float() * 40 : 0;
  return {
    name: `random ${k}`,
    balls,
    strike: {
      ball: cue.id,
      speed: 0.5 + random.float() * 7.5,
      direction: { x: dx / len - (dy / len) * (offset / len), y: dy / len + (dx / len) * (offset / len) },
      side: (random.float() - 0.5) * 0.6,
      height: (random.float() - 0.5) * 0.8,
      elevationDeg,
    },
  };
}

function shots(): Shot[] {
  const random = new Random(2929);
  const list: Shot[] = [];
  for (let k = 0; k < 12; k++) list.push(breakShot(random, k));
  for (let k = 0; k < 60; k++) list.push(randomShot(random, k));
  return list;
}

/** The digest of everything a shot returns: events, final states, duration, trajectory samples. */
function digest(shot: Shot, cushionModel: CushionModel): string {
  const result = simulate(shot.balls, shot.strike, TABLE, P, { cushionModel });
  const body = result.ok
    ? {
        events: result.value.events,
        final: result.value.final,
        duration: result.value.duration,
        miscue: result.value.miscue,
        samples: result.value.trajectory.series(0.05),
      }
    : { error: result.error };
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

function compute(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const model of MODELS) for (const shot of shots()) out[`${model} ${shot.name}`] = digest(shot, model);
  return out;
}

describe('the event loop against golden event logs', () => {
  it('every shot of the fixed set gives the stored digest under every cushion model', () => {
    const now = compute();
    if (process.env.PYRAMID_UPDATE_GOLDEN === '1' || !existsSync(GOLDEN)) {
      writeFileSync(GOLDEN, `${JSON.stringify(now, null, 2)}\n`);
    }
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    expect(Object.keys(golden)).toHaveLength(MODELS.length * 72);
    const differ = Object.keys(golden).filter((key) => golden[key] !== now[key]);
    expect(differ).toEqual([]);
  });
});
