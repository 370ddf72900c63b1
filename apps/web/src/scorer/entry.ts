/**
 * What the referee has tapped so far for one shot, and the action JSON it becomes. The entry
 * only records what was seen; whether it is legal or possible is the referee's to say when the
 * action is submitted. Every change returns a new entry (the form state is plain data).
 */
import {
  type BallId,
  COLOURED,
  checkShotIntent,
  type MatchState,
  RULEBOOKS,
  type ShotIntent,
  type ShotTemplate,
  type StrokeFoul,
} from '@pyramid/rules';
import type { PocketId } from '@pyramid/table';

/** How many cushion contacts after the first contact (п.20): 2 stands for "two or more". */
export type CushionCount = 0 | 1 | 2;

export interface ShotEntry {
  /** Free: the ball chosen as the cue ball (null until tapped). Fixed to the coloured ball otherwise. */
  readonly cueBall: BallId | null;
  /** Classic: the called ball and pocket. */
  readonly callBall: BallId | null;
  readonly callPocket: PocketId | null;
  /**
   * The cue ball's first contact: `auto` = it hit an object ball and which one does not matter
   * (see `firstContactBall`), `none` = it touched no object ball (29.1(1)), or the ball named.
   */
  readonly firstContact: 'auto' | 'none' | BallId;
  /** Balls that fell, in the order they fell. */
  readonly pocketed: readonly { readonly ball: BallId; readonly pocket: PocketId }[];
  /** Balls that jumped off the table (29.1(10)). */
  readonly offTable: readonly BallId[];
  readonly cushions: CushionCount;
  /** The break: how many object balls reached a cushion (п.12.1). */
  readonly breakCushionBalls: number;
  /** Setting two-contacts-or-centre-line: a ball crossed the centre line after the first contact. */
  readonly centreLine: boolean;
  /** From hand from the house: the first ball hit lay in the house and the cue ball had not left it (п.21). */
  readonly hitInHouse: boolean;
  /**
   * From hand from the house: every object ball lay in the house when the cue ball was taken in hand
   * (п.21), so the shot is from the temporary house. Recorded as `objectBallsInHouse: "all"`.
   */
  readonly allInHouse: boolean;
  readonly strokeFouls: readonly StrokeFoul[];
}

export const EMPTY_ENTRY: ShotEntry = Object.freeze({
  cueBall: null,
  callBall: null,
  callPocket: null,
  firstContact: 'auto',
  pocketed: [],
  offTable: [],
  cushions: 0,
  breakCushionBalls: 0,
  centreLine: false,
  hitInHouse: false,
  allInHouse: false,
  strokeFouls: [],
});

/** Whether the shot is from hand from the house, where the referee may say every object ball lies in the house (п.21). */
export function offersAllInHouse(template: ShotTemplate): boolean {
  return template.inHand === 'house' && template.kind !== 'break';
}

/**
 * Whether the referee would take the striker's choice `change` (a cue ball, a call, that every
 * object ball lies in the house) with the entry's other choices: its `checkShotIntent`, the same
 * check it makes of the shot when it is submitted. The form greys out what it would refuse.
 */
export function choiceAllowed(
  state: MatchState,
  template: ShotTemplate,
  entry: ShotEntry,
  change: Partial<ShotIntent>,
): boolean {
  const intent: ShotIntent = {
    cueBall: entry.cueBall ?? template.cueBalls[0] ?? COLOURED,
    call: null,
    placement: null,
    ...change,
  };
  return checkShotIntent(state, intent).ok;
}

/** A fresh entry for a shot: the cue ball is preset when the rules leave no choice. */
export function newEntry(template: ShotTemplate): ShotEntry {
  const only = template.cueBalls.length === 1 ? template.cueBalls[0]! : null;
  return { ...EMPTY_ENTRY, cueBall: only };
}

/** Records that `ball` fell into `pocket` (a ball already entered as fallen or jumped moves to the end). */
export function addPocketed(entry: ShotEntry, ball: BallId, pocket: PocketId): ShotEntry {
  return {
    ...entry,
    pocketed: [...entry.pocketed.filter((p) => p.ball !== ball), { ball, pocket }],
    offTable: entry.offTable.filter((b) => b !== ball),
  };
}

