/**
 * Candidate shots. A plan is what the striker means to do (pot this ball in that pocket, play the
 * cue ball into a pocket off a ball, play safe, break) with the aim it needs; strokes (speed and
 * tip) are tried per plan by the search.
 *
 * - Pots: every object ball × pocket by ghost-ball geometry (aim at the object ball's centre minus
 *   2R along the line from the pocket window's centre through it), cuts up to 80°, clear paths; in
 *   Free from every cue ball; in hand from the best placements.
 * - Свояк (Free, Combined, Dynamic where it scores): the cue ball sent into a pocket along the
 *   tangent line off an object ball (stun: the contact point where the tangent passes through the
 *   pocket's mouth, the Thales circle over object ball and pocket).
 * - Banks (master): the object ball off one long cushion into a corner or middle pocket (mirror image).
 * - Safeties (п.20): a full or thin contact on a ball, firm enough that two cushions follow.
 */
import { type BallId, type Call, COLOURED, classicValue, type MatchState, RULEBOOKS } from '@pyramid/rules';
import type { PocketId, Point } from '@pyramid/table';
import {
  angleBetween,
  type Ball,
  type BotTable,
  clearanceOf,
  dist,
  leastSpeed,
  MAX_CUT_DEG,
  type PotGeometry,
  pathClear,
  pocketWindow,
  potChance,
  potGeometry,
  signedAngle,
  unit,
  withinSigmas,
} from './geometry.js';
import type { LevelSpec } from './levels.js';
import { objectsFor, placementCandidates, potsFrom, type ShotSituation } from './position.js';

export type PlanKind = 'pot' | 'svoyak' | 'bank' | 'safety' | 'break';

export interface Plan {
  readonly kind: PlanKind;
  readonly cueBall: BallId;
  /** The cue ball's position (on the bed, or where it is placed in hand). */
  readonly cue: Point;
  readonly placement: Point | null;
  readonly call: Call | null;
  /** The ball meant to fall (the cue ball itself for a свояк), and where. */
  readonly ball: BallId | null;
  readonly pocket: PocketId | null;
  /** The ball the cue ball is aimed at first. */
  readonly first: BallId | null;
  /** Unit direction of the cue. */
  readonly aim: Point;
  /** Cue speeds to try, m/s. */
  readonly speeds: readonly number[];
  /** Tip offsets to try: [side, height]. */
  readonly spins: readonly (readonly [number, number])[];
  /** Estimated chance that the plan succeeds, by geometry. */
  readonly chance: number;
  /** Ranking score: chance × what success is worth. */
  readonly prior: number;
  /** The pot's ghost-ball geometry (for refining the aim), or null for other plans. */
  readonly geometry: PotGeometry | null;
}

/**
 * One Free point in the variant's points: 1, or 9 where balls score their value (Classic 3: about
 * a ball's worth, and 71 points to win against 8).
 */
export function pointUnit(variant: MatchState['variant']): number {
  return RULEBOOKS[variant].scoresByValue ? 9 : 1;
}

/** Points a pot of `ball` brings, in units of one Free point (Classic scaled by its 71-point target). */
export function ballWorth(variant: MatchState['variant'], ball: BallId): number {
  return RULEBOOKS[variant].scoresByValue ? classicValue(ball) / pointUnit(variant) : 1;
}

/** The call of `ball` into `pocket` where the variant takes one (Classic 5.2), else none. */
function classicCall(
  variant: MatchState['variant'],
  ball: BallId | null,
  pocket: PocketId | null,
): Call | null {
  if (!RULEBOOKS[variant].calls || ball === null || pocket === null) return null;
  return { ball, pocket };
}

function speedsFor(least: number, multipliers: readonly number[]): number[] {
  return multipliers.map((m) => Math.round(Math.min(8, Math.max(0.5, least * m)) * 100) / 100);
}

export function potPlan(s: ShotSituation, g: PotGeometry, level: LevelSpec, placement: Point | null): Plan {
  const chance = potChance(g, level.noise.aimDeg);
  return {
    kind: 'pot',
    cueBall: g.cue.id,
    cue: g.cue,
    placement,
    call: classicCall(s.variant, g.object.id, g.pocket.id),
    ball: g.object.id,
    pocket: g.pocket.id,
    first: g.object.id,
    aim: g.aim,
    speeds: speedsFor(leastSpeed(g), level.speeds),
    spins: level.spins,
    chance,
    prior: chance * (ballWorth(s.variant, g.object.id) + 0.3),
    geometry: g,
  };
}

