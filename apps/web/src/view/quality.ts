/**
 * Rendering quality: the levels the view can draw at, what each costs, and the controller that steps
 * down from the frame times it is fed to keep an animation at 50 frames per second or more. Pure (no
 * DOM, no three.js): the view measures, this module decides, so the decision is unit-tested.
 */

/** From the most to the least costly; `flat` is the 2D canvas view. */
export const QUALITY_LEVELS = ['high', 'medium', 'low', 'flat'] as const;
export type QualityLevel = (typeof QUALITY_LEVELS)[number];
/**
 * The player's setting: a level by hand, or `auto` (start high, step down inside the 3D view while
 * frames are slow; the flat view is only offered, never switched to: issue 25).
 */
export type QualitySetting = 'auto' | QualityLevel;
export const QUALITY_SETTINGS: readonly QualitySetting[] = ['auto', ...QUALITY_LEVELS];

export function isQualitySetting(value: unknown): value is QualitySetting {
  return typeof value === 'string' && (QUALITY_SETTINGS as readonly string[]).includes(value);
}

/** What a 3D level draws with. */
export interface QualityProfile {
  /** The device pixel ratio is capped at this (the drawing buffer's pixels per CSS pixel). */
  readonly maxPixelRatio: number;
  /** Multisampled antialiasing (a property of the WebGL context: changing it needs a new canvas). */
  readonly antialias: boolean;
  /** The balls' clear coat (a second specular layer in the shader). */
  readonly clearcoat: boolean;
  /** The soft shadow discs under the balls. */
  readonly ballShadows: boolean;
  /** Sphere segments around and from pole to pole. */
  readonly ballSegments: readonly [number, number];
}

export const QUALITY_PROFILES: Readonly<Record<Exclude<QualityLevel, 'flat'>, QualityProfile>> = {
  high: { maxPixelRatio: 2, antialias: true, clearcoat: true, ballShadows: true, ballSegments: [36, 24] },
  medium: {
    maxPixelRatio: 1.25,
    antialias: false,
    clearcoat: false,
    ballShadows: true,
    ballSegments: [24, 16],
  },
  low: {
    maxPixelRatio: 0.75,
    antialias: false,
    clearcoat: false,
    ballShadows: false,
    ballSegments: [16, 10],
  },
};

/** The frame budget: 50 frames per second. */
export const FRAME_BUDGET_MS = 20;
/** Frames measured before a decision (their median decides, so one late frame does not). */
export const WINDOW = 4;
/** Frames ignored after a change (the new shaders compile, the buffer is reallocated). */
export const SETTLE = 2;
/** A median this many times over budget skips a level (a software renderer at 2 fps). */
const FAR_OVER = 4;

/** The last level auto steps down to: below it the table would change its look (the flat view). */
export const AUTO_FLOOR: QualityLevel = 'low';

export interface QualityController {
  readonly level: QualityLevel;
  /**
   * Auto is at its floor and frames are still over budget: the flat view may be offered (with a way
   * back), once per controller.
   */
  readonly offerFlat: boolean;
  /** Whether the controller may change the level (the setting is `auto`). */
  readonly adaptive: boolean;
  /** One frame's duration (ms, from one drawn frame of an animation to the next). Returns the new
   * level when this frame made the controller step down, else null. */
  sample(frameMs: number): QualityLevel | null;
  /** Forget the frames measured so far (an animation ended: the next one starts afresh). */
  reset(): void;
}

export function createQualityController(setting: QualitySetting): QualityController {
  let level: QualityLevel = setting === 'auto' ? 'high' : setting;
  const adaptive = setting === 'auto';
  let settle = SETTLE;
  let window: number[] = [];
  let offerFlat = false;
  const floor = QUALITY_LEVELS.indexOf(AUTO_FLOOR);
  return {
    get level() {
      return level;
    },
    get offerFlat() {
      return offerFlat;
    },
    adaptive,
    sample(frameMs) {
      if (!adaptive || level === 'flat' || !Number.isFinite(frameMs) || frameMs < 0) return null;
      if (settle > 0) {
        settle--;
        return null;
      }
      window.push(frameMs);
      if (window.length < WINDOW) return null;
      const sorted = [...window].sort((a, b) => a - b);
      const median = (sorted[(WINDOW - 1) >> 1]! + sorted[WINDOW >> 1]!) / 2;
      window = [];
      if (median <= FRAME_BUDGET_MS) return null;
      const steps = median > FAR_OVER * FRAME_BUDGET_MS ? 2 : 1;
      const at = QUALITY_LEVELS.indexOf(level);
      if (at >= floor) {
        offerFlat = true;
        return null;
      }
      const index = Math.min(floor, at + steps);
      level = QUALITY_LEVELS[index]!;
      settle = SETTLE;
      return level;
    },
    reset() {
      window = [];
      settle = SETTLE;
    },
  };
}
