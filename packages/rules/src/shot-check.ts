/**
 * Checks a shot against the state before judging it, in two steps: what the striker chose
 * (`checkShotIntent`: cue ball, call, placement — askable before the stroke), then what the table
 * says happened (`checkShot`: facts that could have happened). Returns the normalised facts or an
 * error naming the field.
 */
import { err, ok, type Result } from '@pyramid/core';
import { POCKET_IDS, type Point } from '@pyramid/table';
import type { ShotAction, ShotIntent } from './actions.js';
import { type BallId, ballName, COLOURED, isBallId } from './balls.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { factsFromEvents, type ShotEvent, type ShotFacts } from './facts.js';
import { shotTurnWithHouseFact } from './house-fact.js';
import {
  firstOverlap,
  inHouse,
  overlapping,
  type Positions,
  placementAllowed,
  restsOnTable,
  withoutBalls,
} from './position.js';
import type { MatchState, ShotTerms, ShotTurn } from './state.js';
import type { TableSize } from './table-size.js';
import { rulebookOf } from './variants/index.js';

const EVENT_SIDE_FIELDS = ['strokeFouls', 'stroke', 'frozenBalls', 'positions'];

const AREA_TEXT = {
  house: 'inside the house',
  'temporary-house': 'inside the temporary house',
  anywhere: 'on the bed',
};

/** What `checkShotIntent` found: the turn the shot is judged under and the bed as the stroke starts. */
export interface CheckedIntent {
  /** The state's shot turn, or the same shot from the temporary house when the intent says so (п.21). */
  readonly turn: ShotTurn;
  /** Whether the intent's `objectBallsInHouse` moved the shot to the temporary house (the ruling says so). */
  readonly temporaryHouse: boolean;
  /** The positions before the stroke, the cue ball in hand at its placement; null when not known. */
  readonly positions: Positions | null;
}

/**
 * Checks what the striker chose before the stroke is played: a cue ball the rules allow (Free 5.1:
 * any ball on the table), a call only where one is taken (Classic 5.2) and of an object ball on the
 * table, a placement only for a ball in hand, inside its area (п.11, п.21) and clear of every ball.
 * The referee's own first step for every shot (`applyAction` begins with it), so a program that asks
 * it before a stroke — the server, the game, the scorer — is told exactly what the referee would say.
 */
export function checkShotIntent(state: MatchState, intent: ShotIntent): Result<CheckedIntent, RefereeError> {
  const turn = state.turn;
  if (turn.kind !== 'shot') {
    const waiting =
      turn.kind === 'match-over'
        ? refereeError('match-over', '', `the match is over: ${who(turn.winner)} won`)
        : turn.kind === 'lag'
          ? refereeError('lag-pending', '', 'a lag for the right to play is pending')
          : refereeError(
              'decision-pending',
              '',
              `a ${turn.decision.kind} decision by ${who(turn.decision.player)} is pending`,
            );
    return err(waiting);
  }
  const judged = shotTurnWithHouseFact(state, turn, intent);
  if (!judged.ok) return judged;
  const positions = checkChoices(state, judged.value.turn.terms, intent);
  if (!positions.ok) return positions;
  return ok({ turn: judged.value.turn, temporaryHouse: judged.value.changed, positions: positions.value });
}

