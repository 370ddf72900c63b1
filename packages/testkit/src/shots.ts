/**
 * Random shots for the simulator, in its own units (m, m/s), on the regulation 12 ft table: breaks
 * at any speed, spin and elevation, jump shots across a random layout, and the degenerate case an
 * attacker reaches for — an elevated cue ball frozen to (or a hair from) a tight cluster, struck
 * down into it, so that a flying ball meets touching balls at one instant.
 */
import type { Random } from '@pyramid/core';
import { type BallSetup, DEFAULT_PARAMS, type Strike } from '@pyramid/physics';
import { classicRack, REGULATION_12FT } from '@pyramid/table';

export interface RandomShot {
  readonly kind: 'break' | 'jump' | 'cluster';
  readonly balls: readonly BallSetup[];
  readonly strike: Strike;
}

const R = DEFAULT_PARAMS.R;
const D = 2 * R;
const LENGTH = REGULATION_12FT.length / 1000;
const WIDTH = REGULATION_12FT.width / 1000;

function between(random: Random, low: number, high: number): number {
  return low + (high - low) * random.float();
}

/** A tip offset inside the cue's reach (below 1 radius), sometimes beyond the miscue limit. */
function tip(random: Random): { side: number; height: number } {
  const r = 0.98 * Math.sqrt(random.float());
  const a = random.float() * 2 * Math.PI;
  return { side: r * Math.cos(a), height: r * Math.sin(a) };
}

function speed(random: Random): number {
  return between(random, 0.05, DEFAULT_PARAMS.maxCueSpeed);
}

/** The break: the pyramid racked with a random hair of gap, the coloured ball anywhere in the house. */
export function randomBreak(random: Random): RandomShot {
  const gap = random.chance(0.5) ? 0 : between(random, 0, 0.2);
  const rack = classicRack(REGULATION_12FT, gap).map(({ ball, at }) => ({
    id: ball,
    x: at.x / 1000,
    y: at.y / 1000,
  }));
  const cue = { id: 0, x: between(random, R, LENGTH / 4), y: between(random, R, WIDTH - R) };
  const apex = rack[0]!;
  // Mostly aimed at the pyramid, sometimes anywhere.
  const aim =
    Math.atan2(apex.y - cue.y, apex.x - cue.x) +
    (random.chance(0.8) ? between(random, -0.1, 0.1) : between(random, -Math.PI, Math.PI));
  const elevation = random.chance(0.5) ? 0 : between(random, 0, 80);
  return {
    kind: 'break',
    balls: [cue, ...rack],
    strike: {
      ball: 0,
      speed: speed(random),
      direction: { x: Math.cos(aim), y: Math.sin(aim) },
      ...tip(random),
      elevationDeg: elevation,
    },
  };
}

/** Balls at random, clear of one another, anywhere on the bed. */
function scatter(random: Random, count: number): BallSetup[] {
  const balls: BallSetup[] = [];
  for (let tries = 0; balls.length < count && tries < 2000; tries++) {
    const x = between(random, R, LENGTH - R);
    const y = between(random, R, WIDTH - R);
    if (balls.every((b) => (b.x - x) ** 2 + (b.y - y) ** 2 >= D * D)) balls.push({ id: balls.length, x, y });
  }
  return balls;
}

/** A jump shot: an elevated strike across a random layout of 2–16 balls. */
export function randomJumpShot(random: Random): RandomShot {
  const balls = scatter(random, 2 + random.int(15));
  const a = random.float() * 2 * Math.PI;
  return {
    kind: 'jump',
    balls,
    strike: {
      ball: random.int(balls.length),
      speed: speed(random),
      direction: { x: Math.cos(a), y: Math.sin(a) },
      ...tip(random),
      elevationDeg: between(random, 10, 80),
    },
  };
}

/**
 * A tight cluster of 2–15 touching balls on a triangular lattice (gaps of 0 or a hair), with the
 * cue ball frozen to it or within a millimetre, struck down into it at a steep elevation.
 */
export function elevatedClusterStrike(random: Random): RandomShot {
  const count = 2 + random.int(14);
  const gap = random.chance(0.5) ? 0 : between(random, 0, 1e-4);
  const pitch = D + gap;
  const cx = between(random, 0.5, LENGTH - 0.5);
  const cy = between(random, 0.4, WIDTH - 0.4);
  // Lattice points around the centre, nearest first, so the cluster is compact.
  const lattice: { x: number; y: number }[] = [];
  for (let row = -4; row <= 4; row++) {
    for (let col = -4; col <= 4; col++) {
      lattice.push({ x: cx + (col + row / 2) * pitch, y: cy + ((row * Math.sqrt(3)) / 2) * pitch });
    }
  }
  lattice.sort((p, q) => (p.x - cx) ** 2 + (p.y - cy) ** 2 - ((q.x - cx) ** 2 + (q.y - cy) ** 2));
  const balls: BallSetup[] = lattice.slice(0, count).map((p, i) => ({ id: i + 1, x: p.x, y: p.y }));
  // The cue ball beside a random member of the cluster, on the far side from the centre.
  const anchor = balls[random.int(balls.length)]!;
  let placed: BallSetup | null = null;
  for (let tries = 0; placed === null && tries < 64; tries++) {
    const a = random.float() * 2 * Math.PI;
    const distance = D + (random.chance(0.5) ? 0 : between(random, 0, 1e-3));
    const x = anchor.x + distance * Math.cos(a);
    const y = anchor.y + distance * Math.sin(a);
    const clear = balls.every((b) => (b.x - x) ** 2 + (b.y - y) ** 2 >= D * D - 1e-12);
    if (clear && x >= R && x <= LENGTH - R && y >= R && y <= WIDTH - R) placed = { id: 0, x, y };
  }
  const cue = placed ?? { id: 0, x: cx, y: cy - 4 * pitch };
  const toward = Math.atan2(anchor.y - cue.y, anchor.x - cue.x) + between(random, -0.6, 0.6);
  return {
    kind: 'cluster',
    balls: [cue, ...balls],
    strike: {
      ball: 0,
      speed: speed(random),
      direction: { x: Math.cos(toward), y: Math.sin(toward) },
      ...tip(random),
      elevationDeg: between(random, 30, 80),
    },
  };
}
