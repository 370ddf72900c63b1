/**
 * The words of the command-line program in English and Russian, and small text helpers: the
 * players' names in the referee's sentences, number and ball formatting, styling and wrapping.
 */
import { type BallId, type EventFoul, pointsUpTo, type ShotKind, type StrokeFoul } from '@pyramid/rules';
import type { Point } from '@pyramid/table';

export type Lang = 'en' | 'ru';
export const LANGS: readonly Lang[] = ['en', 'ru'];

/**
 * A text of a record (a note, a title) in `lang`: records give them as a string, or as an object
 * of strings by language tag; then `lang`, else English, else the first given.
 */
export function inLanguage(value: unknown, lang: Lang): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return null;
  const texts = value as Record<string, unknown>;
  const text = texts[lang] ?? texts.en ?? Object.values(texts)[0];
  return typeof text === 'string' ? text : null;
}

/**
 * The language the environment asks for when --lang is absent: the first of LC_ALL, LC_MESSAGES
 * and LANG that is set (POSIX precedence); Russian when it names Russian (ru, ru_RU.UTF-8, …),
 * English otherwise.
 */
export function langFromEnv(env: Readonly<Record<string, string | undefined>>): Lang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return locale !== undefined && /^ru(?:[_.@-]|$)/i.test(locale) ? 'ru' : 'en';
}

interface Words {
  readonly shotKind: Readonly<Record<ShotKind, string>>;
  readonly by: string;
  readonly cueBall: string;
  readonly fromHandAt: string;
  readonly fromHand: string;
  readonly call: string;
  readonly firstContact: string;
  readonly noContact: string;
  readonly pocketed: string;
  readonly offTable: string;
  readonly toCushion: string;
  readonly cushions: (count: number) => string;
  readonly noCushion: string;
  readonly leftHouseFirst: string;
  readonly frozen: string;
  readonly strokeFoul: string;
  readonly stroke: (gap: number, angle: number) => string;
  readonly strokeFouls: Readonly<Record<StrokeFoul, string>>;
  readonly eventFouls: Readonly<Record<EventFoul, string>>;
  readonly penaltyBall: (who: string, ball: string) => string;
  readonly exchangeBall: (who: string, ball: string) => string;
  readonly dynamicOption: (who: string, option: 1 | 2) => string;
  readonly lag: (winner: string, first: string) => string;
  readonly foulBy: (who: string, what: string) => string;
  readonly interference: (restorable: boolean) => string;
  readonly extension: (who: string) => string;
  readonly legal: string;
  readonly done: string;
  readonly foul: string;
  readonly noPenalty: string;
  readonly score: string;
  readonly scored: string;
  readonly toShelf: string;
  readonly respotted: string;
  readonly next: string;
  readonly note: string;
  readonly frameWon: (who: string, scores: string) => string;
  readonly matchWon: (who: string) => string;
  readonly finalState: string;
  readonly frame: string;
  readonly frames: string;
  readonly shelves: string;
  readonly onTable: string;
  readonly nothing: string;
  readonly winner: string;
  readonly none: string;
  readonly actions: (count: number) => string;
  readonly firstTo: (target: number) => string;
  /** A table by its size in feet (the presets run from 7 to 12). */
  readonly table: (feet: number) => string;
  readonly startSituation: string;
  readonly legend: string;
  readonly positionsUnknown: string;
  readonly atThatPoint: string;
}