/**
 * Whether pocketing the cue ball scores on this shot: not where it is a foul of its own (Classic
 * 5.5), nor on a shot that may pocket object balls only (Dynamic 5.2, 7(2)).
 */
export function svoyakPays(s: ShotSituation): boolean {
  return !RULEBOOKS[s.variant].pocketedCueBallFouls && !s.terms.objectBallsOnly;
}

/** Свояк plans: the cue ball off `object` into each pocket along the stun tangent line. */
export function svoyakPlans(s: ShotSituation, cue: Ball, level: LevelSpec, placement: Point | null): Plan[] {
  const plans: Plan[] = [];
  const t = s.table;
  const { r: R, d: D } = t;
  const clearance = clearanceOf(t);
  const all = [...s.balls.filter((b) => b.id !== cue.id), cue];
  for (const object of objectsFor(s, cue.id)) {
    if (dist(cue, object) > 1600) continue;
    for (const pocket of t.pockets) {
      const toMouth = dist(object, pocket.mouth);
      if (toMouth < D + 10 || toMouth > 1400) continue;
      const u = unit(object, pocket.mouth);
      const a = (D * D) / toMouth;
      const h = Math.sqrt(Math.max(0, D * D - a * a));
      for (const sign of [1, -1]) {
        const ghost = { x: object.x + u.x * a - u.y * h * sign, y: object.y + u.y * a + u.x * h * sign };
        const aim = unit(cue, ghost);
        const normal = { x: (object.x - ghost.x) / D, y: (object.y - ghost.y) / D };
        const cutDeg = angleBetween(aim, normal);
        if (cutDeg < 20 || cutDeg > 70) continue;
        const after = unit(ghost, pocket.mouth);
        // The tangent the cue ball leaves along must point at the pocket.
        const tangent = {
          x: aim.x - (aim.x * normal.x + aim.y * normal.y) * normal.x,
          y: aim.y - (aim.x * normal.x + aim.y * normal.y) * normal.y,
        };
        if (tangent.x * after.x + tangent.y * after.y <= 0) continue;
        const approach = signedAngle(pocket.axis, after);
        const w = pocketWindow(pocket.kind, approach);
        if (w.half <= 0) continue;
        if (ghost.x < R || ghost.x > t.length - R || ghost.y < R || ghost.y > t.width - R) continue;
        if (!pathClear(cue, ghost, all, cue.id, object.id, clearance)) continue;
        if (!pathClear(ghost, pocket.mouth, all, cue.id, object.id, clearance)) continue;
        const d1 = dist(cue, ghost);
        const d2 = dist(ghost, pocket.mouth);
        const tolerance =
          ((w.half / Math.max(d2, 30)) * D * Math.cos((cutDeg * Math.PI) / 180)) / Math.max(d1, 30);
        // The tangent line is only a stun's path: spin and speed bend it, so a свояк is rated lower than a pot.
        const chance = 0.6 * withinSigmas(tolerance / ((level.noise.aimDeg * Math.PI) / 180));
        const least = Math.min(
          8,
          Math.max(
            1,
            (Math.sqrt(0.09 + (0.2 * (d1 + d2)) / 1000) * 1.6) / Math.sin((cutDeg * Math.PI) / 180),
          ),
        );
        plans.push({
          kind: 'svoyak',
          cueBall: cue.id,
          cue,
          placement,
          call: null,
          ball: cue.id,
          pocket: pocket.id,
          first: object.id,
          aim,
          speeds: speedsFor(least, [1, 1.5]),
          spins: [
            [0, -0.15],
            [0, -0.35],
          ],
          chance,
          prior: chance * 1.2,
          geometry: null,
        });
      }
    }
  }
  return plans;
}

