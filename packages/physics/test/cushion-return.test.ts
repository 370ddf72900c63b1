/**
 * When a ball comes back to the cushion it has just left (issue 29, fidelity: "a long
 * multi-cushion shot takes an extra cushion contact at its end"), against closed forms.
 *
 * After a cushion contact the ball slides on the cloth: its contact point slips at
 * u = (v_x − R w_y, v_y + R w_x), friction −μs g û keeps û fixed and removes u at 7/2 μs g, so the
 * slide ends after τ = 2|u|/(7 μs g) with the ball rolling at v − (2/7) u (research notes §1.2). The
 * ball heads back into the cushion iff that rolling velocity points into it: its spin about the
 * cushion's axis must outweigh 5/2 of its rebound speed. With Mathavan 2010 (the default) a ball
 * that arrives rolling, or with up to twice the rolling top spin, never does — the cushion's and the
 * cloth's friction take enough of that spin — whatever the incidence, side spin or speed; one that
 * arrives with much more (about 2.2–3.1 × rolling, more at square hits: what a jaw rattle leaves,
 * the spin of the run into the pocket kept while the jaws turn the ball) does, and the simulator
 * brings it back at the closed-form time.
 */
import { describe, expect, it } from 'vitest';
import { resolveCushionMathavan } from '../src/cushion-mathavan.js';
import { expectClose, L, P, R, rad, rolling, run, sampleOf, stateOf, W } from './helpers.js';

const muSg = P.muSlide * P.g;
const murg = P.muRoll * P.g;

/**
 * A ball on the cloth meeting a cushion whose inward normal is −x (the back cushion), at `incidence`
 * degrees from the normal, speed v, top spin kTop × rolling, side spin R w_z = kSide v; returns the
 * state after Mathavan's contact.
 */
function afterContact(v: number, incidence: number, kTop: number, kSide: number): Float64Array {
  const a = rad(incidence);
  const vx = v * Math.cos(a);
  const vy = v * Math.sin(a);
  const s = stateOf([{ v: [vx, vy, 0], w: [(-vy / R) * kTop, (vx / R) * kTop, (kSide * v) / R] }]);
  expect(resolveCushionMathavan(s, 0, -1, 0, P, false)).toBe(true);
  return s;
}

/** The x velocity (into the back cushion: +) the ball rolls on with once its slide has ended. */
function rollingAwayX(s: Float64Array): number {
  const ux = s[3]! - R * s[7]!;
  return s[3]! - (2 / 7) * ux;
}

describe('Mathavan 2010: a ball arriving rolling leaves the cushion for good (closed form of the slide)', () => {
  it('rolling and up to twice the rolling top spin, any side spin, incidence 0–89°, 0.02–3 m/s', () => {
    let contacts = 0;
    let closest = Number.NEGATIVE_INFINITY;
    for (const v of [0.02, 0.05, 0.2, 1, 3]) {
      for (let incidence = 0; incidence <= 89; incidence++) {
        for (const kTop of [1, 1.5, 2]) {
          for (const kSide of [-1, -0.5, 0, 0.5, 1]) {
            const s = afterContact(v, incidence, kTop, kSide);
            expect(s[3]!).toBeLessThan(0); // the rebound leaves the cushion
            // As a fraction of the speed it came in with along the normal.
            closest = Math.max(closest, rollingAwayX(s) / (v * Math.cos(rad(incidence))));
            contacts++;
          }
        }
      }
    }
    expect(contacts).toBe(5 * 90 * 3 * 5);
    // Every one rolls on away from the cushion (−x); the closest call (twice the rolling spin)
    // still at about 4 % of the speed it came in with along the normal.
    expect(closest).toBeLessThan(-0.02);
  });

  it('the condition is not empty: four times the rolling top spin heads back into the cushion', () => {
    for (const incidence of [0, 30, 60, 85]) {
      const s = afterContact(0.3, incidence, 4, 0);
      expect(s[3]!).toBeLessThan(0);
      expect(rollingAwayX(s)).toBeGreaterThan(0);
    }
  });
});

describe('the simulator: slow rolling hits meet the back cushion once', () => {
  for (const incidence of [30, 60, 80, 87]) {
    for (const v of [0.05, 0.2, 1]) {
      it(`rolling at ${v} m/s, ${incidence}° from the normal: the next cushion is another one`, () => {
        const a = rad(incidence);
        const sim = run([rolling(0, L - R - 0.0005, W / 2, v * Math.cos(a), v * Math.sin(a))], null);
        const walls = sim.events.filter((e) => e.type === 'cushion' || e.type === 'jaw');
        expect(walls[0]).toMatchObject({ type: 'cushion', cushion: 'back' });
        if (walls[1] !== undefined) expect(walls[1]).not.toMatchObject({ type: 'cushion', cushion: 'back' });
      });
    }
  }
});

describe('the simulator: an overspun ball comes back at the closed-form time', () => {
  // A square hit at 0.3 m/s with four times the rolling top spin, 0.5 mm from the contact: the
  // state after the contact is Mathavan's output for the state before it; from there the slide and
  // then the roll (closed forms above, rolling resistance μr g) bring it back to the nose line.
  it('the rebound is the model output, the return is the kinematics of the slide and the roll', () => {
    const v = 0.3;
    const sim = run([{ id: 0, x: L - R - 0.0005, y: W / 2, v: [v, 0, 0], w: [0, (4 * v) / R, 0] }], null);
    const walls = sim.events.filter((e) => e.type === 'cushion');
    expect(walls.length).toBeGreaterThanOrEqual(2);
    expect(walls[0]).toMatchObject({ cushion: 'back' });
    expect(walls[1]).toMatchObject({ cushion: 'back' });
    const t1 = walls[0]!.t;
    const before = sampleOf(sim, t1 - 1e-12, 0);
    const after = sampleOf(sim, t1, 0);
    expect(before.state).toBe('sliding');
    const s = stateOf([{ v: before.v, w: before.w }]);
    expect(resolveCushionMathavan(s, 0, -1, 0, P, false)).toBe(true);
    for (let k = 0; k < 3; k++) {
      expectClose(after.v[k]!, s[3 + k]!, 1e-9, 1e-9, `v[${k}]`);
      expectClose(after.w[k]!, s[6 + k]!, 1e-9, 1e-7, `w[${k}]`);
    }
    // The slide: x(t) = x1 + v_x t + ½ a_x t², a = −μs g û; it ends at τ.
    const vx = after.v[0]!;
    const ux = after.v[0]! - R * after.w[1]!;
    const uy = after.v[1]! + R * after.w[0]!;
    const u = Math.hypot(ux, uy);
    const ax = (-muSg * ux) / u;
    const tau = (2 * u) / (7 * muSg);
    expect(vx).toBeLessThan(0);
    expect(ax).toBeGreaterThan(0);
    let back: number;
    if (-2 * vx < ax * tau) {
      back = (-2 * vx) / ax; // still sliding when it returns
    } else {
      // Rolling from τ on: straight, at |v_r| slowing by μr g, from x(τ) toward the nose line.
      const gap = -(vx * tau + 0.5 * ax * tau * tau);
      const vrx = vx + ax * tau;
      const vry = after.v[1]! + ((-muSg * uy) / u) * tau;
      const vr = Math.hypot(vrx, vry);
      const along = gap / (vrx / vr);
      back = tau + (vr - Math.sqrt(vr * vr - 2 * murg * along)) / murg;
    }
    expectClose(walls[1]!.t - t1, back, 1e-6, 0, 'return time');
  });
});
