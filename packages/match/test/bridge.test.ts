/**
 * The bridge on real simulations: simple set-ups run through the simulator, and the facts a referee
 * would derive from them (first contact, pockets, cushions after contact, line crossings, rest
 * positions), checked against what happened and fed to the referee itself.
 */
import {
  factsFromSimulation,
  lineCrossings,
  shotEventsFromSimulation,
  timedShotEventsFromSimulation,
} from '@pyramid/match';
import {
  type BallSetup,
  boundaryOf,
  DEFAULT_PARAMS,
  type PhysicsParams,
  type Simulation,
  type Strike,
  simulate,
} from '@pyramid/physics';
import { apply, newMatch } from '@pyramid/rules';
import {
  buildTableGeometry,
  classicRack,
  isOnBed,
  PRESET_7FT,
  REGULATION_12FT,
  tableSpecOf,
} from '@pyramid/table';
import { describe, expect, it } from 'vitest';

const BOUNDARY_12 = boundaryOf(buildTableGeometry());

/** Runs the simulator on balls given in mm (the referee's units). */
function run(
  balls: readonly { id: number; x: number; y: number }[],
  strike: Strike,
  params: PhysicsParams = DEFAULT_PARAMS,
  boundary = BOUNDARY_12,
): Simulation {
  const setups: BallSetup[] = balls.map((b) => ({ id: b.id, x: b.x / 1000, y: b.y / 1000 }));
  const result = simulate(setups, strike, boundary, params);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** The position (mm) of a ball at time t, from the trajectory. */
function xAt(sim: Simulation, ball: number, t: number): number {
  const state = sim.trajectory.sample(t).find((b) => b.id === ball)!;
  return state.r[0] * 1000;
}

describe('a straight pot into the left middle pocket, with draw', () => {
  const strike: Strike = { ball: 0, speed: 2, angleDeg: 90, height: -0.3 };
  const sim = run(
    [
      { id: 0, x: 1775, y: 900 },
      { id: 1, x: 1775, y: 1500 },
    ],
    strike,
  );
  const facts = factsFromSimulation(sim, { cueBall: 0, isBreak: false, strike });

  it('contacts ball 1 first and pockets it in ML', () => {
    const events = shotEventsFromSimulation(sim, { cueBall: 0 });
    expect(events[0]).toEqual({ type: 'contact', balls: [0, 1] });
    expect(events).toContainEqual({ type: 'pocket', ball: 1, pocket: 'ML' });
    expect(facts.firstContact).toBe(1);
    expect(facts.pocketed).toEqual([{ ball: 1, pocket: 'ML' }]);
    expect(facts.offTable).toEqual([]);
    expect(facts.strokeFouls).toEqual([]);
    expect(facts.breakCushionBalls).toEqual([]);
    // Played along the centre line, never across a line: nothing crossed.
    expect(facts.centreLineCrossed).toEqual([]);
    expect(facts.cueBallLeftHouseFirst).toBe(false);
    expect(facts.firstContactInHouse).toBe(false);
  });

  it('leaves the cue ball drawn back, on the bed, where the simulator left it (mm)', () => {
    const cue = sim.final.find((b) => b.id === 0)!;
    expect(facts.positions).toEqual({ 0: { x: cue.r[0] * 1000, y: cue.r[1] * 1000 } });
    const at = facts.positions![0]!;
    expect(at.y).toBeLessThan(1500);
    expect(isOnBed(REGULATION_12FT, at)).toBe(true);
  });

  it('gives the stroke geometry: ball 1 straight ahead, 532 mm of gap', () => {
    expect(facts.stroke).not.toBeNull();
    expect(facts.stroke!.nearestBall).toBe(1);
    expect(facts.stroke!.gapMm).toBeCloseTo(600 - 68, 9);
    expect(facts.stroke!.angleDeg).toBeCloseTo(0, 9);
    expect(facts.frozenBalls).toEqual([]);
  });

  it('is a legal potting shot for the referee', () => {
    // A break from a scorer's facts, then this shot by the next player (positions left out: the
    // referee's table holds sixteen balls, the simulation two).
    const broken = apply(newMatch('free', { breaker: 0 }), {
      type: 'shot',
      player: 0,
      facts: { firstContact: 4, breakCushionBalls: [2, 3], cushionsAfterContact: [2, 3] },
    });
    if (!broken.ok) throw new Error(broken.error.message);
    const withoutPositions = factsFromSimulation(sim, { cueBall: 0, isBreak: false, positions: false });
    const shot = apply(broken.value.state, { type: 'shot', player: 1, cueBall: 0, facts: withoutPositions });
    if (!shot.ok) throw new Error(shot.error.message);
    expect(shot.value.ruling.verdict).toBe('legal');
    expect(shot.value.state.scores[1]).toBe(1);
  });

  it('omits the positions when asked, and reports a miscue as an improper strike', () => {
    expect(factsFromSimulation(sim, { cueBall: 0, isBreak: false, positions: false }).positions).toBeNull();
    const miscue = run(
      [
        { id: 0, x: 1775, y: 900 },
        { id: 1, x: 1775, y: 1500 },
      ],
      { ball: 0, speed: 3, angleDeg: 90, side: 0.6 },
    );
    expect(miscue.miscue).toBe(true);
    expect(factsFromSimulation(miscue, { cueBall: 0, isBreak: false }).strokeFouls).toEqual([
      'improper-strike',
    ]);
  });
});

describe('a cue ball from the house', () => {
  it('crosses the house line before it reaches a ball beyond it, at the exact time', () => {
    const sim = run(
      [
        { id: 0, x: 600, y: 887.5 },
        { id: 5, x: 1500, y: 887.5 },
      ],
      { ball: 0, speed: 2.5, angleDeg: 0 },
    );
    const timed = timedShotEventsFromSimulation(sim, { cueBall: 0 });
    const types = timed.map((e) => `${e.event.type}:${'ball' in e.event ? e.event.ball : e.event.balls}`);
    expect(types.slice(0, 2)).toEqual(['house-line:0', 'contact:0,5']);
    // The object ball runs on past the centre line after the contact.
    expect(types).toContain('centre-line:5');
    for (const entry of timed) {
      if (entry.event.type === 'house-line')
        expect(xAt(sim, entry.event.ball, entry.t)).toBeCloseTo(887.5, 6);
      if (entry.event.type === 'centre-line')
        expect(xAt(sim, entry.event.ball, entry.t)).toBeCloseTo(1775, 6);
    }
    for (let i = 1; i < timed.length; i++) expect(timed[i]!.t).toBeGreaterThanOrEqual(timed[i - 1]!.t);
    const facts = factsFromSimulation(sim, { cueBall: 0, isBreak: false });
    expect(facts.cueBallLeftHouseFirst).toBe(true);
    expect(facts.firstContact).toBe(5);
    expect(facts.firstContactInHouse).toBe(false);
    expect(facts.centreLineCrossed[0]).toBe(5);
  });

  it('does not leave the house to hit a ball inside it; the contact is in the house', () => {
    const sim = run(
      [
        { id: 0, x: 300, y: 887.5 },
        { id: 5, x: 700, y: 700 },
      ],
      { ball: 0, speed: 1.2, direction: { x: 400, y: -187.5 } },
    );
    const facts = factsFromSimulation(sim, { cueBall: 0, isBreak: false });
    expect(facts.firstContact).toBe(5);
    expect(facts.cueBallLeftHouseFirst).toBe(false);
    expect(facts.firstContactInHouse).toBe(true);
    const events = shotEventsFromSimulation(sim, { cueBall: 0 });
    const contact = events.findIndex((e) => e.type === 'contact');
    expect(events.slice(0, contact).some((e) => e.type === 'house-line')).toBe(false);
  });

  it('crosses a line both ways with draw, and the lines follow the table or the options', () => {
    // Screw back: the cue ball crosses x = 1000 going forward, then again coming back.
    const sim = run(
      [
        { id: 0, x: 800, y: 887.5 },
        { id: 3, x: 1300, y: 887.5 },
      ],
      { ball: 0, speed: 4, angleDeg: 0, height: -0.45 },
    );
    const crossings = lineCrossings(sim, 1000).filter((c) => c.ball === 0);
    expect(crossings.length).toBeGreaterThanOrEqual(2);
    for (const c of crossings) expect(xAt(sim, 0, c.t)).toBeCloseTo(1000, 6);
    const custom = shotEventsFromSimulation(sim, { cueBall: 0, houseLineX: 1000, centreLineX: 5000 });
    expect(custom.filter((e) => e.type === 'house-line' && e.ball === 0)).toHaveLength(crossings.length);
    expect(custom.some((e) => e.type === 'centre-line')).toBe(false);
    // The 7 ft table's markings: the house line at 495 mm, the centre line at 990 mm.
    const small = shotEventsFromSimulation(sim, { cueBall: 0, table: tableSpecOf(PRESET_7FT) });
    const count = (x: number) => lineCrossings(sim, x).length;
    expect(small.filter((e) => e.type === 'house-line')).toHaveLength(count(495));
    expect(small.filter((e) => e.type === 'centre-line')).toHaveLength(count(990));
    expect(count(990)).toBeGreaterThan(0);
  });

  it('rejects options that do not fit the simulation', () => {
    const sim = run([{ id: 0, x: 600, y: 887.5 }], { ball: 0, speed: 1, angleDeg: 0 });
    expect(() => shotEventsFromSimulation(sim, { cueBall: 4 })).toThrow(/not one of the simulated balls/);
    const other = run(
      [
        { id: 0, x: 600, y: 887.5 },
        { id: 4, x: 600, y: 500 },
      ],
      { ball: 4, speed: 1, angleDeg: 0 },
    );
    expect(() => shotEventsFromSimulation(other, { cueBall: 0 })).toThrow(/struck ball 4/);
  });
});

describe('a break', () => {
  const rack = classicRack(REGULATION_12FT, 0.5).map((b) => ({ id: b.ball, x: b.at.x, y: b.at.y }));
  const strike: Strike = { ball: 0, speed: 8, angleDeg: 0 };
  const sim = run([{ id: 0, x: 700, y: 887.5 }, ...rack], strike);
  const facts = factsFromSimulation(sim, { cueBall: 0, isBreak: true, strike });

  it('hits the apex ball first, after leaving the house, and sends several balls to a cushion', () => {
    expect(facts.firstContact).toBe(4);
    expect(facts.cueBallLeftHouseFirst).toBe(true);
    expect(facts.breakCushionBalls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(facts.breakCushionBalls).size).toBe(facts.breakCushionBalls.length);
    expect(facts.breakCushionBalls).not.toContain(0);
    // Every cushion event after the first contact is counted, in order.
    const events = shotEventsFromSimulation(sim, { cueBall: 0 });
    const first = events.findIndex((e) => e.type === 'contact');
    const cushions = events.slice(first).filter((e) => e.type === 'cushion');
    expect(facts.cushionsAfterContact).toEqual(cushions.map((e) => (e.type === 'cushion' ? e.ball : -1)));
    const jaws = sim.events.filter((e) => e.type === 'jaw').length;
    expect(cushions.length).toBe(sim.events.filter((e) => e.type === 'cushion').length + jaws);
    expect(facts.breakCushionBalls.length).toBeGreaterThan(0);
    const notBreak = factsFromSimulation(sim, { cueBall: 0, isBreak: false });
    expect(notBreak.breakCushionBalls).toEqual([]);
  });

  it('gives a position for every ball left on the bed and none for a pocketed one', () => {
    const pocketed = new Set(facts.pocketed.map((p) => p.ball));
    const onBed = sim.final.filter((b) => b.state !== 'pocketed' && b.state !== 'off-table').map((b) => b.id);
    expect(Object.keys(facts.positions!).map(Number)).toEqual([...onBed].sort((a, b) => a - b));
    for (const id of pocketed) expect(facts.positions![id]).toBeUndefined();
    for (const ball of sim.final) {
      const at = facts.positions![ball.id];
      if (at !== undefined) expect(at).toEqual({ x: ball.r[0] * 1000, y: ball.r[1] * 1000 });
    }
  });

  it('the referee accepts the facts of the break', () => {
    const state = newMatch('free', { breaker: 0 });
    const result = apply(state, {
      type: 'shot',
      player: 0,
      cueBall: 0,
      placement: { x: 700, y: 887.5 },
      facts,
    });
    expect(result.ok, JSON.stringify(result.ok ? null : result.error)).toBe(true);
  });

  it('is deterministic: the same set-up gives the same events and facts', () => {
    const again = run([{ id: 0, x: 700, y: 887.5 }, ...rack], strike);
    expect(again.hash).toBe(sim.hash);
    expect(factsFromSimulation(again, { cueBall: 0, isBreak: true, strike })).toEqual(facts);
  });
});

describe('frozen balls', () => {
  it('an object ball touching the cue ball at the strike is frozen to it', () => {
    const sim = run(
      [
        { id: 0, x: 1000, y: 887.5 },
        { id: 2, x: 1068, y: 887.5 },
        { id: 6, x: 1000, y: 1200 },
      ],
      { ball: 0, speed: 2, angleDeg: 0 },
    );
    const facts = factsFromSimulation(sim, { cueBall: 0, isBreak: false });
    expect(facts.frozenBalls).toEqual([2]);
    expect(facts.firstContact).toBe(2);
    expect(factsFromSimulation(sim, { cueBall: 0, isBreak: false, frozenBalls: [] }).frozenBalls).toEqual([]);
  });
});
