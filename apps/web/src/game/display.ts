/**
 * The display settings: the rendering quality (auto or by hand) and the coloured ball's colour
 * (yellow by default, as the МКП text prefers; red as some clubs play). They are the player's, not
 * the match's: kept in `localStorage` apart from the saved match, and never in a match record.
 */
import { isQualitySetting, type QualitySetting } from '../view/quality.js';

export type ColouredBall = 'yellow' | 'red';

export interface DisplaySettings {
  readonly quality: QualitySetting;
  readonly coloured: ColouredBall;
}

export const DEFAULT_DISPLAY: DisplaySettings = { quality: 'auto', coloured: 'yellow' };
const KEY = 'pyramid:display';

/** The saved settings; anything missing or damaged falls back to its default. */
export function loadDisplay(storage: Storage | null): DisplaySettings {
  let saved: unknown = null;
  try {
    saved = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    saved = null;
  }
  const record = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  return {
    quality: isQualitySetting(record.quality) ? record.quality : DEFAULT_DISPLAY.quality,
    coloured: record.coloured === 'red' ? 'red' : 'yellow',
  };
}

export function saveDisplay(storage: Storage | null, settings: DisplaySettings): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // No storage (private mode): the settings last for this page.
  }
}

/**
 * A debug hook for tests and for measuring: `?frameMs=40` makes the quality controller see every
 * animation frame as taking 40 ms, whatever the real time (the path that steps quality down).
 */
export function forcedFrameMs(search: string): number | null {
  const value = new URLSearchParams(search).get('frameMs');
  if (value === null) return null;
  const ms = Number(value);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}