const EN: Words = {
  shotKind: { break: 'break', ordinary: 'shot', premium: 'premium shot', penalty: 'penalty shot' },
  by: 'by',
  cueBall: 'cue ball',
  fromHandAt: 'from hand at',
  fromHand: 'from hand',
  call: 'call',
  firstContact: 'first contact',
  noContact: 'no ball touched',
  pocketed: 'pocketed',
  offTable: 'off the table',
  toCushion: 'to a cushion',
  cushions: (count) => `${count} cushion contact${count === 1 ? '' : 's'}`,
  noCushion: 'no cushion contact',
  leftHouseFirst: 'cue ball left the house first',
  frozen: 'frozen to',
  strokeFoul: 'stroke foul',
  stroke: (gap, angle) => `stroke ${gap} mm from the nearest ball at ${angle}°`,
  strokeFouls: {
    'early-stroke': 'stroke before the last shot ended',
    'improper-strike': 'improper strike',
    'feet-off-floor': 'both feet off the floor',
    'touched-ball': 'a ball touched',
    'double-hit': 'double hit',
    push: 'push',
  },
  eventFouls: {
    'touch-after-shot': 'touched a ball after the shot',
    'touch-while-placing': 'touched a ball while placing the cue ball',
    'slow-play': 'slow play',
    'touch-during-opponent-visit': "touched a ball during the opponent's visit",
    'out-of-turn-stroke': 'played out of turn',
  },
  penaltyBall: (who, ball) => `penalty ball: ${who} takes ${ball}`,
  exchangeBall: (who, ball) => `exchange ball: ${who} takes ${ball} for the pocketed cue ball`,
  dynamicOption: (who, option) =>
    option === 1
      ? `${who} chooses option (1): take a ball and play on from the position`
      : `${who} chooses option (2): a penalty shot from anywhere`,
  lag: (winner, first) =>
    winner === first
      ? `lag: ${winner} wins and plays first`
      : `lag: ${winner} wins and lets ${first} play first`,
  foulBy: (who, what) => `foul by ${who}: ${what}`,
  interference: (restorable) =>
    restorable
      ? 'interference by an outsider (the position can be restored)'
      : 'interference by an outsider (the position cannot be restored)',
  extension: (who) => `${who} takes a time extension`,
  legal: 'LEGAL',
  done: 'DONE',
  foul: 'FOUL',
  noPenalty: 'NO PENALTY',
  score: 'score',
  scored: 'scored',
  toShelf: 'to shelf',
  respotted: 're-spotted',
  next: 'next',
  note: 'note',
  frameWon: (who, scores) => `${who} wins the frame ${scores}`,
  matchWon: (who) => `${who} wins the match`,
  finalState: 'Final state',
  frame: 'frame',
  frames: 'frames',
  shelves: 'shelves',
  onTable: 'on table',
  nothing: '—',
  winner: 'winner',
  none: 'none yet',
  actions: (count) => `${count} action${count === 1 ? '' : 's'}`,
  firstTo: (target) => (target === 71 ? 'first to 71 or more' : `first to ${target}`),
  table: (feet) => `${feet} ft table`,
  startSituation: 'starts from a situation in the middle of a frame',
  legend: '● coloured ball   a–f = balls 10–15   ┊ house line (the house is on the left)   · back spot',
  positionsUnknown: 'positions not recorded',
  atThatPoint: 'at that point',
};