/** Banks off one long cushion: the pocket mirrored in the cushion's nose line (moved in by R). */
export function bankPlans(s: ShotSituation, cue: Ball, level: LevelSpec, placement: Point | null): Plan[] {
  const plans: Plan[] = [];
  const table = s.table;
  const { r: R, length: LENGTH, width: WIDTH } = table;
  const all = [...s.balls.filter((b) => b.id !== cue.id), cue];
  for (const object of objectsFor(s, cue.id)) {
    for (const pocket of table.pockets) {
      // Mirror across the far long cushion: a ball near y = 0 banks off y = W, and the other way round.
      const railY = pocket.mouth.y > WIDTH / 2 ? R : WIDTH - R;
      const mirrored = { x: pocket.mouth.x, y: 2 * railY - pocket.mouth.y };
      const g = potGeometry(
        table,
        cue,
        object,
        { ...pocket, mouth: mirrored, axis: { x: pocket.axis.x, y: -pocket.axis.y } },
        all,
      );
      if (g === null || g.cutDeg > 45) continue;
      // The real path: object → cushion point → pocket, both legs clear.
      const dir = unit(object, mirrored);
      const t = (railY - object.y) / dir.y;
      if (!(t > 0)) continue;
      const bounce = { x: object.x + dir.x * t, y: railY };
      if (bounce.x < 120 || bounce.x > LENGTH - 120 || Math.abs(bounce.x - LENGTH / 2) < 120) continue;
      if (!pathClear(bounce, pocket.mouth, all, object.id, cue.id, clearanceOf(table))) continue;
      const chance = 0.35 * potChance(g, level.noise.aimDeg);
      if (chance < 0.02) continue;
      plans.push({
        kind: 'bank',
        cueBall: cue.id,
        cue,
        placement,
        call: classicCall(s.variant, object.id, pocket.id),
        ball: object.id,
        pocket: pocket.id,
        first: object.id,
        aim: g.aim,
        speeds: speedsFor(leastSpeed(g) * 1.3, level.speeds),
        spins: [[0, 0]],
        chance,
        prior: chance * (ballWorth(s.variant, object.id) + 0.3),
        geometry: null,
      });
    }
  }
  return plans;
}

/**
 * Safeties: contacts on a ball (full, and thin on either side) from the cue ball, at speeds that
 * send balls to two cushions (п.20). Ranked by distance: a nearer contact is a surer one.
 */
export function safetyPlans(
  s: ShotSituation,
  cue: Ball,
  placement: Point | null,
  count: number,
  cuts: readonly number[] = [0, 55, -55],
): Plan[] {
  const plans: Plan[] = [];
  const t = s.table;
  const D = t.d;
  const clearance = clearanceOf(t);
  const all = [...s.balls.filter((b) => b.id !== cue.id), cue];
  const targets = s.balls
    .filter((b) => b.id !== cue.id && !(s.houseRestricted && b.x < t.marks.houseLineX))
    .map((b) => ({ b, d: dist(cue, b) }))
    .sort((p, q) => p.d - q.d || p.b.id - q.b.id);
  for (const { b, d } of targets) {
    if (plans.length >= count) break;
    const centre = unit(cue, b);
    for (const cutDeg of cuts) {
      // Aim so that the cue ball meets the ball at this cut: offset the ghost sideways.
      const c = (cutDeg * Math.PI) / 180;
      const off = D * Math.sin(c);
      const ghost = {
        x: b.x - centre.x * D * Math.cos(c) - centre.y * off,
        y: b.y - centre.y * D * Math.cos(c) + centre.x * off,
      };
      if (!pathClear(cue, ghost, all, cue.id, b.id, clearance)) continue;
      const aim = unit(cue, ghost);
      const speed = Math.min(7, 2 + d / 1000);
      plans.push({
        kind: 'safety',
        cueBall: cue.id,
        cue,
        placement,
        call: classicCall(s.variant, b.id === COLOURED ? null : b.id, nearestPocket(t, b)),
        ball: null,
        pocket: null,
        first: b.id,
        aim,
        speeds: [speed, speed * 1.5],
        spins: [[0, 0]],
        chance: 0,
        prior: 0,
        geometry: null,
      });
    }
  }
  return plans;
}

function distToFirst(s: ShotSituation, plan: Plan): number {
  const first = s.balls.find((b) => b.id === plan.first);
  return first === undefined ? Number.POSITIVE_INFINITY : dist(plan.cue, first);
}

function nearestPocket(t: BotTable, p: Point): PocketId {
  let best = t.pockets[0]!;
  for (const pocket of t.pockets) if (dist(pocket.mouth, p) < dist(best.mouth, p)) best = pocket;
  return best.id;
}

