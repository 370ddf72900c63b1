/**
 * Pockets as openings (docs/physics.md, "Pockets as openings"): a ball on the cloth falls when its
 * centre passes the slate's fall edge; centred on the edge or in front of it, at rest, it hangs (the
 * rules' hanging ball, a position the referee accepts); a ball in flight passes over the edge and is
 * pocketed only where it comes down inside the opening, or meets the pocket's back below the rail
 * top — over the rail top it passes over the pocket and leaves the table. Expected times from the
 * closed forms of rolling (x = v t − ½ μr g t²) and of flight (z = vz t − ½ g t²).
 */
import { restsOnTable } from '@pyramid/table';
import { describe, expect, it } from 'vitest';
import { validateShot } from '../src/validate.js';
import { expectClose, GEOMETRY, INFINITE, P, R, rolling, run, TABLE } from './helpers.js';

const murg = P.muRoll * P.g;
/** Time for a rolling ball at v0 to travel d (it must get there). */
const rollTime = (v0: number, d: number): number => (v0 - Math.sqrt(v0 * v0 - 2 * murg * d)) / murg;

const pocketOf = (id: string) => {
  const pocket = GEOMETRY.pockets.find((p) => p.id === id)!;
  const mm = 0.001;
  const m = { x: pocket.mouthCentre.x * mm, y: pocket.mouthCentre.y * mm };
  const u = pocket.axis;
  /** The point `depth` m behind the mouth line on the axis, shifted `lateral` m across it (left of u). */
  const at = (depth: number, lateral = 0) => ({
    x: m.x + u.x * depth - u.y * lateral,
    y: m.y + u.y * depth + u.x * lateral,
  });
  return {
    pocket,
    u,
    at,
    fall: pocket.fallDepth * mm,
    opening: pocket.openingDepth * mm,
    depthOf: (x: number, y: number) => (x - m.x) * u.x + (y - m.y) * u.y,
    lateralOf: (x: number, y: number) => -(x - m.x) * u.y + (y - m.y) * u.x,
  };
};

describe.each(['FR', 'MR', 'BL', 'ML'])('the %s pocket as an opening', (id) => {
  const g = pocketOf(id);

  it('a ball at rest centred on the fall edge hangs there: accepted, and nothing happens', () => {
    const edge = g.at(g.fall);
    expect(validateShot([{ id: 0, ...edge }], null, TABLE, P)).toBeNull();
    expect(restsOnTable(GEOMETRY, { x: edge.x * 1000, y: edge.y * 1000 })).toBe(true);
    const sim = run([{ id: 0, ...edge }], null);
    expect(sim.events).toEqual([]);
    expect(sim.final[0]).toMatchObject({ state: 'stationary', r: [edge.x, edge.y, R] });
  });

  it('a slow ball rolled straight through the throat falls when its centre passes the fall edge', () => {
    const start = 0.1;
    const v = 0.3;
    const from = g.at(-start);
    const sim = run([rolling(0, from.x, from.y, g.u.x * v, g.u.y * v)], null);
    expect(sim.events.map((e) => e.type)).toEqual(['pocket']);
    expect(sim.events[0]).toMatchObject({ ball: 0, pocket: id });
    expectClose(sim.events[0]!.t, rollTime(v, start + g.fall), 1e-9);
    expect(sim.final[0]).toMatchObject({ state: 'pocketed', where: id });
  });

  it('a ball that stops short of the fall edge, past the mouth line, hangs where the referee lets it rest', () => {
    const start = 0.05;
    // Stops after start + half the fall depth (on a middle pocket with no corridor: on the edge itself).
    const travel = start + g.fall / 2;
    const v = Math.sqrt(2 * murg * travel);
    const from = g.at(-start);
    const sim = run([rolling(0, from.x, from.y, g.u.x * v, g.u.y * v)], null);
    expect(sim.events.some((e) => e.type === 'pocket')).toBe(false);
    const end = sim.final[0]!;
    expect(end.state).toBe('stationary');
    expectClose(g.depthOf(end.r[0], end.r[1]), g.fall / 2, 0, 1e-9);
    expect(restsOnTable(GEOMETRY, { x: end.r[0] * 1000, y: end.r[1] * 1000 })).toBe(true);
    expect(validateShot([{ id: 0, x: end.r[0], y: end.r[1] }], null, TABLE, P)).toBeNull();
  });

  it('a ball a hair past the fall edge cannot be placed: it would have fallen', () => {
    const past = g.at(g.fall + 1e-5);
    expect(validateShot([{ id: 0, ...past }], null, TABLE, P)?.field).toBe('/balls/0');
    expect(restsOnTable(GEOMETRY, { x: past.x * 1000, y: past.y * 1000 })).toBe(false);
  });

  it('mirror shots into the left and right facings have mirrored outcomes (symmetry of the facings)', () => {
    let facings = 0;
    for (const [offset, angle] of [
      [0.002, 0.1],
      [0.0015, 0.25],
      [0.004, -0.05],
      [0.001, 0.35],
    ] as const) {
      const outcome = (sign: number) => {
        // Through the mouth line at `offset` across the axis, turned `angle` rad from it.
        const c = Math.cos(angle);
        const s = Math.sin(angle) * sign;
        const dir = { x: g.u.x * c - g.u.y * s, y: g.u.y * c + g.u.x * s };
        const cross = g.at(0, offset * sign);
        const from = { x: cross.x - dir.x * 0.2, y: cross.y - dir.y * 0.2 };
        const sim = run([rolling(0, from.x, from.y, dir.x * 1.5, dir.y * 1.5)], null);
        const end = sim.final[0]!;
        const d = g.depthOf(end.r[0], end.r[1]);
        const across = g.lateralOf(end.r[0], end.r[1]) * sign;
        return { sim, where: end.where ?? end.state, d, across, types: sim.events.map((e) => e.type) };
      };
      const left = outcome(1);
      const right = outcome(-1);
      expect(right.types).toEqual(left.types);
      expect(right.where).toBe(left.where);
      expectClose(right.d, left.d, 0, 1e-9);
      expectClose(right.across, left.across, 0, 1e-9);
      facings += left.sim.events.filter((e) => e.type === 'cushion' && e.cushion.endsWith('/facing')).length;
    }
    // Corner pockets have facings (a 5.5 mm corridor); the middle pockets none.
    if (id[0] !== 'M') expect(facings).toBeGreaterThan(0);
  });
});

