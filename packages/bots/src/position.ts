/**
 * Reading a referee state as a player: which balls lie where, what the next shot allows (cue balls,
 * ball in hand and where, object balls that may be hit first), and a quick judgement of a position —
 * the best chance a player has to pot a ball from it, by geometry alone.
 */
import { onSimulatorBed } from '@pyramid/match';
import {
  type BallId,
  COLOURED,
  finalShotOf,
  type InHand,
  type MatchState,
  type Player,
  RULEBOOKS,
  type ShotTerms,
} from '@pyramid/rules';
import type { Point } from '@pyramid/table';
import {
  type Ball,
  type BotTable,
  botTable,
  freeSpot,
  inHouse,
  type PotGeometry,
  potChance,
  potGeometry,
  unit,
} from './geometry.js';

/** The balls on the bed as the simulator will see them (a ball hanging in a pocket mouth moved onto the bed). */
export function ballsOf(state: MatchState, without: readonly BallId[] = []): Ball[] {
  const positions = state.positions;
  if (positions === null) return [];
  const list: { id: BallId; at: Point }[] = [];
  for (const id of state.table) {
    if (without.includes(id)) continue;
    const at = positions[id];
    if (at !== undefined) list.push({ id, at });
  }
  return onSimulatorBed(list, state.tableSize).map(({ id, at }) => ({ id, x: at.x, y: at.y }));
}

/** What a shot allows, from the striker's side. */
export interface ShotSituation {
  readonly variant: MatchState['variant'];
  /** The match's table. */
  readonly table: BotTable;
  readonly player: Player;
  readonly terms: ShotTerms;
  /** Balls on the bed (the cue ball in hand excluded). */
  readonly balls: readonly Ball[];
  /** Cue balls the striker may use (on the bed), or the ball in hand. */
  readonly cueBalls: readonly BallId[];
  readonly inHand: InHand | null;
  /** п.21: from the house, an object ball in the house may not be the first contact. */
  readonly houseRestricted: boolean;
}

export function situationOf(
  state: MatchState,
  player: Player,
  terms: ShotTerms,
  balls: readonly Ball[],
): ShotSituation {
  const inHand = terms.inHand;
  const cueBalls: BallId[] = terms.cueBall === 'choose' ? balls.map((b) => b.id) : [terms.cueBall];
  const onBed = inHand === null ? balls : balls.filter((b) => b.id !== terms.cueBall);
  return {
    variant: state.variant,
    table: botTable(state.tableSize),
    player,
    terms,
    balls: onBed,
    cueBalls,
    inHand,
    houseRestricted: inHand === 'house' && state.settings.fromHouseRestriction,
  };
}

/** The object balls `cueBall` may pot in this variant (the coloured ball is an object ball only in Free). */
export function objectsFor(s: ShotSituation, cueBall: BallId): Ball[] {
  return s.balls.filter(
    (b) =>
      b.id !== cueBall &&
      (RULEBOOKS[s.variant].anyBallIsCueBall || b.id !== COLOURED) &&
      !(s.houseRestricted && inHouse(s.table, b)),
  );
}

/** Whether `p` is a legal, clear place for the cue ball in hand in `area` of table `t`. */
export function placementOk(t: BotTable, area: InHand, p: Point, balls: readonly Ball[]): boolean {
  if (!freeSpot(t, p, balls, null, 1)) return false;
  switch (area) {
    case 'house':
      return p.x > 0 && p.x < t.marks.houseLineX - 0.5;
    case 'temporary-house':
      return p.x > t.marks.temporaryHouseLineX + 0.5 && p.x < t.length;
    case 'anywhere':
      return true;
  }
}

