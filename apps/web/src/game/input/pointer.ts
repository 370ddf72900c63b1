/**
 * Pointer input on the table (mouse, pen and touch alike):
 * - a tap on a ball chooses it when a choice wants a ball (the Free cue ball, a Classic call, a
 *   penalty or exchange ball); a tap near a pocket calls it in Classic; with the cue ball in hand
 *   a tap places it (refused, with the reason, outside the allowed area); otherwise a tap aims at
 *   the point tapped;
 * - a drag from the cue ball pulls the cue back: the stroke points away from the pointer, the pull
 *   sets the power, and releasing strikes (a short pull cancels);
 * - a drag anywhere else turns the aim: the stroke points from the cue ball towards the pointer;
 * - in practice, while moving balls, a drag moves a ball and a double tap removes it;
 * - while a shot is animating, a press on the table skips to its end (Escape on a keyboard): the
 *   positions come from the simulation, so nothing but the wait changes.
 */
import { POCKET_IDS, type Point, pocketCentre } from '@pyramid/table';
import type { TableView } from '../../view/types.js';
import type { Controller } from '../controller.js';
import {
  angleTowards,
  ballRadius,
  ballsAtRest,
  choices,
  cuePosition,
  personToAct,
  shotTemplate,
  tableOf,
} from '../state/index.js';

/** A pointer that moves less than this (px) is a tap. */
const TAP_PX = 8;
/** The pull on the bed (mm) that gives full power... */
const FULL_PULL = 600;
/** ...but never a finger travel shorter than this fraction of the canvas's shorter side (CSS px). */
const FULL_PULL_SCREEN = 0.18;
/** Pulls shorter than this (as power) are cancelled rather than struck. */
const MIN_PULL = 0.03;

type Gesture =
  | { kind: 'pending'; x: number; y: number; at: Point }
  | { kind: 'aim' }
  /** `pull`: the last pull (as power) seen on the bed, kept when the pointer leaves the table. */
  | { kind: 'pull'; from: Point; pull: number; screen: { x: number; y: number }; fullPx: number }
  | { kind: 'move-ball'; ball: number; at: Point };

/** The ball under a table point (within a radius and a half, for fingers), nearest first. */
function ballAt(controller: Controller, at: Point): number | null {
  let best: { id: number; d: number } | null = null;
  const game = controller.state;
  const balls = ballsAtRest(game.match).map((b) => ({ ...b }));
  const template = shotTemplate(game.match);
  const cue = game.selection.cueBall;
  if (template?.inHand != null && cue !== null && game.selection.placement !== null) {
    const i = balls.findIndex((b) => b.id === cue);
    if (i >= 0) balls.splice(i, 1);
    balls.push({ id: cue, at: game.selection.placement });
  }
  const r = ballRadius(game.match);
  for (const { id, at: p } of balls) {
    const d = Math.hypot(p.x - at.x, p.y - at.y);
    if (d <= r * 1.6 && (best === null || d < best.d)) best = { id, d };
  }
  return best?.id ?? null;
}

function pocketNear(controller: Controller, at: Point): (typeof POCKET_IDS)[number] | null {
  const { spec } = tableOf(controller.state.match);
  // A generous finger's reach around the pocket: a little over two balls on every size.
  const reach = 2.35 * spec.ballDiameter;
  for (const id of POCKET_IDS) {
    const c = pocketCentre(spec, id);
    if (Math.hypot(c.x - at.x, c.y - at.y) < reach) return id;
  }
  return null;
}