const RU: Words = {
  shotKind: { break: 'разбой', ordinary: 'удар', premium: 'премиальный удар', penalty: 'штрафной удар' },
  by: '—',
  cueBall: 'биток',
  fromHandAt: 'с руки, точка',
  fromHand: 'с руки',
  call: 'заказ',
  firstContact: 'первое касание',
  noContact: 'биток не коснулся ни одного шара',
  pocketed: 'в лузе',
  offTable: 'за бортом',
  toCushion: 'до борта',
  cushions: (count) => `касаний бортов: ${count}`,
  noCushion: 'касаний бортов нет',
  leftHouseFirst: 'биток вышел из дома до касания',
  frozen: 'вплотную к битку',
  strokeFoul: 'нарушение при ударе',
  stroke: (gap, angle) => `удар: зазор ${gap} мм, угол ${angle}°`,
  strokeFouls: {
    'early-stroke': 'удар до завершения предыдущего',
    'improper-strike': 'неправильный удар кием',
    'feet-off-floor': 'отрыв обеих ног от пола',
    'touched-ball': 'касание шара',
    'double-hit': 'двойной удар',
    push: 'пропих',
  },
  eventFouls: {
    'touch-after-shot': 'касание шара после удара',
    'touch-while-placing': 'касание шара при установке битка',
    'slow-play': 'замедленная игра',
    'touch-during-opponent-visit': 'касание шара во время подхода соперника',
    'out-of-turn-stroke': 'удар вне очереди',
  },
  penaltyBall: (who, ball) => `штрафной шар: ${who} снимает ${ball}`,
  exchangeBall: (who, ball) => `шар взамен битка: ${who} снимает ${ball}`,
  dynamicOption: (who, option) =>
    option === 1
      ? `${who}: вариант (1) — снять шар и играть из сложившейся позиции`
      : `${who}: вариант (2) — штрафной удар с любого места стола`,
  lag: (winner, first) =>
    winner === first
      ? `розыгрыш: побеждает ${winner}, играет первым`
      : `розыгрыш: побеждает ${winner}, первым играет ${first}`,
  foulBy: (who, what) => `нарушение (${who}): ${what}`,
  interference: (restorable) =>
    restorable
      ? 'вмешательство постороннего (положение можно восстановить)'
      : 'вмешательство постороннего (положение восстановить нельзя)',
  extension: (who) => `${who}: дополнительное время`,
  legal: 'ПРАВИЛЬНО',
  done: 'ПРИНЯТО',
  foul: 'ШТРАФ',
  noPenalty: 'БЕЗ ШТРАФА',
  score: 'счёт',
  scored: 'засчитаны',
  toShelf: 'на полку',
  respotted: 'выставлены',
  next: 'дальше',
  note: 'комментарий',
  frameWon: (who, scores) => `${who} выигрывает партию ${scores}`,
  matchWon: (who) => `${who} выигрывает матч`,
  finalState: 'Итог',
  frame: 'партия',
  frames: 'партии',
  shelves: 'полки',
  onTable: 'на столе',
  nothing: '—',
  winner: 'победитель',
  none: 'пока нет',
  actions: (count) => `действий: ${count}`,
  firstTo: (target) => (target === 71 ? 'до 71 очка и более' : pointsUpTo(target, 'ru')),
  // 7–12: every one of them takes «футов».
  table: (feet) => `стол ${feet} футов`,
  startSituation: 'начинается с позиции в середине партии',
  legend: '● цветной шар   a–f = шары 10–15   ┊ линия дома (дом слева)   · задняя отметка',
  positionsUnknown: 'положение шаров не записано',
  atThatPoint: 'в этот момент',
};

export function words(lang: Lang): Words {
  return lang === 'ru' ? RU : EN;
}

export function ballList(balls: readonly BallId[]): string {
  return balls.join(', ');
}

export function mm(value: number): string {
  return String(Math.round(value));
}

export function at(point: Point): string {
  return `(${mm(point.x)}, ${mm(point.y)})`;
}

/** A signed number with a true minus sign: +1, −5. */
export function signed(value: number): string {
  return value < 0 ? `−${-value}` : `+${value}`;
}

/** ANSI styling that disappears when colours are off (a pipe, a file, NO_COLOR). */
export interface Style {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
}

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

export function style(colour: boolean): Style {
  if (!colour) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain };
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
  };
}

/** The columns `text` takes on a terminal: colour codes take none. */
export function visibleLength(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
  return text.replace(/\x1b\[[0-9;]*m/g, '').length;
}

/**
 * Lines fitted to `width` columns: a longer line is wrapped at its words, its continuation indented
 * two columns deeper than the line itself.
 */
export function fitToWidth(lines: readonly string[], width: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (visibleLength(line) <= width) out.push(line);
    else {
      const indent = /^\s*/.exec(line)?.[0] ?? '';
      out.push(...wrap(line.slice(indent.length), width, indent, `${indent}  `));
    }
  }
  return out;
}

/** Wraps `text` to `width` columns; continuation lines get `indent`. Words are never split. */
export function wrap(text: string, width: number, firstIndent: string, indent: string): string[] {
  const lines: string[] = [];
  let line = firstIndent;
  let length = visibleLength(firstIndent);
  let empty = true;
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const size = visibleLength(word);
    if (!empty && length + 1 + size > width) {
      lines.push(line);
      line = indent + word;
      length = visibleLength(indent) + size;
    } else {
      line += empty ? word : ` ${word}`;
      length += empty ? size : 1 + size;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}
