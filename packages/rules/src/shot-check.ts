/**
 * Checks a shot against the state before judging it: the right player, a cue ball the rules
 * allow, a call where one is required, a placement inside its area, and facts that could have
 * happened (every ball on the bed, none pocketed twice). Returns the normalised facts or an error
 * naming the field.
 */
import { err, ok, type Result } from '@pyramid/core';
import { isInHouse, POCKET_IDS, type Point } from '@pyramid/table';
import type { ShotAction } from './actions.js';
import { type BallId, ballName, COLOURED } from './balls.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { EMPTY_FACTS, factsFromEvents, type ShotFacts } from './facts.js';
import { overlapping, placementAllowed, restsOnTable, SPEC, withoutBalls } from './position.js';
import type { MatchState, ShotTurn } from './state.js';

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
    if (action.call === null)
      return err(refereeError('call-required', 'call', 'Classic 5.2: name a ball and a pocket'));
    if (action.call.ball === COLOURED || !state.table.includes(action.call.ball)) {
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
        state.variant === 'classic' ? 'the break takes no call' : `${state.variant} pyramid takes no call`,
      ),
    );
  }

  let before = state.positions;
  if (action.placement !== null) {
    if (terms.inHand === null) {
      return err(refereeError('placement-invalid', 'placement', 'the cue ball is not in hand on this shot'));
    }
    if (!placementAllowed(terms.inHand, action.placement)) {
      return err(
        refereeError(
          'placement-invalid',
          'placement',
          `the cue ball must be placed ${AREA_TEXT[terms.inHand]}`,
        ),
      );
    }
    if (before !== null) {
      const hit = overlapping(before, action.placement, cue);
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
  const has = (ball: BallId) => ((onBedMask >> ball) & 1) === 1;
  const outcome = action.outcome;
  const base = 'facts' in outcome ? 'facts' : 'events';
  if ('events' in outcome) {
    let goneMask = 0;
    for (let i = 0; i < outcome.events.length; i++) {
      const event = outcome.events[i]!;
      const balls = event.type === 'contact' ? event.balls : [event.ball];
      for (let j = 0; j < balls.length; j++) {
        const ball = balls[j]!;
        const field = event.type === 'contact' ? `${base}[${i}].balls[${j}]` : `${base}[${i}].ball`;
        if (!has(ball))
          return err(refereeError('ball-not-on-table', field, `${ballName(ball, 'en')} is not on the table`));
        if ((goneMask >> ball) & 1) {
          return err(
            refereeError(
              event.type === 'pocket' || event.type === 'off-table'
                ? 'ball-pocketed-twice'
                : 'impossible-facts',
              field,
              `${ballName(ball, 'en')} already left the bed earlier in this shot`,
            ),
          );
        }
      }
      if (event.type === 'contact' && event.balls[0] === event.balls[1]) {
        return err(refereeError('impossible-facts', `${base}[${i}].balls`, 'a ball cannot touch itself'));
      }
      if (event.type === 'pocket' || event.type === 'off-table') goneMask |= 1 << event.ball;
    }
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
  // Field paths name the action's JSON: `facts.…`, or for derived facts the event list itself.
  const fieldOf = (name: string) => {
    if ('facts' in outcome) return `facts.${name}`;
    return EVENT_SIDE_FIELDS.some((field) => name.startsWith(field)) ? name : 'events';
  };

  if (facts.firstContact !== null) {
    if (facts.firstContact === cue) {
      return err(
        refereeError(
          'impossible-facts',
          fieldOf('firstContact'),
          'the cue ball cannot be its own first contact',
        ),
      );
    }
    if (!has(facts.firstContact)) {
      return err(
        refereeError(
          'ball-not-on-table',
          fieldOf('firstContact'),
          `${ballName(facts.firstContact, 'en')} is not on the table`,
        ),
      );
    }
  }
  let goneMask = 0;
  for (let i = 0; i < facts.pocketed.length; i++) {
    const { ball, pocket } = facts.pocketed[i]!;
    if (!has(ball))
      return err(
        refereeError(
          'ball-not-on-table',
          fieldOf(`pocketed[${i}].ball`),
          `${ballName(ball, 'en')} is not on the table`,
        ),
      );
    if ((goneMask >> ball) & 1)
      return err(
        refereeError(
          'ball-pocketed-twice',
          fieldOf(`pocketed[${i}].ball`),
          `${ballName(ball, 'en')} is pocketed twice`,
        ),
      );
    if (!(POCKET_IDS as readonly string[]).includes(pocket)) {
      return err(
        refereeError(
          'malformed-action',
          fieldOf(`pocketed[${i}].pocket`),
          `unknown pocket ${String(pocket)}`,
        ),
      );
    }
    goneMask |= 1 << ball;
  }
  for (let i = 0; i < facts.offTable.length; i++) {
    const ball = facts.offTable[i]!;
    if (!has(ball))
      return err(
        refereeError(
          'ball-not-on-table',
          fieldOf(`offTable[${i}]`),
          `${ballName(ball, 'en')} is not on the table`,
        ),
      );
    if ((goneMask >> ball) & 1) {
      return err(
        refereeError(
          'ball-pocketed-twice',
          fieldOf(`offTable[${i}]`),
          `${ballName(ball, 'en')} already left the bed in this shot`,
        ),
      );
    }
    goneMask |= 1 << ball;
  }
  if (facts.firstContact === null && facts.cushionsAfterContact.length > 0) {
    return err(
      refereeError(
        'impossible-facts',
        fieldOf('cushionsAfterContact'),
        'cushion contacts after a first contact that did not happen',
      ),
    );
  }
  const listChecks: [string, readonly BallId[]][] = [
    ['cushionsAfterContact', facts.cushionsAfterContact],
    ['breakCushionBalls', facts.breakCushionBalls],
    ['centreLineCrossed', facts.centreLineCrossed],
    ['frozenBalls', facts.frozenBalls],
  ];
  for (const [name, balls] of listChecks) {
    for (let i = 0; i < balls.length; i++) {
      if (!has(balls[i]!)) {
        return err(
          refereeError(
            'ball-not-on-table',
            fieldOf(`${name}[${i}]`),
            `${ballName(balls[i]!, 'en')} is not on the table`,
          ),
        );
      }
    }
  }
  for (let i = 0; i < facts.breakCushionBalls.length; i++) {
    const ball = facts.breakCushionBalls[i]!;
    if (ball === cue)
      return err(
        refereeError(
          'impossible-facts',
          fieldOf(`breakCushionBalls[${i}]`),
          'the cue ball is not an object ball',
        ),
      );
    if (facts.breakCushionBalls.indexOf(ball) !== i) {
      return err(
        refereeError(
          'impossible-facts',
          fieldOf(`breakCushionBalls[${i}]`),
          `${ballName(ball, 'en')} is listed twice`,
        ),
      );
    }
  }
  if (facts.frozenBalls.includes(cue)) {
    return err(
      refereeError('impossible-facts', fieldOf('frozenBalls'), 'the cue ball cannot be frozen to itself'),
    );
  }
  if (facts.stroke !== null && !has(facts.stroke.nearestBall)) {
    return err(
      refereeError(
        'ball-not-on-table',
        fieldOf('stroke.nearestBall'),
        `${ballName(facts.stroke.nearestBall, 'en')} is not on the table`,
      ),
    );
  }
  if (facts.positions !== null) {
    const remaining: BallId[] = [];
    for (let ball = 0; ball <= 15; ball++) if (has(ball) && !((goneMask >> ball) & 1)) remaining.push(ball);
    for (const ball of remaining) {
      if (facts.positions[ball] === undefined) {
        return err(
          refereeError(
            'impossible-facts',
            fieldOf(`positions.${ball}`),
            `${ballName(ball, 'en')} stays on the bed but has no position`,
          ),
        );
      }
    }
    for (const [key, at] of Object.entries(facts.positions) as [string, Point][]) {
      const ball = Number(key);
      if (!remaining.includes(ball)) {
        return err(
          refereeError(
            'impossible-facts',
            fieldOf(`positions.${key}`),
            `${ballName(ball, 'en')} is not on the bed after the shot`,
          ),
        );
      }
      if (!restsOnTable(at)) {
        return err(
          refereeError(
            'impossible-facts',
            fieldOf(`positions.${key}`),
            `${ballName(ball, 'en')} lies outside the bed`,
          ),
        );
      }
      const hit = overlapping(facts.positions, at, ball);
      if (hit !== null && hit > ball) {
        return err(
          refereeError(
            'impossible-facts',
            fieldOf(`positions.${key}`),
            `${ballName(ball, 'en')} overlaps ${ballName(hit, 'en')}`,
          ),
        );
      }
    }
  }
  if (facts.firstContactInHouse === null && facts.firstContact !== null && before !== null) {
    return ok({ ...facts, firstContactInHouse: inHouseAt(before[facts.firstContact]) });
  }
  return ok(facts === EMPTY_FACTS ? EMPTY_FACTS : facts);
}

function inHouseAt(at: Point | undefined): boolean | null {
  return at === undefined ? null : isInHouse(SPEC, at);
}