/** The cue ball, call and placement against the shot's terms; the positions as the stroke starts. */
function checkChoices(
  state: MatchState,
  terms: ShotTerms,
  intent: ShotIntent,
): Result<Positions | null, RefereeError> {
  const cue = intent.cueBall;
  if (terms.cueBall === 'choose') {
    if (!state.table.includes(cue)) {
      return err(refereeError('ball-not-on-table', 'cueBall', `${ballName(cue, 'en')} is not on the table`));
    }
  } else if (cue !== terms.cueBall) {
    return err(
      refereeError(
        'illegal-cue-ball',
        'cueBall',
        `this shot must be played with ${ballName(terms.cueBall, 'en')}`,
      ),
    );
  } else if (terms.inHand === null && !state.table.includes(cue)) {
    return err(refereeError('ball-not-on-table', 'cueBall', `${ballName(cue, 'en')} is not on the table`));
  }

  if (terms.callRequired) {
    // Classic 5.2 «должен заранее указать»: a shot without a call is still a shot the table saw; it
    // is ruled as one with no called ball (Classic 5.3, 5.4), not refused (no §29.1 item covers it).
    if (intent.call !== null && (intent.call.ball === COLOURED || !state.table.includes(intent.call.ball))) {
      return err(
        refereeError(
          'ball-not-on-table',
          'call.ball',
          `${ballName(intent.call.ball, 'en')} is not an object ball on the table`,
        ),
      );
    }
  } else if (intent.call !== null) {
    return err(
      refereeError(
        'call-not-allowed',
        'call',
        rulebookOf(state).calls ? 'the break takes no call' : `${state.variant} pyramid takes no call`,
      ),
    );
  }

  const before = state.positions;
  if (intent.placement !== null) {
    if (terms.inHand === null) {
      return err(refereeError('placement-invalid', 'placement', 'the cue ball is not in hand on this shot'));
    }
    if (!placementAllowed(state.tableSize, terms.inHand, intent.placement)) {
      return err(
        refereeError(
          'placement-invalid',
          'placement',
          `the cue ball must be placed ${AREA_TEXT[terms.inHand]}`,
        ),
      );
    }
    if (before === null) return ok(null);
    const hit = overlapping(state.tableSize, before, intent.placement, cue);
    if (hit !== null) {
      return err(
        refereeError('placement-invalid', 'placement', `the cue ball would overlap ${ballName(hit, 'en')}`),
      );
    }
    return ok({ ...before, [cue]: intent.placement });
  }
  // The cue ball was placed somewhere unrecorded; the other balls' positions still judge the first contact.
  if (terms.inHand !== null) return ok(withoutBalls(before, [cue]));
  return ok(before);
}

/**
 * Checks a shot whose intent `checkShotIntent` has passed: the right player, and facts that could
 * have happened (every ball on the bed, none pocketed twice). Returns the normalised facts.
 */
export function checkShot(
  state: MatchState,
  intent: CheckedIntent,
  action: ShotAction,
): Result<ShotFacts, RefereeError> {
  const { terms } = intent.turn;
  const before = intent.positions;
  const cue = action.cueBall;
  // Balls as 16-bit masks: the check runs on every shot the bots simulate.
  let onBedMask = terms.inHand === null ? 0 : 1 << cue;
  for (const ball of state.table) onBedMask |= 1 << ball;
  const outcome = action.outcome;
  if ('events' in outcome) {
    const error = checkEvents(outcome.events, onBedMask);
    if (error !== null) return err(error);
  }
  const given: ShotFacts =
    'facts' in outcome
      ? outcome.facts
      : factsFromEvents(
          cue,
          outcome.events,
          {
            strokeFouls: outcome.strokeFouls ?? [],
            stroke: outcome.stroke ?? null,
            positions: outcome.positions ?? null,
            frozenBalls: outcome.frozenBalls ?? [],
          },
          state.settings.frozenBallCountsAsContact,
        );
  // п.5.3 setting: a ball frozen to the cue ball counts as its first contact.
  const facts: ShotFacts =
    given.firstContact === null && state.settings.frozenBallCountsAsContact && given.frozenBalls.length > 0
      ? { ...given, firstContact: given.frozenBalls[0]! }
      : given;
  const error = checkFacts(state.tableSize, facts, cue, onBedMask, 'facts' in outcome);
  if (error !== null) return err(error);
  if (facts.firstContactInHouse === null && facts.firstContact !== null && before !== null) {
    return ok({ ...facts, firstContactInHouse: inHouseAt(state.tableSize, before[facts.firstContact]) });
  }
  return ok(facts);
}

const has = (mask: number, ball: BallId): boolean => ((mask >> ball) & 1) === 1;

