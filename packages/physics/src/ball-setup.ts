/**
 * A ball as a simulation starts it: the input of `simulate` and of its validation (`validate.ts`),
 * in a module of its own so that neither has to import the other for the type.
 */
export interface BallSetup {
  readonly id: number;
  /** Centre position on the bed, m. */
  readonly x: number;
  readonly y: number;
  readonly v?: readonly [number, number, number];
  readonly w?: readonly [number, number, number];
}