export function addJumped(entry: ShotEntry, ball: BallId): ShotEntry {
  return {
    ...entry,
    pocketed: entry.pocketed.filter((p) => p.ball !== ball),
    offTable: [...entry.offTable.filter((b) => b !== ball), ball],
  };
}

/** Takes back whatever was entered for `ball` (fallen or jumped). */
export function removeBall(entry: ShotEntry, ball: BallId): ShotEntry {
  return {
    ...entry,
    pocketed: entry.pocketed.filter((p) => p.ball !== ball),
    offTable: entry.offTable.filter((b) => b !== ball),
  };
}

export function toggleStrokeFoul(entry: ShotEntry, foul: StrokeFoul): ShotEntry {
  const on = entry.strokeFouls.includes(foul);
  return {
    ...entry,
    strokeFouls: on ? entry.strokeFouls.filter((f) => f !== foul) : [...entry.strokeFouls, foul],
  };
}

/**
 * The first contact to report. The referee needs an object ball that was on the table when the
 * first contact is not named: at a real table nobody writes down which ball was hit first, and
 * without positions the referee's ruling does not depend on which one it was (only on whether
 * there was one, and on `firstContactInHouse`, entered separately). The first object ball that
 * fell is the natural choice, else the lowest-numbered object ball on the table.
 */
export function firstContactBall(entry: ShotEntry, state: MatchState, cueBall: BallId): BallId | null {
  if (entry.firstContact === 'none') return null;
  if (entry.firstContact !== 'auto') return entry.firstContact;
  const fell = entry.pocketed.find((p) => p.ball !== cueBall);
  if (fell !== undefined) return fell.ball;
  return state.table.find((ball) => ball !== cueBall) ?? null;
}

/**
 * The break's cushion count as distinct object balls (the referee counts balls, п.12.1). Which
 * balls they were is not observed at the table and does not change the ruling.
 */
function breakBalls(count: number, state: MatchState, cueBall: BallId): BallId[] {
  return state.table.filter((ball) => ball !== cueBall).slice(0, count);
}

/** The shot as the record stores it (docs/match-record.md). */
export function shotAction(entry: ShotEntry, state: MatchState, template: ShotTemplate): unknown {
  const cueBall = entry.cueBall ?? (template.cueBalls.length === 1 ? template.cueBalls[0]! : COLOURED);
  const first = firstContactBall(entry, state, cueBall);
  const facts: Record<string, unknown> = { firstContact: first };
  if (entry.pocketed.length > 0) facts.pocketed = entry.pocketed;
  if (entry.offTable.length > 0) facts.offTable = entry.offTable;
  if (template.kind === 'break') {
    facts.breakCushionBalls = breakBalls(entry.breakCushionBalls, state, cueBall);
  } else if (first !== null) {
    // п.20 counts contacts, not which ball made them: the first contacted ball stands for each.
    if (entry.cushions > 0) facts.cushionsAfterContact = Array.from({ length: entry.cushions }, () => first);
    if (entry.centreLine) facts.centreLineCrossed = [first];
  }
  const allInHouse = offersAllInHouse(template) && entry.allInHouse;
  // From the temporary house every ball lies in the house: п.21's restriction has nothing to judge.
  if (entry.hitInHouse && template.inHand === 'house' && !allInHouse) facts.firstContactInHouse = true;
  if (entry.strokeFouls.length > 0) facts.strokeFouls = entry.strokeFouls;
  const callBall = entry.callBall;
  const callPocket = entry.callPocket;
  return {
    type: 'shot',
    player: template.player,
    // The record names the cue ball where any ball may be it (Free 5.1: required after the break), and
    // omits the default otherwise. A cue ball not yet chosen is left out, so the referee names what is missing.
    ...(RULEBOOKS[state.variant].anyBallIsCueBall && template.kind !== 'break' && entry.cueBall !== null
      ? { cueBall }
      : {}),
    ...(callBall !== null && callPocket !== null ? { call: { ball: callBall, pocket: callPocket } } : {}),
    ...(allInHouse ? { objectBallsInHouse: 'all' } : {}),
    facts,
  };
}
