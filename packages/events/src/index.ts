/**
 * @pyramid/events: club events of Russian pyramid — entries, seeding, the draw and the formats
 * (single and double elimination, double elimination to a final stage, groups then a knockout,
 * Swiss), results with their reasons, corrections with an audit log, calls to tables, standings
 * and places. Pure and deterministic: no clock, no I/O; the caller passes the time of each action.
 *
 * @example
 * import { applyEventAction, createEvent, standings } from '@pyramid/events';
 * let event = createEvent({ name: 'Club cup', dates: { start: '2026-12-05' }, variant: 'free',
 *   races: { default: 3 }, format: { kind: 'double-to', finalStage: 8 } }, 'director', Date.now());
 */
export { applyEventAction, checkField, createEvent, LIMITS, parseFormat, registrationOf } from './actions.js';
export { loadEvent } from './load.js';
export * from './model.js';
export { bracketOrder, bracketSize, isPowerOfTwo, seedEntries, shuffle } from './seeding.js';
export { placeLabels, type StandingRow, type Standings, standings } from './standings.js';
export { bergerRounds, dealGroups, type MatchDef, type Source } from './structure.js';
export { pairSwissRound } from './swiss.js';
export {
  BYE,
  busyPlayers,
  deriveView,
  type EventView,
  findMatch,
  type GroupTable,
  type MatchState,
  type MatchView,
  raceFor,
  readyMatches,
  type Slot,
  suggestCalls,
  type TableRow,
  viewEvent,
} from './view.js';
