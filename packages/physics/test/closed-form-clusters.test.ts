/**
 * Touching clusters struck at one instant (docs/physics.md, "Robustness"): the collisions inside a
 * cluster go on pair by pair, so momentum is kept and energy is lost only by the restitution and
 * friction the model states. Before, a cluster that kept colliding was settled as one body (and a
 * slow contact finished both slides at once), which took most of a tight rack's energy.
 *
 * Closed form (Newton's cradle with restitution e, equal masses, sequential collisions): ball 0 at
 * v meets a frozen line of N − 1 balls. Each collision down the line passes (1 + e)/2 of the
 * incoming speed on and keeps (1 − e)/2, and the ball ahead is then always faster than the one
 * behind it, so the far ball leaves first and for good, at ((1 + e)/2)^(N − 1) v. The balls behind
 * collide again among themselves until none closes; whatever order that takes, the momentum m·v
 * stays and the energy can only fall. Balls struck head-on without spin slide straight: the
 * ball–ball friction and the cloth act only along the line, so the speeds along x are the 1D ones.
 */
import { describe, expect, it } from 'vitest';
import type { BallSetup } from '../src/ball-setup.js';
import type { BallState } from '../src/state.js';
import { D, expectClose, IDEAL, INFINITE, P, R, run, X0, Y0 } from './helpers.js';

const kinetic = (balls: readonly BallState[]): number =>
  balls.reduce(
    (sum, b) =>
      sum +
      0.5 * P.m * (b.v[0] ** 2 + b.v[1] ** 2 + b.v[2] ** 2) +
      0.2 * P.m * R * R * (b.w[0] ** 2 + b.w[1] ** 2 + b.w[2] ** 2),
    0,
  );
const momentum = (balls: readonly BallState[]): [number, number] => [
  balls.reduce((sum, b) => sum + P.m * b.v[0], 0),
  balls.reduce((sum, b) => sum + P.m * b.v[1], 0),
];

function line(count: number, v: number): BallSetup[] {
  return Array.from({ length: count }, (_, k) => ({
    id: k,
    x: X0 + k * D,
    y: Y0,
    ...(k === 0 ? { v: [v, 0, 0] as const } : {}),
  }));
}

/** The cloth's friction over dt takes at most μs g dt of each ball's speed: the momentum bound. */
const clothDrift = (count: number, dt: number) => count * P.m * P.muSlide * P.g * dt;

describe("Newton's cradle: a frozen line of equal balls with restitution e", () => {
  for (const [count, e] of [
    [5, 0.95],
    [12, 0.95],
    [16, 0.95],
    [10, 0.8],
  ] as const) {
    it(`${count} balls, e = ${e}: the far ball leaves at ((1 + e)/2)^${count - 1} v, momentum kept`, () => {
      const v = 2;
      const params = { ...P, eBall: e };
      const sim = run(line(count, v), null, INFINITE, params);
      const dt = 1e-9;
      const after = sim.trajectory.sample(dt);
      expectClose(after[count - 1]!.v[0], ((1 + e) / 2) ** (count - 1) * v, 1e-6);
      const [px, py] = momentum(after);
      expectClose(px, P.m * v, 0, clothDrift(count, dt) + 1e-12);
      expect(Math.abs(py)).toBeLessThan(1e-12);
      expect(kinetic(after)).toBeLessThanOrEqual(0.5 * P.m * v * v);
      // No two neighbours close any more, and nothing overlaps.
      for (let k = 0; k + 1 < count; k++) {
        expect(after[k]!.v[0]).toBeLessThanOrEqual(after[k + 1]!.v[0] + 1e-9);
        expect(after[k + 1]!.r[0] - after[k]!.r[0]).toBeGreaterThanOrEqual(D - 1e-9);
      }
    });
  }

  it('e = 1, no friction: the far ball takes v, every other ball stops (the ideal cradle)', () => {
    // The last contacts come a hair after t = 0 (rounding leaves gaps of ~1e-16 m): sample at 1 ns.
    const sim = run(line(6, 2), null, INFINITE, IDEAL);
    const after = sim.trajectory.sample(1e-9);
    expectClose(after[5]!.v[0], 2, 1e-8);
    for (let k = 0; k < 5; k++) expect(Math.abs(after[k]!.v[0])).toBeLessThan(1e-8);
  });
});

