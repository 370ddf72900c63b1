/**
 * The only measured cushion rebounds Mathavan, Jackson & Parkin publish in "A theoretical analysis
 * of billiard ball dynamics under cushion impacts" (Proc. IMechE C 224 (2010) 1863–1873,
 * doi:10.1243/09544062JMES1964): Fig. 7(a), p. 1870, the experimental diamonds. A snooker ball
 * (52.5 mm, 140.6 g) rolling square into the cushion of a Riley Renaissance snooker table (incidence
 * 0° from the normal, no side spin), filmed with a stationary high-speed camera; incident and
 * rebound speed in m/s. The paper's rebound-versus-incidence plots (Figs. 8–10, with and without
 * spin) are the model's output only: it reports no measured oblique rebound angle and no measured
 * spin after the impact.
 *
 * Values as digitised from the figure's embedded image (marker centres, axis calibration
 * incident = (px − 66)·4/457, rebound = (440 − py)·3/435) by the BilliardGL project
 * (github.com/maxjchuang/BilliardGL, tests/physics_validation/reference_data/mathavan_2010_cushion),
 * checked there by a second, independent centre-finding pass. The authors hold the rigid-cushion
 * model valid below 2.5 m/s of normal speed; the points above it are kept but marked.
 */
export interface MeasuredRebound {
  /** Incident speed, m/s (square hit, rolling). */
  readonly incident: number;
  /** Rebound speed, m/s. */
  readonly rebound: number;
  /** Below the 2.5 m/s limit of the rigid-cushion model the authors give. */
  readonly rigid: boolean;
}

const point = (incident: number, rebound: number): MeasuredRebound =>
  Object.freeze({ incident, rebound, rigid: incident < 2.5 });

export const MATHAVAN_2010_FIG7A: readonly MeasuredRebound[] = Object.freeze([
  point(0.262999, 0.234401),
  point(0.354983, 0.323511),
  point(0.418037, 0.383074),
  point(0.650776, 0.583087),
  point(0.704133, 0.665104),
  point(0.844922, 0.790892),
  point(1.153559, 1.068803),
  point(1.29918, 1.236813),
  point(1.526487, 1.455654),
  point(1.755444, 1.645238),
  point(1.991247, 1.824138),
  point(2.276377, 2.031109),
  point(2.52954, 2.279685),
  point(2.700844, 2.265189),
  point(2.892779, 2.382759),
  point(2.984683, 2.462069),
  point(3.106437, 2.620175),
  point(3.1851, 2.568495),
  point(3.40454, 2.732328),
]);

/** The ball and cushion of that experiment, as the paper gives them (SI). */
export const MATHAVAN_2010_SET = Object.freeze({
  R: 0.02625,
  /** Nose height 7R/5. */
  noseHeight: 1.4 * 0.02625,
  /** e and μw the paper fitted to these measurements; μs of the snooker cloth. */
  eCushion: 0.98,
  muCushion: 0.14,
  muSlide: 0.212,
});
