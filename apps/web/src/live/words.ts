/** The live page's words, in Russian and English (`?lang=`, else the browser's language). */
import type { Strings } from '../common/lang.js';

export const LIVE_STRINGS = {
  title: { ru: 'Пирамида — матч в прямом эфире', en: 'Pyramid — live match' },
  tableTitle: { ru: 'Стол {name}', en: 'Table {name}' },
  connecting: { ru: 'подключение…', en: 'connecting…' },
  live: { ru: 'в эфире', en: 'live' },
  offline: { ru: 'нет связи — переподключение…', en: 'offline — reconnecting…' },
  notFound: { ru: 'Матч не найден', en: 'No such match' },
  noMatch: { ru: 'Стол {name}: сейчас матча нет', en: 'Table {name}: no match now' },
  badQuery: { ru: 'Ошибка в адресе: {field} — {message}', en: 'Bad address: {field} — {message}' },
  race: { ru: 'до {n} побед', en: 'race to {n}' },
  table: { ru: 'стол {name}', en: 'table {name}' },
  frames: { ru: 'партии', en: 'frames' },
  points: { ru: 'очки', en: 'points' },
  atTable: { ru: 'У стола: {name}', en: 'At the table: {name}' },
  betweenFrames: { ru: 'Между партиями', en: 'Between frames' },
  notStarted: { ru: 'Матч ещё не начался', en: 'Not started yet' },
  finished: { ru: 'Матч окончен: победил {name}', en: 'Match over: {name} won' },
  log: { ru: 'Решения судьи — партия {n}', en: 'Rulings — frame {n}' },
  noRulings: { ru: 'Ещё ни одного решения', en: 'No ruling yet' },
  serverWords: { ru: 'Последнее решение', en: 'Last ruling' },
  withdrawn: {
    ru: 'Последнее действие отменено (исправление).',
    en: 'The last action was withdrawn (a correction).',
  },
  corrections: { ru: 'исправлений в протоколе: {n}', en: 'corrections in the log: {n}' },
  overlay: { ru: 'Оверлей для трансляции', en: 'Stream overlay' },
  record: { ru: 'Запись матча (JSON)', en: 'Match record (JSON)' },
  wholeMatch: { ru: 'Весь матч, решение за решением', en: 'The whole match, ruling by ruling' },
  frame: { ru: 'Партия {n}', en: 'Frame {n}' },
} as const satisfies Strings<string>;

export type LiveWord = keyof typeof LIVE_STRINGS;
