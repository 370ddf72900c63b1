/**
 * A simulated shot as the view animates it: the physics trajectory sampled at any time (metres →
 * millimetres, the height of the ball's bottom above the bed), and the sound-worthy events with
 * the speed of each contact, read from the trajectory just before the event.
 */
import type { BallState, Simulation } from '@pyramid/physics';
import type { Point } from '@pyramid/table';
import type { AnimationEvent, BallFrame, ShotAnimation } from '../view/types.js';

const MM = 1000;
/** How long before an event the speeds of its balls are read, s. */
const BEFORE = 1e-4;

function frameOf(ball: BallState, radius: number): BallFrame {
  const gone = ball.state === 'pocketed' || ball.state === 'off-table';
  return {
    id: ball.id,
    x: ball.r[0] * MM,
    y: ball.r[1] * MM,
    z: Math.max(0, (ball.r[2] - radius) * MM),
    wx: ball.w[0],
    wy: ball.w[1],
    wz: ball.w[2],
    gone,
  };
}

const speedOf = (v: readonly number[]) => Math.sqrt((v[0] ?? 0) ** 2 + (v[1] ?? 0) ** 2 + (v[2] ?? 0) ** 2);

export function animationEvents(simulation: Simulation): AnimationEvent[] {
  const trajectory = simulation.trajectory;
  const out: AnimationEvent[] = [];
  for (const event of simulation.events) {
    const kind =
      event.type === 'ball-ball'
        ? 'ball'
        : event.type === 'cushion' || event.type === 'jaw'
          ? 'cushion'
          : event.type === 'pocket'
            ? 'pocket'
            : event.type === 'bounce'
              ? 'slate'
              : null;
    if (kind === null) continue;
    const states = trajectory.sample(Math.max(0, event.t - BEFORE));
    const find = (id: number) => states.find((s) => s.id === id);
    let speed = 0;
    if (event.type === 'ball-ball') {
      const a = find(event.balls[0]);
      const b = find(event.balls[1]);
      if (a !== undefined && b !== undefined)
        speed = speedOf([a.v[0] - b.v[0], a.v[1] - b.v[1], a.v[2] - b.v[2]]);
    } else {
      const ball = find(event.ball);
      if (ball !== undefined) speed = speedOf(ball.v);
    }
    out.push({ t: event.t, kind, speed });
  }
  return out;
}

/** How long a pocketed ball is shown dropping into its pocket, s (it then is gone). */
export const DROP_S = 0.16;
/** Gravity, mm/s²: the drop is a free fall below the bed. */
const G_MM = 9810;

/**
 * The shot as drawn: the trajectory, and each pocketed ball falling below the bed for DROP_S after
 * the physics captured it (the view shows it sink into the pocket instead of vanishing). The
 * animation lasts until the last drop ends; the positions at rest are the simulation's.
 */
export function animationFrom(simulation: Simulation): ShotAnimation {
  const radius = simulation.params.R;
  const trajectory = simulation.trajectory;
  const pocketedAt = new Map<number, number>();
  for (const event of simulation.events) if (event.type === 'pocket') pocketedAt.set(event.ball, event.t);
  let duration = simulation.duration;
  for (const t of pocketedAt.values()) duration = Math.max(duration, t + DROP_S);
  const sample = (t: number): BallFrame[] =>
    trajectory.sample(Math.min(t, simulation.duration)).map((ball) => {
      const frame = frameOf(ball, radius);
      const at = pocketedAt.get(ball.id);
      if (!frame.gone || at === undefined || t >= at + DROP_S) return frame;
      const fall = Math.max(0, t - at);
      return { ...frame, gone: false, z: -0.5 * G_MM * fall * fall };
    });
  return { duration, sample, events: animationEvents(simulation) };
}

/** Balls at rest as the view draws them. */
export function restFrames(balls: readonly { id: number; at: Point }[]): BallFrame[] {
  return balls.map(({ id, at }) => ({ id, x: at.x, y: at.y, z: 0, wx: 0, wy: 0, wz: 0, gone: false }));
}