export function attachPointer(canvas: HTMLCanvasElement, view: TableView, controller: Controller): void {
  let gesture: Gesture | null = null;
  let lastTap = { ball: -1, time: 0 };

  /** The power of a pull to this client point: its screen length over the full-power length. */
  const pullTo = (g: Extract<Gesture, { kind: 'pull' }>, x: number, y: number) =>
    Math.min(1, Math.hypot(x - g.screen.x, y - g.screen.y) / g.fullPx);

  const tap = (at: Point) => {
    const game = controller.state;
    const ball = ballAt(controller, at);
    if (game.mode === 'practice' && game.editing) {
      const now = performance.now();
      if (ball !== null && lastTap.ball === ball && now - lastTap.time < 400)
        controller.dispatch({ type: 'practice-remove', ball });
      lastTap = { ball: ball ?? -1, time: now };
      return;
    }
    if (!personToAct(game) || game.busy) return;
    const pending = choices(game.match);
    if (ball !== null) {
      const choice = pending.find(
        (c) => (c.type === 'penalty-ball' || c.type === 'exchange-ball') && c.ball === ball,
      );
      if (choice !== undefined) return controller.dispatch({ type: 'choose', choice });
    }
    const template = shotTemplate(game.match);
    if (template === null) return;
    if (ball !== null && template.cueBalls.length > 1 && game.selection.cueBall === null)
      return controller.dispatch({ type: 'select-cue-ball', ball });
    if (template.calls !== null) {
      if (ball !== null && ball !== game.selection.cueBall && template.calls.some((c) => c.ball === ball))
        return controller.dispatch({ type: 'call-ball', ball });
      const pocket = pocketNear(controller, at);
      if (pocket !== null && game.selection.callBall !== null)
        return controller.dispatch({ type: 'call-pocket', pocket });
    }
    if (template.inHand !== null && (ball === null || ball === game.selection.cueBall)) {
      if (ball === null) return controller.dispatch({ type: 'place', at });
      return;
    }
    controller.dispatch({ type: 'aim-at', at });
  };

  canvas.addEventListener('pointerdown', (event) => {
    // A second finger is a pinch of the view (view/index.ts), never an aim or a stroke.
    if (!event.isPrimary) {
      gesture = null;
      return;
    }
    if (view.animating) return controller.skip();
    const at = view.pick(event.clientX, event.clientY);
    if (at === null) return;
    canvas.setPointerCapture(event.pointerId);
    const game = controller.state;
    if (game.mode === 'practice' && game.editing) {
      const ball = ballAt(controller, at);
      gesture =
        ball === null
          ? { kind: 'pending', x: event.clientX, y: event.clientY, at }
          : { kind: 'move-ball', ball, at };
      if (ball !== null) tap(at);
      return;
    }
    const cue = cuePosition(game);
    if (
      cue !== null &&
      personToAct(game) &&
      Math.hypot(cue.x - at.x, cue.y - at.y) <= ballRadius(game.match) * 2
    ) {
      // Full power is FULL_PULL on the bed as drawn, or a fraction of the screen if that is longer.
      const screen = view.project(cue) ?? { x: event.clientX, y: event.clientY };
      const far = view.project({ x: cue.x + FULL_PULL, y: cue.y });
      const bedPx = far === null ? 0 : Math.hypot(far.x - screen.x, far.y - screen.y);
      const fullPx = Math.max(bedPx, FULL_PULL_SCREEN * Math.min(canvas.clientWidth, canvas.clientHeight), 1);
      gesture = { kind: 'pull', from: cue, pull: 0, screen, fullPx };
      return;
    }
    gesture = { kind: 'pending', x: event.clientX, y: event.clientY, at };
  });

  canvas.addEventListener('pointermove', (event) => {
    if (gesture === null) return;
    const at = view.pick(event.clientX, event.clientY);
    if (at === null) return;
    if (gesture.kind === 'pending') {
      if (Math.hypot(event.clientX - gesture.x, event.clientY - gesture.y) < TAP_PX) return;
      gesture = { kind: 'aim' };
    }
    if (gesture.kind === 'move-ball') {
      gesture = { ...gesture, at };
      return;
    }
    if (gesture.kind === 'aim') {
      if (personToAct(controller.state)) controller.dispatch({ type: 'aim-at', at });
      return;
    }
    const angle = angleTowards(at, gesture.from);
    const pull = pullTo(gesture, event.clientX, event.clientY);
    gesture = { ...gesture, pull };
    if (angle !== null) controller.dispatch({ type: 'aim-angle', angleDeg: angle });
    controller.dispatch({ type: 'power', power: pull });
  });

  const end = (event: PointerEvent, cancelled: boolean) => {
    const done = gesture;
    gesture = null;
    if (done === null || cancelled) return;
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    if (done.kind === 'pending') return tap(done.at);
    if (done.kind === 'move-ball') {
      const from = controller.state.match.positions?.[done.ball];
      if (from !== undefined && Math.hypot(from.x - done.at.x, from.y - done.at.y) > 2)
        controller.dispatch({ type: 'practice-move', ball: done.ball, at: done.at });
      return;
    }
    if (done.kind === 'pull') {
      // Released past the rail (a long pull on a small table): the last pull over the table counts.
      const at = view.pick(event.clientX, event.clientY);
      const pull = at === null ? done.pull : pullTo(done, event.clientX, event.clientY);
      if (pull >= MIN_PULL) void controller.strike();
    }
  };
  canvas.addEventListener('pointerup', (event) => end(event, false));
  canvas.addEventListener('pointercancel', (event) => end(event, true));
}
