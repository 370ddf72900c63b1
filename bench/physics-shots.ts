/**
 * The physics benchmark's seeded shots (bench/physics.ts, bench/profile-physics.ts): full-rack
 * breaks and random positions on the regulation 12 ft table, the same inputs for the same seeds.
 */
import type { Random } from '@pyramid/core';
import { type BallSetup, DEFAULT_PARAMS, type Strike } from '@pyramid/physics';
import { classicRack, REGULATION_12FT } from '@pyramid/table';

const R = DEFAULT_PARAMS.R;
const L = 3.55;
const W = 1.775;

export interface Shot {
  readonly balls: BallSetup[];
  readonly strike: Strike;
}

export function breakShot(random: Random): Shot {
  // Balls 0.6 mm apart, each moved up to ±0.2 mm in x and y: never overlapping (2·0.2·√2 < 0.6).
  const rack = classicRack(REGULATION_12FT, 0.6);
  const jitter = () => (random.float() - 0.5) * 0.0004;
  const cue = { id: 0, x: 0.3 + random.float() * 0.5, y: W / 2 + (random.float() - 0.5) * 0.6 };
  const apex = rack[0]!.at;
  return {
    balls: [
      cue,
      ...rack.map(({ ball, at }) => ({ id: ball, x: at.x / 1000 + jitter(), y: at.y / 1000 + jitter() })),
    ],
    strike: {
      ball: 0,
      speed: 6 + random.float() * 2,
      direction: { x: apex.x / 1000 - cue.x, y: apex.y / 1000 - cue.y },
    },
  };
}

export function randomShot(random: Random): Shot {
  const count = 2 + random.int(15);
  const balls: BallSetup[] = [];
  const ids = Array.from({ length: 16 }, (_, k) => k);
  for (let k = 0; k < count; k++) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const x = R + 0.002 + random.float() * (L - 2 * R - 0.004);
      const y = R + 0.002 + random.float() * (W - 2 * R - 0.004);
      if (balls.every((b) => (b.x - x) ** 2 + (b.y - y) ** 2 > (2 * R + 0.001) ** 2)) {
        balls.push({ id: ids[k]!, x, y });
        break;
      }
    }
  }
  const cue = balls[0]!;
  const target = balls[1 + random.int(balls.length - 1)] ?? balls[0]!;
  // Aim at the target with a random cut: up to a full ball either side.
  const dx = target.x - cue.x;
  const dy = target.y - cue.y;
  const len = Math.sqrt(dx * dx + dy * dy) || 1;
  const offset = (random.float() - 0.5) * 4 * R;
  return {
    balls,
    strike: {
      ball: cue.id,
      speed: 0.5 + random.float() * 5.5,
      direction: { x: dx / len - (dy / len) * (offset / len), y: dy / len + (dx / len) * (offset / len) },
      side: (random.float() - 0.5) * 0.6,
      height: (random.float() - 0.5) * 0.8,
    },
  };
}
