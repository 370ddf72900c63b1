/**
 * The striker's choices before a shot, each judged by the referee (`checkShotIntent`, the same
 * check it makes of every shot): a cue ball, a call, a placement of a ball in hand. The screen
 * greys out and refuses what the referee would refuse, and says why in both languages.
 */
import type { Call, InHand, MatchState, RefereeError, ShotIntent, ShotTemplate } from '@pyramid/rules';
import { ballName, checkShotIntent } from '@pyramid/rules';
import { POCKET_NAMES, type Point } from '@pyramid/table';
import type { Bilingual } from '../../common/lang.js';
import { ballsAtRest, tableOf } from './table.js';
import type { Selection } from './types.js';

export const EMPTY_SELECTION: Selection = Object.freeze({
  cueBall: null,
  call: null,
  placement: null,
  callBall: null,
});

export type Check = { readonly ok: true } | { readonly ok: false; readonly reason: Bilingual };

const OK: Check = { ok: true };
const refuse = (ru: string, en: string): Check => ({ ok: false, reason: { ru, en } });

const REGION_TEXT: Record<InHand, Bilingual> = {
  house: { ru: 'в доме (за линией дома)', en: 'in the house (behind the house line)' },
  'temporary-house': {
    ru: 'во временном доме (за линией заднего знака)',
    en: 'in the temporary house (beyond the back-spot line)',
  },
  anywhere: { ru: 'в любом месте стола', en: 'anywhere on the bed' },
};

export function regionText(region: InHand): Bilingual {
  return REGION_TEXT[region];
}

/**
 * A gap (mm) kept between a placed ball and its neighbours, so that it does not touch them: not a
 * rule (the referee only refuses an overlap) but what the simulator needs to start from.
 */
const PLACEMENT_GAP = 0.5;

/** The referee's refusal of `intent` in `match`, or null when it would let the stroke be played. */
function refereeRefusal(match: MatchState, intent: ShotIntent): RefereeError | null {
  const checked = checkShotIntent(match, intent);
  return checked.ok ? null : checked.error;
}

/** The ball at rest nearest to `at` (the cue ball aside) and its distance, for the words of a refusal. */
function nearestBall(match: MatchState, cueBall: number, at: Point): { id: number; distance: number } | null {
  let nearest: { id: number; distance: number } | null = null;
  for (const ball of ballsAtRest(match)) {
    if (ball.id === cueBall) continue;
    const distance = Math.hypot(ball.at.x - at.x, ball.at.y - at.y);
    if (nearest === null || distance < nearest.distance) nearest = { id: ball.id, distance };
  }
  return nearest;
}

const touching = (id: number): Check =>
  refuse(
    `Биток не может стоять вплотную к шару: ${ballName(id, 'ru')}.`,
    `The cue ball would touch ${ballName(id, 'en')}.`,
  );

/** Whether the cue ball in hand may be put at `at`: the referee's area and overlap, and a hair of space. */
export function checkPlacement(match: MatchState, template: ShotTemplate, cueBall: number, at: Point): Check {
  const region = template.inHand;
  if (region === null) return refuse('биток не с руки', 'the cue ball is not in hand');
  const { spec } = tableOf(match);
  const nearest = nearestBall(match, cueBall, at);
  const refusal = refereeRefusal(match, { cueBall, call: null, placement: at });
  if (refusal !== null) {
    if (refusal.field !== '/placement') return refuse(refusal.message, refusal.message);
    // The referee refuses a place outside the area or on a ball: say which, in the player's words.
    if (nearest !== null && nearest.distance < spec.ballDiameter) return touching(nearest.id);
    const where = REGION_TEXT[region];
    return refuse(`Биток ставится ${where.ru}.`, `The cue ball must be placed ${where.en}.`);
  }
  if (nearest !== null && nearest.distance < spec.ballDiameter + PLACEMENT_GAP) return touching(nearest.id);
  return OK;
}

