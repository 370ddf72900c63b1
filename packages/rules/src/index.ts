/**
 * @pyramid/rules: the automatic referee of Russian pyramid (МКП rules): Free, Combined, Dynamic
 * and Classic. Pure and deterministic; every ruling cites the paragraph it applies.
 *
 * @example
 * import { apply, newMatch } from '@pyramid/rules';
 * const state = newMatch('classic', { breaker: 0 });
 * const result = apply(state, {
 *   type: 'shot', player: 0,
 *   facts: { firstContact: 4, breakCushionBalls: [2, 3], cushionsAfterContact: [2, 3] },
 * });
 * if (result.ok) console.log(result.value.ruling.explanation.en);
 */
export type {
  Action,
  ActionType,
  DynamicOptionAction,
  EventFoul,
  ExchangeBallAction,
  ExtensionAction,
  FoulAction,
  InterferenceAction,
  LagAction,
  ObjectBallsInHouse,
  PenaltyBallAction,
  ShotAction,
  ShotIntent,
  ShotOutcome,
} from './actions.js';
export { ACTION_TYPES, EVENT_FOULS, OBJECT_BALLS_IN_HOUSE } from './actions.js';
export { type Applied, apply, applyAction } from './apply.js';
export { ALL_BALLS, type BallId, ballName, COLOURED, classicValue, isBallId, WHITE_BALLS } from './balls.js';
export { decisionsOf, finalOf, finalShotOf, nextOf, withFinal } from './continuation.js';
export { ERROR_CODES, type ErrorCode, type RefereeError } from './errors.js';
export { CITES, citeIn, describeTurn } from './explain.js';
export {
  EMPTY_FACTS,
  factsFromEvents,
  type Pocketing,
  SHOT_EVENT_TYPES,
  type ShotEvent,
  type ShotFacts,
  STROKE_FOULS,
  type StrokeFoul,
  type StrokeGeometry,
} from './facts.js';
export { type LegalAction, legalActions, type ShotTemplate } from './legal.js';
export { parseAction } from './parse.js';
export {
  parseRecordJson,
  RECORD_FORMAT,
  RECORD_VERSION,
  type RecordError,
  type Replay,
  type ReplayStep,
  recordAction,
  replayRecord,
  replayRecordText,
  type StateSummary,
  startTableSize,
  summarise,
} from './record.js';
export type { RulebookCites, RulebookFacts } from './rulebook-facts.js';
export {
  EVENT_FOUL_ITEMS,
  FOUL_CODES,
  type FoulCode,
  type Reason,
  type Respot,
  type Ruling,
  STROKE_FOUL_ITEMS,
  type Verdict,
} from './ruling.js';
export {
  COMPLETION_RULES,
  type CompletionRule,
  DEFAULT_SETTINGS,
  resolveSettings,
  SETTING_NAMES,
  type Settings,
  type ShotClock,
} from './settings.js';
export { newMatch, parseMatchStart } from './setup.js';
export { type CheckedIntent, checkShotIntent } from './shot-check.js';
export type {
  Call,
  Continuation,
  DecisionTurn,
  InHand,
  LagReason,
  LagTurn,
  MatchOverTurn,
  MatchState,
  PendingDecision,
  Player,
  ShotKind,
  ShotTerms,
  ShotTurn,
  Turn,
} from './state.js';
export { other } from './state.js';
export {
  DEFAULT_TABLE_SIZE,
  isTableSize,
  type MatchTable,
  matchTable,
  TABLE_SIZES,
  type TableSize,
} from './table-size.js';
export { isVariant, VARIANT_NAMES, VARIANTS, type Variant } from './variant.js';
export {
  decisionCite,
  RULEBOOKS,
  type Rulebook,
  type RulebookHooks,
  targetScore,
} from './variants/index.js';
export { type Lang, namePlayers, PLAYER_LABELS, playerLabel, pointsText, pointsUpTo } from './words.js';
