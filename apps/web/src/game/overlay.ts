/**
 * What the view draws over the table for the state: the cue and the aim, the aiming aid (the ghost
 * ball where the cue ball first meets a ball and the line that ball leaves on), the area where a
 * ball in hand may go, highlighted choosable balls, the selected ball and the called pocket.
 */
import type { Point, TableSpec } from '@pyramid/table';
import type { BallFrame, Overlay } from '../view/types.js';
import { restFrames } from './animation.js';
import {
  ballsAtRest,
  checkPlacement,
  choices,
  cuePosition,
  type GameState,
  personToAct,
  shotTemplate,
  tableOf,
} from './state/index.js';

/** The balls at rest as drawn: the ball in hand at its placement. */
export function restingBalls(game: GameState): BallFrame[] {
  const template = shotTemplate(game.match);
  const cue = game.selection.cueBall;
  const balls = ballsAtRest(game.match).filter((b) => !(template?.inHand != null && b.id === cue));
  if (template?.inHand != null && cue !== null && game.selection.placement !== null)
    balls.push({ id: cue, at: game.selection.placement });
  return restFrames(balls);
}

/** The first ball the cue ball would meet going from `from` at `angleDeg`, with the ghost position. */
export function firstContact(
  game: GameState,
  from: Point,
  angleDeg: number,
): { ghost: Point; ball: number; target: Point } | null {
  const rad = (angleDeg * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  const cue = game.selection.cueBall;
  let best: { s: number; ball: number; target: Point } | null = null;
  const d2 = tableOf(game.match).spec.ballDiameter ** 2;
  for (const { id, at } of ballsAtRest(game.match)) {
    if (id === cue) continue;
    const px = at.x - from.x;
    const py = at.y - from.y;
    const along = px * dx + py * dy;
    if (along <= 0) continue;
    const perp2 = px * px + py * py - along * along;
    if (perp2 >= d2) continue;
    const s = along - Math.sqrt(d2 - perp2);
    if (s >= 0 && (best === null || s < best.s)) best = { s, ball: id, target: at };
  }
  if (best === null) return null;
  return {
    ghost: { x: from.x + dx * best.s, y: from.y + dy * best.s },
    ball: best.ball,
    target: best.target,
  };
}

/** Where the straight path from `from` meets the cushion (the bed inset by a radius). */
function toCushion(spec: TableSpec, from: Point, angleDeg: number): Point {
  const r = spec.ballDiameter / 2;
  const rad = (angleDeg * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  let s = Number.POSITIVE_INFINITY;
  if (dx > 1e-9) s = Math.min(s, (spec.length - r - from.x) / dx);
  if (dx < -1e-9) s = Math.min(s, (r - from.x) / dx);
  if (dy > 1e-9) s = Math.min(s, (spec.width - r - from.y) / dy);
  if (dy < -1e-9) s = Math.min(s, (r - from.y) / dy);
  if (!Number.isFinite(s) || s < 0) s = 0;
  return { x: from.x + dx * s, y: from.y + dy * s };
}

export function overlayOf(game: GameState): Overlay {
  const template = shotTemplate(game.match);
  const mine = personToAct(game) && !game.busy;
  const out: { -readonly [K in keyof Overlay]?: Exclude<Overlay[K], undefined> } = {};
  if (game.mode === 'watch' || game.editing) return {};
  const pending = choices(game.match);
  const ballChoices = pending.flatMap((c) =>
    c.type === 'penalty-ball' || c.type === 'exchange-ball' ? [c.ball] : [],
  );
  if (ballChoices.length > 0) out.highlight = ballChoices;
  if (template !== null) {
    const cue = game.selection.cueBall;
    if (template.cueBalls.length > 1 && cue === null) out.highlight = template.cueBalls;
    if (template.calls !== null) out.selected = game.selection.call?.ball ?? game.selection.callBall;
    else out.selected = template.cueBalls.length > 1 ? cue : null;
    out.pocket = game.selection.call?.pocket ?? null;
    if (template.inHand !== null && mine) {
      const at = game.selection.placement;
      out.placement = {
        region: template.inHand,
        houseLineX: tableOf(game.match).markings.houseLineX,
        at,
        allowed: at !== null && cue !== null && checkPlacement(game.match, template, cue, at).ok,
      };
    }
    const from = cuePosition(game);
    if (mine && from !== null && cue !== null) {
      out.aim = {
        cueBall: cue,
        from,
        angleDeg: game.aim.angleDeg,
        pull: game.aim.power,
        elevationDeg: game.aim.elevationDeg,
      };
      if (game.aid) {
        const contact = firstContact(game, from, game.aim.angleDeg);
        if (contact === null) {
          out.path = [from, toCushion(tableOf(game.match).spec, from, game.aim.angleDeg)];
        } else {
          const ox = contact.target.x - contact.ghost.x;
          const oy = contact.target.y - contact.ghost.y;
          const len = Math.sqrt(ox * ox + oy * oy) || 1;
          out.path = [from, contact.ghost];
          out.ghost = {
            at: contact.ghost,
            objectLine: {
              from: contact.target,
              to: { x: contact.target.x + (ox / len) * 600, y: contact.target.y + (oy / len) * 600 },
            },
          };
        }
      }
    }
  }
  return out;
}