/** A fixed grid of placements covering `area`, plus spots straight behind every ball–pocket line. */
export function placementCandidates(area: InHand, s: ShotSituation, cueBall: BallId): Point[] {
  const out: Point[] = [];
  const t = s.table;
  const { r: R, d: D, marks } = t;
  const x0 = area === 'temporary-house' ? marks.temporaryHouseLineX + 1 : R + 1;
  const x1 = area === 'house' ? marks.houseLineX - 1 : t.length - R - 1;
  const nx = area === 'anywhere' ? 12 : 5;
  const ny = area === 'anywhere' ? 7 : 6;
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) {
      const p = { x: x0 + ((i + 0.5) * (x1 - x0)) / nx, y: R + 1 + ((j + 0.5) * (t.width - D - 2)) / ny };
      if (placementOk(t, area, p, s.balls)) out.push(p);
    }
  }
  // Straight pots: the cue ball on the line from the pocket through the object ball, behind the ghost.
  for (const object of objectsFor(s, cueBall)) {
    for (const pocket of t.pockets) {
      const dir = unit(pocket.mouth, object);
      for (const back of [120, 260, 450, 700]) {
        const p = { x: object.x + dir.x * (D + back), y: object.y + dir.y * (D + back) };
        if (placementOk(t, area, p, s.balls)) out.push(p);
      }
    }
  }
  return out;
}

/** Every geometric pot for the situation, from a given cue ball position. */
export function potsFrom(s: ShotSituation, cue: Ball): PotGeometry[] {
  const pots: PotGeometry[] = [];
  const all = [...s.balls.filter((b) => b.id !== cue.id), cue];
  for (const object of objectsFor(s, cue.id)) {
    for (const pocket of s.table.pockets) {
      const g = potGeometry(s.table, cue, object, pocket, all);
      if (g !== null) pots.push(g);
    }
  }
  return pots;
}

/** The best chance to pot a ball in the situation (over cue balls, and placements when in hand). */
export function bestChance(s: ShotSituation, aimSigmaDeg: number, placements = 24): number {
  let best = 0;
  const consider = (cue: Ball) => {
    for (const g of potsFrom(s, cue)) {
      const p = potChance(g, aimSigmaDeg);
      if (p > best) best = p;
    }
  };
  if (s.inHand !== null) {
    const cueBall = s.cueBalls[0] ?? COLOURED;
    const spots = placementCandidates(s.inHand, s, cueBall);
    // Keep the evaluation cheap: the straight-line spots first (they are the good ones), then the grid.
    const ordered = spots.length > placements ? [...spots.slice(-placements)] : spots;
    for (const at of ordered) consider({ id: cueBall, x: at.x, y: at.y });
    return best;
  }
  for (const id of s.cueBalls) {
    const cue = s.balls.find((b) => b.id === id);
    if (cue !== undefined) consider(cue);
  }
  return best;
}

/**
 * The terms of the next shot a player gets from `state`, looking through a pending decision (a
 * penalty or exchange ball does not move the cue ball; the Dynamic option is judged by its better
 * branch, so both are returned). Null when the match is over or a lag is due.
 */
export function nextShots(state: MatchState): { player: Player; terms: ShotTerms }[] {
  const turn = state.turn;
  switch (turn.kind) {
    case 'shot':
      return [{ player: turn.player, terms: turn.terms }];
    case 'decision': {
      const d = turn.decision;
      // Through any further decisions owed (an offence while deciding) to the shot they end in.
      const final = finalShotOf(turn);
      if (final === null) return [];
      if (d.kind === 'dynamic-option') {
        return [
          { player: final.player, terms: final.terms },
          {
            player: d.player,
            terms: {
              kind: 'penalty',
              cueBall: COLOURED,
              inHand: 'anywhere',
              objectBallsOnly: true,
              callRequired: false,
            },
          },
        ];
      }
      return [{ player: final.player, terms: final.terms }];
    }
    default:
      return [];
  }
}

/** The player to act next in `state`, or null when nobody is (match over, lag). */
export function actor(state: MatchState): Player | null {
  const turn = state.turn;
  if (turn.kind === 'shot') return turn.player;
  if (turn.kind === 'decision') return turn.decision.player;
  return null;
}

/** The best chance of the player to act in `state` (0 when none). */
export function chanceAt(state: MatchState, aimSigmaDeg: number, placements = 16): number {
  const shots = nextShots(state);
  if (shots.length === 0) return 0;
  const balls = ballsOf(state);
  let best = 0;
  for (const { player, terms } of shots) {
    best = Math.max(best, bestChance(situationOf(state, player, terms, balls), aimSigmaDeg, placements));
  }
  return best;
}

/** The ordinary shot a player would get from the position as it stands (after his opponent misses). */
export function ordinaryTerms(state: MatchState): ShotTerms {
  return RULEBOOKS[state.variant].ordinary.terms;
}