/** A legal spot for the ball in hand: where it lay if that is allowed, else a free spot of the region. */
export function suggestPlacement(
  match: MatchState,
  template: ShotTemplate,
  cueBall: number,
  previous: Point | null,
): Point | null {
  if (template.inHand === null) return null;
  if (previous !== null && checkPlacement(match, template, cueBall, previous).ok) return previous;
  const { spec, markings } = tableOf(match);
  const axis = spec.width / 2;
  const r = spec.ballDiameter / 2;
  // Three ball diameters inside the region's line: well inside it on every table size.
  const inset = 3 * spec.ballDiameter;
  const x0 =
    template.inHand === 'temporary-house'
      ? markings.temporaryHouseLineX + inset
      : markings.houseLineX - inset;
  for (let k = 0; k < 200; k++) {
    const dy = ((k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 40) % (axis - r - 5);
    const dx = Math.floor(k / 20) * 60 * (template.inHand === 'temporary-house' ? 1 : -1);
    const at = { x: x0 + dx, y: axis + dy };
    if (checkPlacement(match, template, cueBall, at).ok) return at;
  }
  return null;
}

/** Whether `ball` may be the cue ball now, as the referee says. */
export function checkCueBall(match: MatchState, ball: number): Check {
  const refusal = refereeRefusal(match, { cueBall: ball, call: null, placement: null });
  if (refusal === null) return OK;
  if (refusal.field !== '/cueBall') return refuse(refusal.message, refusal.message);
  return refuse(
    `Этим шаром нельзя бить: ${ballName(ball, 'ru')}.`,
    `${capital(ballName(ball, 'en'))} cannot be the cue ball now.`,
  );
}

/** Whether `call` may be made with `cueBall`, as the referee says (Classic 5.2). */
export function checkCall(match: MatchState, cueBall: number, call: Call): Check {
  const refusal = refereeRefusal(match, { cueBall, call, placement: null });
  if (refusal === null) return OK;
  if (refusal.code === 'call-not-allowed') return refuse('Заказ не нужен.', 'No call is taken on this shot.');
  if (!refusal.field.startsWith('/call')) return refuse(refusal.message, refusal.message);
  return refuse(
    `Нельзя заказать: ${ballName(call.ball, 'ru')} в ${POCKET_NAMES[call.pocket].ru}.`,
    `Cannot call ${ballName(call.ball, 'en')} into the ${POCKET_NAMES[call.pocket].en}.`,
  );
}

/** Whether `ball` may be called at all (in some pocket). */
export function callableBall(template: ShotTemplate, ball: number): boolean {
  return template.calls?.some((c) => c.ball === ball) ?? false;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The selection a new turn starts with: a single allowed cue ball chosen, a ball in hand placed legally. */
export function freshSelection(
  match: MatchState,
  template: ShotTemplate | null,
  previous: Selection,
): Selection {
  if (template === null) return EMPTY_SELECTION;
  const only = template.cueBalls.length === 1 ? (template.cueBalls[0] ?? null) : null;
  const cueBall = only;
  const placement =
    cueBall === null
      ? null
      : suggestPlacement(match, template, cueBall, previous.placement ?? match.positions?.[cueBall] ?? null);
  return { cueBall, call: null, placement, callBall: null };
}

/** Why the shot cannot be struck yet, or null when every choice it needs is made. */
export function missingChoice(template: ShotTemplate, selection: Selection): Bilingual | null {
  if (selection.cueBall === null)
    return { ru: 'Выберите биток (нажмите на шар).', en: 'Choose the cue ball (tap a ball).' };
  if (template.calls !== null && selection.call === null)
    return { ru: 'Закажите шар и лузу.', en: 'Call a ball and a pocket.' };
  if (template.inHand !== null && selection.placement === null)
    return { ru: 'Поставьте биток с руки.', en: 'Place the cue ball in hand.' };
  return null;
}
