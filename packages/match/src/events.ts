/**
 * The simulator's events in the referee's words. A `Simulation` records what happened to the balls
 * (contacts, cushions, jaws, pockets, flights, state transitions); the referee reads an ordered list
 * of `ShotEvent`s (contact, cushion, pocket, off-table and the crossings of the house and centre
 * lines). The line crossings are not simulator events: they are solved here from the trajectory.
 *
 * Units: the simulator works in metres, the referee in millimetres, on the same axes (x from the
 * house-end cushion nose toward the back cushion, y across the table, +y to the left).
 */
import type { SimEvent, Simulation } from '@pyramid/physics';
import type { BallId, ShotEvent } from '@pyramid/rules';
import {
  isBallId,
  markings,
  POCKET_IDS,
  type PocketId,
  REGULATION_12FT,
  type TableSpec,
} from '@pyramid/table';

/** Millimetres per metre: the simulator's unit to the referee's. */
export const MM_PER_M = 1000;

export interface BridgeOptions {
  /** The struck ball: the cue ball for the referee. */
  readonly cueBall: BallId;
  /** The table the shot was played on; its markings give the default lines (default: the 12 ft table). */
  readonly table?: TableSpec;
  /** The house line, mm from the front cushion nose (default: the table's, a quarter of its length). */
  readonly houseLineX?: number;
  /** The centre line, mm from the front cushion nose (default: the table's, half its length). */
  readonly centreLineX?: number;
}

/** A referee's event with the time it happened (s from the strike), in the order they happened. */
export interface TimedShotEvent {
  readonly t: number;
  readonly event: ShotEvent;
}

/**
 * The referee's ordered events of a simulated shot: ball–ball contacts, cushion contacts (a jaw is
 * cushion too), pockets, balls leaving the table, and every crossing of the house and centre lines
 * by any ball's centre. Throws RangeError when the options do not fit the simulation (a cue ball
 * that is not on the table or was not the ball struck, a ball id the referee does not know).
 */
export function shotEventsFromSimulation(sim: Simulation, options: BridgeOptions): ShotEvent[] {
  return timedShotEventsFromSimulation(sim, options).map((entry) => entry.event);
}

/** As `shotEventsFromSimulation`, each event with its time. */
export function timedShotEventsFromSimulation(sim: Simulation, options: BridgeOptions): TimedShotEvent[] {
  checkBalls(sim, options.cueBall);
  const lines = linesOf(options);
  const entries: { t: number; rank: number; order: number; event: ShotEvent }[] = [];
  sim.events.forEach((event, index) => {
    const shot = shotEventOf(event);
    if (shot !== null) entries.push({ t: event.t, rank: 1, order: index, event: shot });
  });
  const ids = sim.trajectory.ids;
  const crossings = [
    ...lineCrossings(sim, lines.houseLineX).map((c) => ({ ...c, type: 'house-line' as const })),
    ...lineCrossings(sim, lines.centreLineX).map((c) => ({ ...c, type: 'centre-line' as const })),
  ];
  for (const crossing of crossings) {
    const line = crossing.type === 'house-line' ? 0 : 1;
    entries.push({
      t: crossing.t,
      // A crossing at the very instant of a simulator event happened on the way to it.
      rank: 0,
      order: ids.indexOf(crossing.ball) * 2 + line,
      event: { type: crossing.type, ball: crossing.ball },
    });
  }
  entries.sort((a, b) => a.t - b.t || a.rank - b.rank || a.order - b.order);
  return entries.map(({ t, event }) => ({ t, event }));
}

/** The house and centre lines in mm, from the options or the table's markings. */
export function linesOf(options: BridgeOptions): { houseLineX: number; centreLineX: number } {
  const marks = markings(options.table ?? REGULATION_12FT);
  const houseLineX = options.houseLineX ?? marks.houseLineX;
  const centreLineX = options.centreLineX ?? marks.centreLineX;
  for (const [name, value] of [
    ['houseLineX', houseLineX],
    ['centreLineX', centreLineX],
  ] as const) {
    if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number of mm, got ${value}`);
  }
  return { houseLineX, centreLineX };
}

function checkBalls(sim: Simulation, cueBall: BallId): void {
  for (const id of sim.trajectory.ids) {
    if (!isBallId(id)) throw new RangeError(`ball ${id} is not a ball the referee knows (0–15)`);
  }
  if (!sim.trajectory.ids.includes(cueBall)) {
    throw new RangeError(`the cue ball ${cueBall} is not one of the simulated balls`);
  }
  const strike = sim.events.find((event) => event.type === 'strike');
  if (strike !== undefined && strike.ball !== cueBall) {
    throw new RangeError(`the simulation struck ball ${strike.ball}, not the cue ball ${cueBall}`);
  }
}

function isPocketId(value: string): value is PocketId {
  return (POCKET_IDS as readonly string[]).includes(value);
}

/** The referee's event for one simulator event, or null for what a referee does not record. */
function shotEventOf(event: SimEvent): ShotEvent | null {
  switch (event.type) {
    case 'ball-ball':
      return { type: 'contact', balls: [event.balls[0], event.balls[1]] };
    case 'cushion':
    case 'jaw':
      return { type: 'cushion', ball: event.ball };
    case 'pocket':
      if (!isPocketId(event.pocket)) throw new RangeError(`unknown pocket ${event.pocket}`);
      return { type: 'pocket', ball: event.ball, pocket: event.pocket };
    case 'off-table':
      return { type: 'off-table', ball: event.ball };
    case 'strike':
    case 'bounce':
    case 'transition':
      return null;
  }
}

/** A crossing of a line x = const by a ball's centre. */
export interface LineCrossing {
  /** s from the strike. */
  readonly t: number;
  readonly ball: BallId;
}

/**
 * Every time a ball's centre crosses the line x = `lineXMm` (mm), in time order, solved exactly by
 * the simulator's trajectory (the line itself belongs to the far side: the house line is not part
 * of the house, п.2).
 */
export function lineCrossings(sim: Simulation, lineXMm: number): LineCrossing[] {
  return sim.trajectory.crossingsOfX(lineXMm / MM_PER_M);
}
