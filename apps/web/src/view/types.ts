/**
 * The contract between the game and its three.js view. The view only reads: it draws what it is
 * given and turns pixels into table points; it never holds or changes game state. Units are the
 * referee's: millimetres on the bed, x along the length from the front (house-end) cushion nose,
 * y across from the left nose as seen from the house end (packages/table).
 */
import type { BallId, Point } from '@pyramid/table';

/** One ball at one instant. z is the height of the ball's bottom above the bed (0 on the bed), mm. */
export interface BallFrame {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** Angular velocity, rad/s (table axes; z up), so that spin shows while the ball moves. */
  readonly wx: number;
  readonly wy: number;
  readonly wz: number;
  /** Gone from the table (in a pocket or off the table) from this instant on. */
  readonly gone: boolean;
}

/** A sound-worthy moment of a shot: a contact, a cushion, a pocket. */
export interface AnimationEvent {
  readonly t: number;
  readonly kind: 'ball' | 'cushion' | 'pocket' | 'slate';
  /** Relative speed at the contact, m/s (loudness). */
  readonly speed: number;
}

/** A shot to animate: every ball's state at any time in [0, duration] seconds. */
export interface ShotAnimation {
  readonly duration: number;
  sample(t: number): readonly BallFrame[];
  readonly events: readonly AnimationEvent[];
}

/** What is drawn over the table while the player prepares a shot. Every part is optional. */
export interface Overlay {
  /** The cue ball and the aim: a cue stick behind it, pulled back by `pull` (0–1, the power). */
  readonly aim?: {
    readonly cueBall: BallId;
    readonly from: Point;
    /** Direction of the stroke in the table plane, degrees from +x towards +y. */
    readonly angleDeg: number;
    readonly pull: number;
    /** Cue elevation, degrees. */
    readonly elevationDeg: number;
  };
  /** The aiming aid: where the cue ball first touches a ball (the ghost ball) and the line the object ball leaves on. */
  readonly ghost?: { readonly at: Point; readonly objectLine?: { readonly from: Point; readonly to: Point } };
  /** A path drawn as a line (e.g. the cue ball's path to the first contact or a cushion). */
  readonly path?: readonly Point[];
  /** Where a ball in hand may be placed: the house, the temporary house or the whole bed. */
  readonly placement?: {
    readonly region: 'house' | 'temporary-house' | 'anywhere';
    readonly houseLineX: number;
    readonly at: Point | null;
    readonly allowed: boolean;
  };
  /** Highlighted balls (cue-ball candidates in Free, choosable penalty balls, the called ball). */
  readonly highlight?: readonly BallId[];
  /** The selected ball (the chosen cue ball or the called ball). */
  readonly selected?: BallId | null;
  /** The called pocket in Classic. */
  readonly pocket?: string | null;
}

/** Top (straight down), 3D (free orbit) or eye (a player's eye behind the cue ball, following the aim). */
export type CameraMode = 'top' | '3d' | 'eye';

export interface TableView {
  /** The balls at rest (replaces every ball drawn; balls not listed are not drawn). */
  setBalls(balls: readonly BallFrame[]): void;
  /** The white balls' numbers 1–15, drawn facing the camera (the game shows them in every variant). */
  setNumbered(numbered: boolean): void;
  /** The coloured ball's colour: yellow (the МКП text's preference, the default) or red. */
  setColoured(colour: 'yellow' | 'red'): void;
  setOverlay(overlay: Overlay): void;
  setCamera(mode: CameraMode): void;
  readonly camera: CameraMode;
  /**
   * Animates a shot at `rate` (1 real time, 0.25 slow motion); resolves when the last ball stops
   * or `skip()` is called. `onFirstFrame` runs when the first frame of it has been drawn.
   */
  play(
    animation: ShotAnimation,
    options?: { rate?: number; onFirstFrame?: () => void; onEvent?: (event: AnimationEvent) => void },
  ): Promise<void>;
  /** Jumps an animation in progress to its end. */
  skip(): void;
  readonly animating: boolean;
  /** The point of the bed under a client pixel (mm), or null off the table. */
  pick(clientX: number, clientY: number): Point | null;
  /** The client pixel of a table point (tests click on balls with it), or null when off screen. */
  project(at: Point): { readonly x: number; readonly y: number } | null;
  /** Frames drawn so far (tests check the view is alive). */
  readonly frames: number;
  dispose(): void;
}
