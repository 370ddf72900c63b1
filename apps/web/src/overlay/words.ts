/** The overlay's few words, in Russian and English (`?lang=`). */
import type { Strings } from '../common/lang.js';

export const OVERLAY_STRINGS = {
  title: { ru: 'Счёт для трансляции', en: 'Stream overlay' },
  frames: { ru: 'партии', en: 'frames' },
  points: { ru: 'очки', en: 'points' },
  race: { ru: 'до {n} побед', en: 'race to {n}' },
  table: { ru: 'стол {name}', en: 'table {name}' },
  noMatch: { ru: 'Стол {name}: матча нет', en: 'Table {name}: no match' },
  waiting: { ru: 'подключение…', en: 'connecting…' },
  offline: { ru: 'нет связи', en: 'offline' },
  notFound: { ru: 'Матч не найден', en: 'No such match' },
  badQuery: { ru: 'Ошибка в адресе: {field} — {message}', en: 'Bad address: {field} — {message}' },
} as const satisfies Strings<string>;

export type OverlayWord = keyof typeof OVERLAY_STRINGS;
