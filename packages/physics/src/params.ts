/**
 * Physical parameters, SI units (m, kg, s, rad), frozen. Every value names its source in
 * docs/physics.md; the defaults are the "P-RU" set of the research notes for a regulation Russian
 * pyramid table (68 mm, 280 g balls, 42 mm cushion nose). Pass overrides explicitly: there are no
 * module-level mutable constants.
 */
export interface PhysicsParams {
  /** Ball radius, m. */
  readonly R: number;
  /** Ball mass, kg. */
  readonly m: number;
  /** Gravity, m/s². */
  readonly g: number;
  /** Sliding friction ball–cloth. */
  readonly muSlide: number;
  /** Rolling resistance. */
  readonly muRoll: number;
  /** Spin (about the vertical) deceleration, rad/s². */
  readonly spinDecel: number;
  /** Ball–ball restitution. */
  readonly eBall: number;
  /** Ball–ball friction μ(v) = a + b·exp(−c·v), v the relative surface speed (Alciatore). */
  readonly muBallA: number;
  readonly muBallB: number;
  readonly muBallC: number;
  /** Closing speeds below this (m/s) are resolved as plastic, so two balls moving together settle. */
  readonly plasticBelow: number;
  /** Ball–cushion restitution and friction (Han 2005). */
  readonly eCushion: number;
  readonly muCushion: number;
  /** Cushion nose height above the slate, m. */
  readonly noseHeight: number;
  /** Height of the top of the rail above the slate: a flying ball whose bottom clears it leaves the table. */
  readonly railHeight: number;
  /** Ball–table restitution and friction (bounces after an elevated strike or a jump). */
  readonly eTable: number;
  readonly muTable: number;
  /** Bounces lower than this (m) end the flight. */
  readonly minBounce: number;
  /** Cue mass and the cue's effective end mass for squirt, kg. */
  readonly cueMass: number;
  readonly cueEndMass: number;
  /** Tip offsets beyond this (in ball radii) are miscues (§29.1(4) for the referee). */
  readonly miscueLimit: number;
  /** Cue speeds accepted by the strike, m/s. */
  readonly maxCueSpeed: number;
  /** Events after which a shot is abandoned with a reproducible report. */
  readonly maxEvents: number;
}

export const DEFAULT_PARAMS: PhysicsParams = Object.freeze({
  R: 0.034,
  m: 0.28,
  g: 9.81,
  muSlide: 0.2,
  muRoll: 0.01,
  spinDecel: 10.9,
  eBall: 0.95,
  muBallA: 0.00995,
  muBallB: 0.108,
  muBallC: 1.088,
  plasticBelow: 0.005,
  eCushion: 0.85,
  muCushion: 0.2,
  noseHeight: 0.042,
  railHeight: 0.05,
  eTable: 0.5,
  muTable: 0.2,
  minBounce: 0.005,
  cueMass: 0.72,
  cueEndMass: 0.28 / 30,
  miscueLimit: 0.5,
  maxCueSpeed: 12,
  maxEvents: 5000,
});

export const PARAM_NAMES = Object.keys(DEFAULT_PARAMS) as readonly (keyof PhysicsParams)[];
