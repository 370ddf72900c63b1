/**
 * Every open reading of the rules as a documented setting (docs/rules-interpretations.md).
 * Defaults are the product defaults of docs/rules-interpretations.md; a record may override any.
 */
import { err, fieldPointer, ok, pointerJoin, type Result } from '@pyramid/core';

export const COMPLETION_RULES = ['two-contacts', 'one-contact', 'two-contacts-or-centre-line'] as const;
export type CompletionRule = (typeof COMPLETION_RULES)[number];

export interface ShotClock {
  /** п.26: seconds allowed per shot, timed from the moment all balls stop. */
  readonly seconds: number;
  /** п.26: time extensions each player may take in a frame. */
  readonly extensionsPerFrame: number;
}

export interface Settings {
  /** п.20: what completes a shot on which nothing is legally pocketed. */
  readonly completionRule: CompletionRule;
  /** п.12.1: object balls that must reach a cushion on a correct break (unless a ball is pocketed). */
  readonly breakMinBallsToCushion: number;
  /** п.12 house rule: after an incorrect break the opponent re-racks and breaks instead of a penalty. */
  readonly rebreakAfterIncorrectBreak: boolean;
  /** п.11, п.21: from hand from the house, a first contact with a ball in the house is a foul. */
  readonly fromHouseRestriction: boolean;
  /** п.5.3: an object ball frozen to the cue ball counts as contacted. */
  readonly frozenBallCountsAsContact: boolean;
  /** п.19.2: the gap (in ball radii) below which a stroke within 45° of the centres line is a push. */
  readonly pushGapThreshold: number;
  /** Dynamic 6–7: the opponent also gets +1 when he takes penalty option (2). */
  readonly dynamicOption2AwardsPoint: boolean;
  /** Free/Combined/Dynamic 6–7: the 8th point may come from an opponent's foul. */
  readonly winningPointByPenalty: boolean;
  /** Classic 5.6: scores may go below zero. */
  readonly classicAllowNegative: boolean;
  /** Classic 4: balls pocketed on a correct break count and the breaker continues. */
  readonly classicBreakBallsCount: boolean;
  /** Classic 5.4: an unordered pocketed ball satisfies п.20. */
  readonly classicUnorderedSatisfiesP20: boolean;
  /** Classic 5.8: organisers of a veterans' event waive п.20. */
  readonly classicWaiveP20: boolean;
  /** п.26: time control, off by default. */
  readonly shotClock: ShotClock | null;
  /** Frames needed to win the match (1 = a single frame). */
  readonly framesToWin: number;
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  completionRule: 'two-contacts',
  breakMinBallsToCushion: 2,
  rebreakAfterIncorrectBreak: false,
  fromHouseRestriction: true,
  frozenBallCountsAsContact: false,
  pushGapThreshold: 0.5,
  dynamicOption2AwardsPoint: true,
  winningPointByPenalty: true,
  classicAllowNegative: true,
  classicBreakBallsCount: true,
  classicUnorderedSatisfiesP20: true,
  classicWaiveP20: false,
  shotClock: null,
  framesToWin: 1,
});

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as readonly (keyof Settings)[];

export interface SettingsError {
  readonly field: string;
  readonly message: string;
}

const BOOLEAN_SETTINGS = [
  'rebreakAfterIncorrectBreak',
  'fromHouseRestriction',
  'frozenBallCountsAsContact',
  'dynamicOption2AwardsPoint',
  'winningPointByPenalty',
  'classicAllowNegative',
  'classicBreakBallsCount',
  'classicUnorderedSatisfiesP20',
  'classicWaiveP20',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Overrides the defaults with a partial settings object from a record, checking every field. */
export function resolveSettings(input: unknown, at = '/settings'): Result<Settings, SettingsError> {
  if (input === undefined) return ok(DEFAULT_SETTINGS);
  const path = fieldPointer(at);
  if (!isRecord(input)) return err({ field: path, message: 'must be an object' });
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(input)) {
    const field = pointerJoin(path, key);
    if (!(SETTING_NAMES as readonly string[]).includes(key)) {
      return err({ field, message: `unknown setting (known: ${SETTING_NAMES.join(', ')})` });
    }
    if ((BOOLEAN_SETTINGS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') return err({ field, message: 'must be true or false' });
    } else if (key === 'completionRule') {
      if (!(COMPLETION_RULES as readonly unknown[]).includes(value)) {
        return err({ field, message: `must be one of ${COMPLETION_RULES.join(', ')}` });
      }
    } else if (key === 'breakMinBallsToCushion') {
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 15) {
        return err({ field, message: 'must be an integer from 0 to 15' });
      }
    } else if (key === 'pushGapThreshold') {
      if (typeof value !== 'number' || !(value >= 0 && value <= 2)) {
        return err({ field, message: 'must be a number of ball radii from 0 to 2' });
      }
    } else if (key === 'framesToWin') {
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 99) {
        return err({ field, message: 'must be an integer from 1 to 99' });
      }
    } else if (key === 'shotClock') {
      if (value !== null) {
        if (!isRecord(value))
          return err({ field, message: 'must be null or { seconds, extensionsPerFrame }' });
        const { seconds, extensionsPerFrame } = value;
        if (typeof seconds !== 'number' || !(seconds > 0 && seconds <= 600)) {
          return err({
            field: pointerJoin(field, 'seconds'),
            message: 'must be a number of seconds from 1 to 600',
          });
        }
        if (!Number.isInteger(extensionsPerFrame) || (extensionsPerFrame as number) < 0) {
          return err({
            field: pointerJoin(field, 'extensionsPerFrame'),
            message: 'must be a non-negative integer',
          });
        }
        for (const extra of Object.keys(value)) {
          if (extra !== 'seconds' && extra !== 'extensionsPerFrame') {
            return err({ field: pointerJoin(field, extra), message: 'unknown field' });
          }
        }
      }
    }
    merged[key] = value;
  }
  return ok(Object.freeze(merged) as unknown as Settings);
}
