/**
 * The hint in words: what the shot means with its measured chance, then how it is struck — "pot 7
 * in the right middle pocket, 94 % · medium, follow" / «забить 7 в правую среднюю лузу, 94 % ·
 * средний удар, накат». Every kind of shot the computer plans has its words in both languages: a
 * pot, a bank (дуплет), a свояк (the cue ball into the pocket off an object ball), a safety (п.20
 * asks only a legal contact of it) and the break, which is never called a pot.
 */
import type { Hint } from '@pyramid/bots';
import { COLOURED, type MatchState } from '@pyramid/rules';
import type { PocketId } from '@pyramid/table';
import { type Lang, type Strings, translator } from '../../common/lang.js';
import { powerOf } from '../state/aim.js';

export const HINT_STRINGS = {
  pot: { ru: 'забить {ball} в {pocket}', en: 'pot {ball} in the {pocket}' },
  bank: { ru: 'забить {ball} дуплетом в {pocket}', en: 'bank {ball} off a cushion into the {pocket}' },
  svoyak: { ru: 'свояк: биток от {first} в {pocket}', en: 'pot the cue ball off {first} in the {pocket}' },
  safety: { ru: 'отыгрыш от {first}', en: 'play safe off {first}' },
  safetyAny: { ru: 'отыгрыш', en: 'play safe' },
  break: { ru: 'разбой', en: 'break' },
  /** A shot meant to pocket a ball: the chance that it falls. */
  chance: { ru: '{what}, {chance} %', en: '{what}, {chance} %' },
  /** A safety or the break: the chance of a legal shot. */
  noFoul: { ru: '{what}, без штрафа {chance} %', en: '{what}, no foul {chance} %' },
  cueBall: { ru: 'биток — {ball}', en: 'cue ball {ball}' },
  fromHand: { ru: 'с руки', en: 'from hand' },
  soft: { ru: 'мягкий удар', en: 'soft' },
  medium: { ru: 'средний удар', en: 'medium' },
  firm: { ru: 'сильный удар', en: 'firm' },
  hard: { ru: 'очень сильный удар', en: 'hard' },
  centre: { ru: 'в центр', en: 'centre ball' },
  follow: { ru: 'накат', en: 'follow' },
  draw: { ru: 'оттяжка', en: 'draw' },
  left: { ru: 'левый винт', en: 'left side' },
  right: { ru: 'правый винт', en: 'right side' },
  coloured: { ru: 'цветной', en: 'the coloured ball' },
  /** After «от» / "off": the genitive in Russian. */
  ballOff: { ru: 'шара {n}', en: 'ball {n}' },
  colouredOff: { ru: 'цветного', en: 'the coloured ball' },
  // After «в» Russian takes the accusative: «в правую среднюю лузу».
  pocketFL: { ru: 'левую угловую лузу у дома', en: 'front left corner pocket' },
  pocketFR: { ru: 'правую угловую лузу у дома', en: 'front right corner pocket' },
  pocketML: { ru: 'левую среднюю лузу', en: 'left middle pocket' },
  pocketMR: { ru: 'правую среднюю лузу', en: 'right middle pocket' },
  pocketBL: { ru: 'левую угловую лузу у заднего борта', en: 'back left corner pocket' },
  pocketBR: { ru: 'правую угловую лузу у заднего борта', en: 'back right corner pocket' },
} as const satisfies Strings<string>;

/** A tip offset under this (ball radii) is read as none: the centre of the ball. */
const TIP_NOTICED = 0.1;

/** The strike's power in words, by the power the slider shows for its speed. */
function powerWord(speed: number): 'soft' | 'medium' | 'firm' | 'hard' {
  const power = powerOf(speed);
  if (power < 0.2) return 'soft';
  if (power < 0.45) return 'medium';
  if (power < 0.7) return 'firm';
  return 'hard';
}

/** What the shot means, its chance, and how it is struck, in `lang`. */
export function hintWords(hint: Hint, match: MatchState, lang: Lang): string {
  const t = translator(HINT_STRINGS, lang);
  const ball = (id: number | null) => (id === COLOURED ? t('coloured') : String(id));
  const off = (id: number | null) => (id === COLOURED ? t('colouredOff') : t('ballOff', { n: String(id) }));
  const pocket = (id: PocketId | null) => (id === null ? '' : t(`pocket${id}`));
  const intent = hint.intent;
  let what: string;
  switch (intent.kind) {
    case 'pot':
      what = t('pot', { ball: ball(intent.ball), pocket: pocket(intent.pocket) });
      break;
    case 'bank':
      what = t('bank', { ball: ball(intent.ball), pocket: pocket(intent.pocket) });
      break;
    case 'svoyak':
      what = t('svoyak', { first: off(intent.first), pocket: pocket(intent.pocket) });
      break;
    case 'safety':
      what = intent.first === null ? t('safetyAny') : t('safety', { first: off(intent.first) });
      break;
    case 'break':
      what = t('break');
      break;
  }
  const pots = intent.kind === 'pot' || intent.kind === 'bank' || intent.kind === 'svoyak';
  // No chance is stated when nothing could be simulated (a match without positions).
  const claim =
    hint.samples === 0
      ? what
      : t(pots ? 'chance' : 'noFoul', { what, chance: Math.round(hint.chance * 100) });
  const parts = [claim];
  const turn = match.turn;
  if (turn.kind === 'shot' && turn.terms.cueBall === 'choose')
    parts.push(t('cueBall', { ball: ball(hint.shot.cueBall) }));
  if (hint.shot.placement !== null) parts.push(t('fromHand'));
  const strike = hint.shot.strike;
  const side = strike.side ?? 0;
  const height = strike.height ?? 0;
  const spin: string[] = [];
  if (height >= TIP_NOTICED) spin.push(t('follow'));
  if (height <= -TIP_NOTICED) spin.push(t('draw'));
  if (side <= -TIP_NOTICED) spin.push(t('left'));
  if (side >= TIP_NOTICED) spin.push(t('right'));
  if (spin.length === 0) spin.push(t('centre'));
  parts.push([t(powerWord(strike.speed)), ...spin].join(', '));
  return parts.join(' · ');
}
