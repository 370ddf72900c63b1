/**
 * The checks of an intent before the room simulates or commits it: who may act (a seated member,
 * on the current `seq`), whether a stroke, a decision or an extension is due and is the member's,
 * and what the referee's own checks answer (`checkShotIntent`, `legalActions`): the server holds no
 * rule. Each returns the refusal, or what the room goes on with.
 */
import type { DecisionIntent, LagInfo, OnlineError, StrokeIntent } from '@pyramid/online';
import { type Action, checkShotIntent, legalActions, type MatchState, type Player } from '@pyramid/rules';
import type { SimulatedAction } from '../simulation.js';
import type { RoomCore } from './core.js';
import { fail } from './refusals.js';
import { seatIndexOf } from './seats.js';
import type { Member } from './types.js';

/** Deep equality of two plain JSON values (small actions only). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whose move `state` waits for (the lag: see the room's lots). */
export const seatOf = (state: MatchState): Player | null => {
  const turn = state.turn;
  if (turn.kind === 'shot') return turn.player;
  if (turn.kind === 'decision') return turn.decision.player;
  return null;
};

/** Whom the next move belongs to: the lag's is the lots' winner's. */
export function toAct(state: MatchState | null, lag: LagInfo | null): Player | null {
  if (state === null) return null;
  return state.turn.kind === 'lag' ? (lag?.winner ?? null) : seatOf(state);
}

/** Who may act for `member` now, or why not. */
export function actorOf(
  room: RoomCore,
  member: Member,
  seq: number,
): { seat: Player; state: MatchState } | OnlineError {
  if (room.spectators.has(member)) {
    const index = seatIndexOf(room.seats, member.player.id);
    return index !== null
      ? fail('seat/superseded', 'type', 'a newer tab of yours holds the seat: act there')
      : fail('seat/spectator', 'type', 'a spectator cannot act');
  }
  const index = room.seats.findIndex((s) => s?.member === member);
  if (index < 0) return fail('table/not-joined', 'tableId', 'join the table first');
  if (room.status !== 'playing' || room.state === null) {
    return fail('table/not-playing', 'tableId', `the table is ${room.status}`);
  }
  if (seq !== room.seq) {
    return fail('state/stale', 'seq', `the table is at seq ${room.seq}, not ${seq}: take the new state`);
  }
  return { seat: index as Player, state: room.state };
}

/** Why `seat` may not play `stroke` now (null: it may be simulated). */
export function strokeRefusal(state: MatchState, seat: Player, stroke: StrokeIntent): OnlineError | null {
  const turn = state.turn;
  if (turn.kind !== 'shot') {
    return turn.kind === 'match-over'
      ? fail('table/not-playing', 'type', 'the match is over')
      : fail(
          'intent/illegal',
          'type',
          `no stroke is due: a ${turn.kind === 'lag' ? 'lag' : turn.decision.kind} is`,
        );
  }
  if (turn.player !== seat) return fail('seat/not-your-turn', 'type', 'it is your opponent’s shot');
  // The referee judges the cue ball, the call and the placement; the server holds no rule.
  const intent = checkShotIntent(state, stroke);
  if (!intent.ok) {
    const e = intent.error;
    return fail('intent/refused', `/stroke${e.field}`, e.message, e.code);
  }
  return null;
}

/** The refusal of a stroke the simulator did not play. */
export function simulationRefusal(error: Extract<SimulatedAction, { ok: false }>['error']): OnlineError {
  const e = error;
  if (e.kind === 'setup') return fail('intent/illegal', `/stroke${e.field}`, e.message);
  if (e.kind === 'referee')
    return fail('intent/refused', `/stroke${e.error.field}`, e.error.message, e.error.code);
  if (e.error.code === 'event-cap') {
    return fail('intent/simulation', 'stroke', `the simulator gave up on this stroke: ${e.error.message}`);
  }
  return fail('intent/illegal', `/stroke${simulatorField(e.error.field)}`, e.error.message);
}

/** Maps a simulator field (`balls[3]`, `strike.speed`) to the stroke's own. */
function simulatorField(field: string): string {
  if (field.startsWith('/strike')) return field;
  return '/placement';
}

/** Why `seat` may not take `action` now (null: the referee rules it). */
export function decisionRefusal(
  state: MatchState,
  seat: Player,
  lag: LagInfo | null,
  action: DecisionIntent,
): OnlineError | null {
  const turn = state.turn;
  if (action.type === 'lag') {
    if (turn.kind !== 'lag' || lag === null) return fail('intent/illegal', 'action.type', 'no lag is due');
    if (seat !== lag.winner)
      return fail('seat/not-your-turn', 'action', 'your opponent won the lots: he chooses');
    if (action.winner !== lag.winner) {
      return fail('intent/illegal', 'action.winner', `the lots were won by seat ${lag.winner}`);
    }
    return null;
  }
  if (turn.kind !== 'decision')
    return fail('intent/illegal', 'action.type', `no decision is due (the turn is a ${turn.kind})`);
  if (turn.decision.player !== seat)
    return fail('seat/not-your-turn', 'action', 'the decision is your opponent’s');
  if (action.player !== seat) return fail('intent/illegal', 'action.player', `you are seat ${seat}`);
  if (action.type !== turn.decision.kind) {
    return fail('intent/illegal', 'action.type', `the decision due is ${turn.decision.kind}`);
  }
  const legal = legalActions(state).some((a) => sameJson(a, action));
  if (!legal) {
    const field = action.type === 'dynamic-option' ? 'action.option' : 'action.ball';
    return fail('intent/illegal', field, 'not one of the choices the rules give now');
  }
  return null;
}

/** Why `seat` may not take a time extension now (null: the referee rules it). */
export function extensionRefusal(state: MatchState, seat: Player): OnlineError | null {
  if (state.settings.shotClock === null)
    return fail('clock/unavailable', 'type', 'no shot clock is used at this table');
  const turn = state.turn;
  if (turn.kind !== 'shot' || turn.player !== seat)
    return fail('seat/not-your-turn', 'type', 'only the player to shoot takes an extension');
  const action: Action = { type: 'extension', player: seat };
  if (!legalActions(state).some((a) => sameJson(a, action))) {
    return fail('clock/unavailable', 'type', 'no time extension is left in this frame');
  }
  return null;
}
