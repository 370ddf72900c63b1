/**
 * The headless client state of the game: plain, immutable data, no DOM and no three.js. The
 * controller feeds intents to `reduce` and performs the effects (simulation, the computer's
 * worker, animation, storage); everything a person can see or choose is derived from this state.
 */
import type { Level } from '@pyramid/bots';
import type { PlannedShot, Stroke } from '@pyramid/match';
import type { Action, Call, MatchState, Player, Ruling, Settings, TableSize, Variant } from '@pyramid/rules';
import type { Point } from '@pyramid/table';
import type { Bilingual, Lang } from '../../common/lang.js';

export type PlayerKind = 'person' | 'computer';

export interface PlayerSetup {
  readonly name: string;
  readonly kind: PlayerKind;
  /** The computer's level (ignored for a person). */
  readonly level: Level;
}

/** How fast the computer plays: with its shots animated, or at once (no animation). */
export type ComputerSpeed = 'normal' | 'fastest';

export interface Setup {
  readonly variant: Variant;
  readonly players: readonly [PlayerSetup, PlayerSetup];
  /** The table the match is played on ('12ft' is the МКП tournament table). */
  readonly tableSize: TableSize;
  /** Rule settings (framesToWin and shotClock included). */
  readonly settings: Settings;
  /** Seed of the computer's decisions for this match (shown and saved). */
  readonly seed: number;
  readonly computerSpeed: ComputerSpeed;
  /** Who breaks the first frame. */
  readonly breaker: 0 | 1;
}

/** The stroke being prepared. Angles in degrees counter-clockwise from +x (towards the back cushion). */
export interface Aim {
  readonly angleDeg: number;
  /** 0–1, mapped to a cue speed (see aim.ts). */
  readonly power: number;
  /** Tip offset to the right of the cue axis, ball radii. */
  readonly side: number;
  /** Tip offset above the cue axis, ball radii (follow > 0, draw < 0). */
  readonly height: number;
  readonly elevationDeg: number;
  /**
   * A stroke taken as it is (the hint's, "play it"): struck bit for bit, not rebuilt from the
   * rounded angle and power above, which only show it. Any change of the aim drops it.
   */
  readonly exact: Stroke | null;
}

/** What the striker has chosen for the shot due: cue ball (Free), call (Classic), placement (in hand). */
export interface Selection {
  readonly cueBall: number | null;
  readonly call: Call | null;
  readonly placement: Point | null;
  /** Classic: the ball picked for a call before its pocket is picked. */
  readonly callBall: number | null;
}

/** One action of the match as the referee took it, with the state before it (undo, replay, log). */
export interface HistoryEntry {
  readonly action: Action;
  readonly ruling: Ruling;
  readonly before: MatchState;
  /** The shot as struck (for replaying it), when known in this session. */
  readonly shot: PlannedShot | null;
}

/** 'online': a match held by the server; this client strikes only from its own seat. */
export type Mode = 'setup' | 'play' | 'practice' | 'watch' | 'online';

/**
 * The seat this client holds at an online table: a player's (0 or 1), or none for a spectator. The
 * server holds the match; a person's stroke or decision is sent to it, never applied here.
 */
export interface OnlineSeat {
  readonly seat: Player | null;
  /** The server is playing the match (not waiting for an opponent, adjourned or finished). */
  readonly live: boolean;
  /** The table waits for its second player: nothing to strike yet (the rack shown is a placeholder). */
  readonly waiting: boolean;
  /** A lag is due: the server drew lots and this player chooses who plays first (п.7). */
  readonly lagWinner: Player | null;
}

/** A message shown to the player: a refused action (with its reason) or a notice. */
export interface Notice {
  readonly kind: 'refused' | 'info' | 'error';
  readonly text: Bilingual;
}

export interface GameState {
  readonly mode: Mode;
  readonly lang: Lang;
  readonly setup: Setup;
  /** The record's start (rack with breaker, or a situation) from which the history replays. */
  readonly start: Readonly<Record<string, unknown>>;
  /** The match as the referee has it now. */
  readonly match: MatchState;
  readonly history: readonly HistoryEntry[];
  readonly aim: Aim;
  readonly selection: Selection;
  /** The aiming aid (ghost ball and first-contact line) is drawn. */
  readonly aid: boolean;
  /** Top, free 3D, or the player's eye following the aim. */
  readonly camera: 'top' | '3d' | 'eye';
  /** A shot is being simulated or animated, or the computer is thinking: no new input is taken. */
  readonly busy: boolean;
  readonly notice: Notice | null;
  /** Watching a record: the index of the step shown (−1: the start). */
  readonly cursor: number;
  /** Practice: balls are being moved rather than shot. */
  readonly editing: boolean;
  /** Online play: the seat held (null outside online play). */
  readonly online: OnlineSeat | null;
}
