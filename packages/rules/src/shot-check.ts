/**
 * Checks a shot against the state before judging it: the right player, a cue ball the rules
 * allow, a call where one is required, a placement inside its area, and facts that could have
 * happened (every ball on the bed, none pocketed twice). Returns the normalised facts or an error
 * naming the field.
 */
import { err, ok, type Result } from '@pyramid/core';
import { POCKET_IDS, type Point } from '@pyramid/table';
import type { ShotAction } from './actions.js';
import { type BallId, ballName, COLOURED, isBallId } from './balls.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { factsFromEvents, type ShotEvent, type ShotFacts } from './facts.js';
import {
  firstOverlap,
  inHouse,
  overlapping,
  placementAllowed,
  restsOnTable,
  withoutBalls,
} from './position.js';
import type { MatchState, ShotTurn } from './state.js';
import type { TableSize } from './table-size.js';
import { rulebookOf } from './variants/index.js';

const EVENT_SIDE_FIELDS = ['strokeFouls', 'stroke', 'frozenBalls', 'positions'];

const AREA_TEXT = {
  house: 'inside the house',
  'temporary-house': 'inside the temporary house',
  anywhere: 'on the bed',
};

export function checkShot(
  state: MatchState,
  turn: ShotTurn,
  action: ShotAction,
): Result<ShotFacts, RefereeError> {
  const { terms } = turn;
  if (action.player !== turn.player) {
    return err(
      refereeError(
        'action-out-of-turn',
        'player',
        `it is ${who(turn.player)}'s shot, not ${who(action.player)}'s`,
      ),
    );
  }
  const cue = action.cueBall;
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
    if (action.call !== null && (action.call.ball === COLOURED || !state.table.includes(action.call.ball))) {
      return err(
        refereeError(
          'ball-not-on-table',
          'call.ball',
          `${ballName(action.call.ball, 'en')} is not an object ball on the table`,
        ),
      );
    }
  } else if (action.call !== null) {
    return err(
      refereeError(
        'call-not-allowed',
        'call',
        rulebookOf(state).calls ? 'the break takes no call' : `${state.variant} pyramid takes no call`,
      ),
    );
  }

  let before = state.positions;
  if (action.placement !== null) {
    if (terms.inHand === null) {
      return err(refereeError('placement-invalid', 'placement', 'the cue ball is not in hand on this shot'));
    }
    if (!placementAllowed(state.tableSize, terms.inHand, action.placement)) {
      return err(
        refereeError(
          'placement-invalid',
          'placement',
          `the cue ball must be placed ${AREA_TEXT[terms.inHand]}`,
        ),
      );
    }
    if (before !== null) {
      const hit = overlapping(state.tableSize, before, action.placement, cue);
      if (hit !== null) {
        return err(
          refereeError('placement-invalid', 'placement', `the cue ball would overlap ${ballName(hit, 'en')}`),
        );
      }
      before = { ...before, [cue]: action.placement };
    }
  } else if (terms.inHand !== null && before !== null) {
    // The cue ball was placed somewhere unrecorded; the other balls' positions still judge the first contact.
    before = withoutBalls(before, [cue]);
  }

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