describe('a frozen triangle struck at its apex', () => {
  // Balls 1, 2, 3 touching each other (an equilateral triangle pointing at the cue ball), the cue
  // ball sliding into ball 1 along the axis at 4 m/s from 1 mm away.
  const h = Math.sqrt(3) * R;
  const balls: BallSetup[] = [
    { id: 0, x: X0 - D - 0.001, y: Y0, v: [4, 0, 0] },
    { id: 1, x: X0, y: Y0 },
    { id: 2, x: X0 + h, y: Y0 + R },
    { id: 3, x: X0 + h, y: Y0 - R },
  ];
  it('momentum is kept through the instant, energy only falls, and the back balls leave', () => {
    const sim = run(balls, null, INFINITE);
    const first = sim.events.find((e) => e.type === 'ball-ball')!.t;
    const before = sim.trajectory.sample(first);
    const dt = 1e-9;
    const after = sim.trajectory.sample(first + dt);
    const [px, py] = momentum(after);
    const [bx, by] = momentum(sim.trajectory.sample(first * (1 - 1e-12)));
    expectClose(px, bx, 0, clothDrift(4, dt) + 1e-12);
    expectClose(py, by, 0, clothDrift(4, dt) + 1e-12);
    expect(kinetic(after)).toBeLessThanOrEqual(kinetic(before) + 1e-12);
    // Each back ball moves away from the apex along x and to its own side.
    expect(after[2]!.v[0]).toBeGreaterThan(after[1]!.v[0]);
    expect(after[3]!.v[0]).toBeGreaterThan(after[1]!.v[0]);
    expect(after[2]!.v[1]).toBeGreaterThan(0);
    expect(after[3]!.v[1]).toBeLessThan(0);
    // Far more energy than the pack settled as one body could keep: P²/(2·4m).
    expect(kinetic(after)).toBeGreaterThan((2 * (px * px + py * py)) / (2 * 4 * P.m));
  });
});

describe('a struck rack of touching balls', () => {
  // A nine-ball diamond (rows 1, 2, 3, 2, 1 along x) racked with gap g between neighbours, the cue
  // ball sliding into the apex at 8 m/s. With g = 1 nm every contact is its own instant, resolved
  // pair by pair in time order (no guard ever acts); touching (g = 0) must come out the same within
  // the differences of collision order: the energy after the first 50 ms within 1 %.
  function diamond(gap: number): BallSetup[] {
    const rows = [1, 2, 3, 2, 1];
    const out: BallSetup[] = [{ id: 0, x: X0 - D - 0.001, y: Y0, v: [8, 0, 0] }];
    const dx = Math.sqrt(3) * (R + gap / 2);
    let id = 1;
    rows.forEach((count, r) => {
      for (let k = 0; k < count; k++)
        out.push({ id: id++, x: X0 + r * dx, y: Y0 + (k - (count - 1) / 2) * (D + gap) });
    });
    return out;
  }
  const energyAfter = (gap: number, dt: number) => {
    const sim = run(diamond(gap), null, INFINITE);
    const first = sim.events.find((e) => e.type === 'ball-ball')!.t;
    return { sim, first, e: kinetic(sim.trajectory.sample(first + dt)) };
  };
  it('touching keeps the energy of the sequential collisions after 50 ms, and the momentum through the instant', () => {
    const e0 = 0.5 * P.m * 64;
    const touching = energyAfter(0, 0.05);
    const apart = energyAfter(1e-9, 0.05);
    expect(touching.e).toBeLessThan(e0);
    expectClose(touching.e, apart.e, 0.01);
    // Through the instant (the cue ball slowed by the cloth on its way: compare with just before).
    const dt = 1e-9;
    const [px, py] = momentum(touching.sim.trajectory.sample(touching.first + dt));
    const [bx, by] = momentum(touching.sim.trajectory.sample(touching.first * (1 - 1e-12)));
    expectClose(px, bx, 0, clothDrift(10, dt) + 1e-12);
    expectClose(py, by, 0, clothDrift(10, dt) + 1e-12);
  });
});
