/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): a player's rating, its deviation
 * (how uncertain it is) and its volatility, updated once per rating period from the games of that
 * period. The server rates each rated match as one period per player, per variant.
 *
 * Ratings are not part of any ruling or simulation, so the platform's `Math.exp`/`Math.log` are
 * fine here: they never reach a record or a state hash.
 */

export interface Glicko2Rating {
  /** On the familiar Glicko scale (1500 for a newcomer). */
  readonly rating: number;
  /** Rating deviation on the same scale: 350 for a newcomer, smaller as games are played. */
  readonly rd: number;
  /** σ: how erratic the player's strength is. */
  readonly volatility: number;
}

export interface RatedGame {
  readonly opponent: Glicko2Rating;
  /** 1 a win, 0 a loss, 0.5 a draw (pyramid has no draws, but a period may be rated so). */
  readonly score: 0 | 0.5 | 1;
}

/** A newcomer: the values the paper recommends (step 1). */
export const INITIAL_RATING: Glicko2Rating = Object.freeze({ rating: 1500, rd: 350, volatility: 0.06 });

/** τ constrains the change of volatility over time; the paper suggests 0.3–1.2. */
export const DEFAULT_TAU = 0.5;

/** The scale factor between the Glicko scale and Glicko-2's internal one (step 2). */
const SCALE = 173.7178;
/** Convergence tolerance of the volatility iteration (step 5). */
const EPSILON = 0.000001;
/** A bound on the volatility iteration: the Illinois method converges in a few dozen steps. */
const MAX_ITERATIONS = 100;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The player's rating after one rating period with `games`. With no games only the deviation
 * grows (step 6 applied alone), never past a newcomer's.
 */
export function updateRating(
  player: Glicko2Rating,
  games: readonly RatedGame[],
  tau: number = DEFAULT_TAU,
): Glicko2Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) {
    const rd = Math.min(Math.sqrt(phi * phi + sigma * sigma) * SCALE, INITIAL_RATING.rd);
    return { rating: player.rating, rd, volatility: sigma };
  }

  // Step 3: the estimated variance v; step 4: the estimated improvement Δ.
  let vInverse = 0;
  let improvement = 0;
  for (const game of games) {
    const muJ = (game.opponent.rating - 1500) / SCALE;
    const phiJ = game.opponent.rd / SCALE;
    const gJ = g(phiJ);
    const e = expected(mu, muJ, phiJ);
    vInverse += gJ * gJ * e * (1 - e);
    improvement += gJ * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * improvement;

  // Step 5: the new volatility, by the Illinois variant of regula falsi.
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) upper = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0 && k < MAX_ITERATIONS) k += 1;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  for (let i = 0; i < MAX_ITERATIONS && Math.abs(upper - lower) > EPSILON; i++) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else fLower /= 2;
    upper = c;
    fUpper = fC;
  }
  const volatility = Math.exp(lower / 2);

  // Steps 6–8: the pre-period deviation, then the new deviation and rating.
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * improvement;
  return {
    rating: SCALE * muNew + 1500,
    rd: Math.min(SCALE * phiNew, INITIAL_RATING.rd),
    volatility,
  };
}