describe('a flying ball and a pocket opening', () => {
  // A jump shot straight along the MR pocket's axis: the cue, elevated, drives the ball into the slate
  // and it leaves the cloth at once (strike bounce at t = 0). The flight, from the state right after the
  // strike, is the closed form z = R + vz t − ½ g t², plan position x0 + v t: it lands after 2 vz / g.
  const g = pocketOf('MR');
  const flight = (speed: number, elevationDeg: number) => {
    const free = run([{ id: 0, x: 10, y: 10 }], { ball: 0, speed, direction: g.u, elevationDeg }, INFINITE);
    const v = free.trajectory.sample(0)[0]!.v;
    const horizontal = Math.hypot(v[0], v[1]);
    return { vz: v[2], horizontal, T: (2 * v[2]) / P.g, range: (horizontal * 2 * v[2]) / P.g };
  };
  const strike = (speed: number, elevationDeg: number) => ({ ball: 0, speed, direction: g.u, elevationDeg });
  const heightAt = (vz: number, t: number) => vz * t - 0.5 * P.g * t * t;

  it('passes over the opening above the rail top and leaves the table: not captured', () => {
    const f = flight(4, 30);
    // Its apex over the middle of the opening; it would land far behind it, off the table.
    const apexDepth = g.fall + g.opening / 2;
    const from = g.at(apexDepth - f.range / 2);
    expect(heightAt(f.vz, f.T / 2)).toBeGreaterThan(P.railHeight);
    const sim = run([{ id: 0, ...from }], strike(4, 30));
    expect(sim.events.some((e) => e.type === 'pocket')).toBe(false);
    const off = sim.events.find((e) => e.type === 'off-table');
    expect(off).toMatchObject({ ball: 0, cushion: 'MR/opening' });
    // It leaves over the opening's back (fall + opening depth behind the mouth line): half the
    // opening after its apex, above the rail.
    expectClose(off!.t, f.T / 2 + g.opening / 2 / f.horizontal, 1e-9);
    expect(heightAt(f.vz, off!.t)).toBeGreaterThan(P.railHeight);
    expect(sim.final[0]!.state).toBe('off-table');
  });

  it('comes down inside the opening: captured at its landing, not where it crossed the fall edge', () => {
    const f = flight(4, 30);
    const landing = g.fall + g.opening / 2;
    const from = g.at(landing - f.range);
    const sim = run([{ id: 0, ...from }], strike(4, 30));
    const pocket = sim.events.find((e) => e.type === 'pocket');
    expect(pocket).toMatchObject({ ball: 0, pocket: 'MR' });
    expectClose(pocket!.t, f.T, 1e-9);
    expect(sim.events.some((e) => e.type === 'bounce' && e.t > 0)).toBe(false);
    expect(sim.final[0]).toMatchObject({ state: 'pocketed', where: 'MR' });
  });

  it('below the rail top, a flight that would land beyond the opening meets the pocket back and drops in', () => {
    const f = flight(3, 20);
    expect(heightAt(f.vz, f.T / 2)).toBeLessThan(P.railHeight);
    // It would land 20 mm behind the opening's back.
    const back = g.fall + g.opening;
    const from = g.at(back + 0.02 - f.range);
    const sim = run([{ id: 0, ...from }], strike(3, 20));
    const pocket = sim.events.find((e) => e.type === 'pocket');
    expect(pocket).toMatchObject({ ball: 0, pocket: 'MR' });
    expectClose(pocket!.t, (f.range - 0.02) / f.horizontal, 1e-9);
    expect(sim.final[0]!.state).toBe('pocketed');
  });
});