/** Every ball an event names is on the bed, and none after it has left the bed. */
function checkEvents(events: readonly ShotEvent[], onBedMask: number): RefereeError | null {
  let goneMask = 0;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const balls = event.type === 'contact' ? event.balls : [event.ball];
    for (let j = 0; j < balls.length; j++) {
      const ball = balls[j]!;
      const field = event.type === 'contact' ? `events[${i}].balls[${j}]` : `events[${i}].ball`;
      if (!has(onBedMask, ball))
        return refereeError('ball-not-on-table', field, `${ballName(ball, 'en')} is not on the table`);
      if (has(goneMask, ball)) {
        return refereeError(
          event.type === 'pocket' || event.type === 'off-table' ? 'ball-pocketed-twice' : 'impossible-facts',
          field,
          `${ballName(ball, 'en')} already left the bed earlier in this shot`,
        );
      }
    }
    if (event.type === 'contact' && event.balls[0] === event.balls[1]) {
      return refereeError('impossible-facts', `events[${i}].balls`, 'a ball cannot touch itself');
    }
    if (event.type === 'pocket' || event.type === 'off-table') goneMask |= 1 << event.ball;
  }
  return null;
}

/**
 * Field paths name the action's JSON: `facts.…`, or for facts derived from events the event list
 * itself (the side observations keep their own names). Built only when reporting an error.
 */
function factField(fromFacts: boolean, name: string): string {
  if (fromFacts) return `facts.${name}`;
  return EVENT_SIDE_FIELDS.some((field) => name.startsWith(field)) ? name : 'events';
}

/** The error for the first ball of the list `name` that is not on the bed before the shot, if any. */
function ballOffBed(
  name: string,
  balls: readonly BallId[],
  onBedMask: number,
  fromFacts: boolean,
): RefereeError | null {
  for (let i = 0; i < balls.length; i++) {
    if (!has(onBedMask, balls[i]!)) {
      return refereeError(
        'ball-not-on-table',
        factField(fromFacts, `${name}[${i}]`),
        `${ballName(balls[i]!, 'en')} is not on the table`,
      );
    }
  }
  return null;
}