/** All plans for a shot (not a break), ranked, with placements chosen first when the cue ball is in hand. */
export function shotPlans(
  s: ShotSituation,
  level: LevelSpec,
  placementBudget: number,
): { plans: Plan[]; safeties: Plan[] } {
  const cues: { cue: Ball; placement: Point | null }[] = [];
  if (s.inHand !== null) {
    const cueBall = s.cueBalls[0] ?? COLOURED;
    const spots = placementCandidates(s.inHand, s, cueBall);
    // Rate every spot by its best pot; keep the best few (ties by order: deterministic).
    const rated = spots
      .slice(0, placementBudget * 4)
      .map((at, i) => {
        let best = 0;
        for (const g of potsFrom(s, { id: cueBall, x: at.x, y: at.y }))
          best = Math.max(best, potChance(g, level.noise.aimDeg));
        return { at, best, i };
      })
      .sort((a, b) => b.best - a.best || a.i - b.i);
    for (const { at } of rated.slice(0, Math.max(2, Math.ceil(placementBudget / 12)))) {
      cues.push({ cue: { id: cueBall, x: at.x, y: at.y }, placement: at });
    }
  } else {
    for (const id of s.cueBalls) {
      const b = s.balls.find((ball) => ball.id === id);
      if (b !== undefined) cues.push({ cue: b, placement: null });
    }
  }
  const plans: Plan[] = [];
  for (const { cue, placement } of cues) {
    for (const g of potsFrom(s, cue))
      if (g.cutDeg <= MAX_CUT_DEG) plans.push(potPlan(s, g, level, placement));
    if (level.svoyak && svoyakPays(s)) plans.push(...svoyakPlans(s, cue, level, placement));
    if (level.banks) plans.push(...bankPlans(s, cue, level, placement));
  }
  plans.sort((a, b) => b.prior - a.prior || a.cueBall - b.cueBall || (a.first ?? 0) - (b.first ?? 0));
  // Safeties: the nearest contacts over every cue ball, a few in all.
  const safeties: Plan[] = [];
  for (const { cue, placement } of cues.slice(0, s.inHand === null ? cues.length : 1)) {
    safeties.push(
      ...(level.thorough
        ? safetyPlans(s, cue, placement, 8, [0, 35, -35, 65, -65])
        : safetyPlans(s, cue, placement, 2)),
    );
  }
  const near = (p: Plan) => distToFirst(s, p);
  safeties.sort((a, b) => near(a) - near(b) || a.cueBall - b.cueBall || (a.first ?? 0) - (b.first ?? 0));
  safeties.splice(level.thorough ? 16 : 3);
  return { plans, safeties };
}

/**
 * Break plans: from the house at the apex of the pyramid (the ball on the back spot), full and slightly
 * thin. The spots were chosen on the 12 ft table (700 mm up, 220 mm across) and scale with the table.
 */
export function breakPlans(s: ShotSituation, level: LevelSpec): Plan[] {
  const t = s.table;
  const { d: D, marks } = t;
  const x = 700 * t.lengthScale;
  const across = 220 * t.widthScale;
  const apex = s.balls.reduce<Ball | null>(
    (best, b) =>
      best === null ||
      Math.abs(b.x - marks.backSpot.x) + Math.abs(b.y - marks.backSpot.y) <
        Math.abs(best.x - marks.backSpot.x) + Math.abs(best.y - marks.backSpot.y)
        ? b
        : best,
    null,
  );
  const target = apex ?? { id: 1, x: marks.backSpot.x, y: marks.backSpot.y };
  const spots: Point[] = level.thorough
    ? [
        { x, y: marks.frontSpot.y },
        { x, y: marks.frontSpot.y + across },
        { x, y: marks.frontSpot.y - across },
      ]
    : [{ x, y: marks.frontSpot.y }];
  const plans: Plan[] = [];
  for (const at of spots) {
    const offsets = level.thorough ? [0, 0.35 * D, -0.35 * D] : [0];
    for (const off of offsets) {
      const centre = unit(at, target);
      const aimAt = {
        x: target.x - centre.x * D - centre.y * off,
        y: target.y - centre.y * D + centre.x * off,
      };
      plans.push({
        kind: 'break',
        cueBall: COLOURED,
        cue: at,
        placement: at,
        call: null,
        ball: null,
        pocket: null,
        first: target.id,
        aim: unit(at, aimAt),
        speeds: level.thorough ? [4, 6.5, 9] : [7],
        spins: [[0, 0.2]],
        chance: 0,
        prior: 0,
        geometry: null,
      });
    }
  }
  return plans;
}