/** Checks that the facts could have happened on a bed holding `onBedMask`; returns the first error. */
function checkFacts(
  size: TableSize,
  facts: ShotFacts,
  cue: BallId,
  onBedMask: number,
  fromFacts: boolean,
): RefereeError | null {
  if (facts.firstContact !== null) {
    if (facts.firstContact === cue) {
      return refereeError(
        'impossible-facts',
        factField(fromFacts, 'firstContact'),
        'the cue ball cannot be its own first contact',
      );
    }
    if (!has(onBedMask, facts.firstContact)) {
      return refereeError(
        'ball-not-on-table',
        factField(fromFacts, 'firstContact'),
        `${ballName(facts.firstContact, 'en')} is not on the table`,
      );
    }
  }
  let goneMask = 0;
  for (let i = 0; i < facts.pocketed.length; i++) {
    const { ball, pocket } = facts.pocketed[i]!;
    if (!has(onBedMask, ball)) {
      return refereeError(
        'ball-not-on-table',
        factField(fromFacts, `pocketed[${i}].ball`),
        `${ballName(ball, 'en')} is not on the table`,
      );
    }
    if (has(goneMask, ball)) {
      return refereeError(
        'ball-pocketed-twice',
        factField(fromFacts, `pocketed[${i}].ball`),
        `${ballName(ball, 'en')} is pocketed twice`,
      );
    }
    if (!(POCKET_IDS as readonly string[]).includes(pocket)) {
      return refereeError(
        'malformed-action',
        factField(fromFacts, `pocketed[${i}].pocket`),
        `unknown pocket ${String(pocket)}`,
      );
    }
    goneMask |= 1 << ball;
  }
  for (let i = 0; i < facts.offTable.length; i++) {
    const ball = facts.offTable[i]!;
    if (!has(onBedMask, ball)) {
      return refereeError(
        'ball-not-on-table',
        factField(fromFacts, `offTable[${i}]`),
        `${ballName(ball, 'en')} is not on the table`,
      );
    }
    if (has(goneMask, ball)) {
      return refereeError(
        'ball-pocketed-twice',
        factField(fromFacts, `offTable[${i}]`),
        `${ballName(ball, 'en')} already left the bed in this shot`,
      );
    }
    goneMask |= 1 << ball;
  }
  if (facts.firstContact === null && facts.cushionsAfterContact.length > 0) {
    return refereeError(
      'impossible-facts',
      factField(fromFacts, 'cushionsAfterContact'),
      'cushion contacts after a first contact that did not happen',
    );
  }
  const offBed =
    ballOffBed('cushionsAfterContact', facts.cushionsAfterContact, onBedMask, fromFacts) ??
    ballOffBed('breakCushionBalls', facts.breakCushionBalls, onBedMask, fromFacts) ??
    ballOffBed('centreLineCrossed', facts.centreLineCrossed, onBedMask, fromFacts) ??
    ballOffBed('frozenBalls', facts.frozenBalls, onBedMask, fromFacts);
  if (offBed !== null) return offBed;
  for (let i = 0; i < facts.breakCushionBalls.length; i++) {
    const ball = facts.breakCushionBalls[i]!;
    if (ball === cue) {
      return refereeError(
        'impossible-facts',
        factField(fromFacts, `breakCushionBalls[${i}]`),
        'the cue ball is not an object ball',
      );
    }
    if (facts.breakCushionBalls.indexOf(ball) !== i) {
      return refereeError(
        'impossible-facts',
        factField(fromFacts, `breakCushionBalls[${i}]`),
        `${ballName(ball, 'en')} is listed twice`,
      );
    }
  }
  if (facts.frozenBalls.includes(cue)) {
    return refereeError(
      'impossible-facts',
      factField(fromFacts, 'frozenBalls'),
      'the cue ball cannot be frozen to itself',
    );
  }
  if (facts.stroke !== null && !has(onBedMask, facts.stroke.nearestBall)) {
    return refereeError(
      'ball-not-on-table',
      factField(fromFacts, 'stroke.nearestBall'),
      `${ballName(facts.stroke.nearestBall, 'en')} is not on the table`,
    );
  }
  if (facts.positions !== null)
    return checkPositions(size, facts.positions, onBedMask & ~goneMask, fromFacts);
  return null;
}

/** Rest positions: exactly the balls left on the bed (`remainingMask`), each on it and none overlapping. */
function checkPositions(
  size: TableSize,
  positions: Readonly<Record<string, Point>>,
  remainingMask: number,
  fromFacts: boolean,
): RefereeError | null {
  for (let ball = 0; ball <= 15; ball++) {
    if (has(remainingMask, ball) && positions[ball] === undefined) {
      return refereeError(
        'impossible-facts',
        factField(fromFacts, `positions.${ball}`),
        `${ballName(ball, 'en')} stays on the bed but has no position`,
      );
    }
  }
  const entries = Object.entries(positions) as [string, Point][];
  // In the order of the keys, as `overlapping` would read them.
  const placed = entries.map(([key, at]) => ({ ball: Number(key), at }));
  for (const [key, at] of entries) {
    const ball = Number(key);
    // Keys of a typed action are not checked by the parser: anything but a ball id is off the bed.
    if (!isBallId(ball) || !has(remainingMask, ball)) {
      return refereeError(
        'impossible-facts',
        factField(fromFacts, `positions.${key}`),
        `${ballName(ball, 'en')} is not on the bed after the shot`,
      );
    }
    if (!restsOnTable(size, at)) {
      return refereeError(
        'impossible-facts',
        factField(fromFacts, `positions.${key}`),
        `${ballName(ball, 'en')} lies outside the bed`,
      );
    }
    const hit = firstOverlap(size, placed, at, ball);
    if (hit !== null && hit > ball) {
      return refereeError(
        'impossible-facts',
        factField(fromFacts, `positions.${key}`),
        `${ballName(ball, 'en')} overlaps ${ballName(hit, 'en')}`,
      );
    }
  }
  return null;
}

function inHouseAt(size: TableSize, at: Point | undefined): boolean | null {
  return at === undefined ? null : inHouse(size, at);
}
