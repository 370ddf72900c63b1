/**
 * The rules of each variant in brief, in both languages, for the Help: told from the project's
 * rules page (docs/rules.md, "Free pyramid" to "Classic pyramid"), with the paragraphs a ruling
 * cites, so that a player who reads a ruling can find what it applied.
 */
import type { Variant } from '@pyramid/rules';
import type { Lang } from '../../common/lang.js';

type Text = Readonly<Record<Lang, string>>;

export const VARIANT_TITLE: Readonly<Record<Variant, Text>> = {
  free: { ru: 'Свободная пирамида', en: 'Free pyramid' },
  combined: { ru: 'Комбинированная пирамида', en: 'Combined pyramid' },
  dynamic: { ru: 'Динамичная пирамида', en: 'Dynamic pyramid' },
  classic: { ru: 'Классическая пирамида', en: 'Classic pyramid' },
};

export const RULES_SUMMARY: Readonly<Record<Variant, readonly Text[]>> = {
  free: [
    { ru: 'Цель: первым набрать 8 очков (§1).', en: 'The object: be the first to 8 points (§1).' },
    {
      ru: 'Разбой с руки из дома (п.11, п.12); затем перед каждым ударом игрок выбирает биток — любой шар на столе (Свободная 5.1).',
      en: 'The break from hand from the house (п.11, п.12); after it the striker chooses the cue ball before every shot: any ball on the table (Free 5.1).',
    },
    {
      ru: 'Заказывать не нужно: каждый шар, забитый верным ударом, — очко; после него игрок бьёт снова (Свободная 5.2, 5.5, 6).',
      en: 'No call: each ball pocketed on a legal shot scores a point, and the striker plays on (Free 5.2, 5.5, 6).',
    },
    {
      ru: 'Удар без забитого шара передаёт ход (Свободная 5.3); каждый удар, кроме разбоя, должен быть завершён (п.20).',
      en: 'A legal shot that pockets nothing passes the turn (Free 5.3); every shot but the break must complete (п.20).',
    },
    {
      ru: 'Фол: сопернику очко и штрафной шар по его выбору со стола на полку (Свободная 6, 7).',
      en: 'A foul: the opponent gains a point and takes a penalty ball of his choice from the table to his shelf (Free 6, 7).',
    },
  ],
  combined: [
    {
      ru: 'Цель: первым набрать 8 очков; биток — только цветной шар (§1).',
      en: 'The object: be the first to 8 points; only the coloured ball is the cue ball (§1).',
    },
    {
      ru: 'Заказывать не нужно; шары и биток от шара (свояк) засчитываются (Комбинированная 5.1, 5.3).',
      en: 'No call; object balls and the cue ball off an object ball (a свояк) count (Combined 5.1, 5.3).',
    },
    {
      ru: 'За забитый биток — шар со стола на полку и удар с руки из дома (Комбинированная 5.2, п.21).',
      en: 'For a pocketed cue ball: any object ball to the shelf and a shot from hand from the house (Combined 5.2, п.21).',
    },
    {
      ru: 'Фол: сопернику очко и штрафной шар; если биток упал или вылетел — он бьёт с руки из дома (Комбинированная 6, 7).',
      en: 'A foul: the opponent gains a point and a penalty ball; if the cue ball fell or jumped, he plays from hand from the house (Combined 6, 7).',
    },
  ],
  dynamic: [
    {
      ru: 'Цель: первым набрать 8 очков; биток — только цветной шар (§1).',
      en: 'The object: be the first to 8 points; only the coloured ball is the cue ball (§1).',
    },
    {
      ru: 'Заказывать не нужно; каждый удар, кроме разбоя, должен быть завершён (Динамичная 5.3–5.4, п.20).',
      en: 'No call; every shot but the break must complete (Dynamic 5.3–5.4, п.20).',
    },
    {
      ru: 'За забитый биток — шар на полку и удар с руки с любого места стола (Динамичная 5.2).',
      en: 'For a pocketed cue ball: an object ball to the shelf and a shot from hand anywhere on the table (Dynamic 5.2).',
    },
    {
      ru: 'Фол: сопернику очко, и он выбирает — шар со стола и игра с позиции, или удар с руки с любого места (Динамичная 6, 7).',
      en: 'A foul: the opponent gains a point and chooses: a ball from the table and play from the position, or a shot from hand anywhere (Dynamic 6, 7).',
    },
  ],
  classic: [
    {
      ru: 'Цель: первым набрать 71 очко или больше (§1).',
      en: 'The object: be the first to 71 points or more (§1).',
    },
    {
      ru: 'Перед каждым ударом, кроме разбоя, игрок заказывает шар и лузу (Классическая 5.2).',
      en: 'Before every shot but the break the striker calls a ball and a pocket (Classic 5.2).',
    },
    {
      ru: 'Шар приносит своё число очков, туз (1) — 11, последний шар — ещё 10 (Классическая 5.1).',
      en: 'A ball scores its number, the ace (1) scores 11, the last object ball 10 more (Classic 5.1).',
    },
    {
      ru: 'Фол: минус 5 очков нарушителю и плюс 5 сопернику; за упавший биток — удар с руки из дома (Классическая 5.5, 5.6).',
      en: 'A foul: 5 points off the offender and 5 to the opponent; for a fallen cue ball, a shot from hand from the house (Classic 5.5, 5.6).',
    },
  ],
};

export const RULES_HEADINGS = {
  rules: { ru: 'Правила: {variant}', en: 'Rules: {variant}' },
  cites: {
    ru: 'Каждое решение судьи ссылается на пункты правил МКП: «п.N» — общие правила, «Свободная 5.3» и т. п. — правила варианта.',
    en: 'Every ruling cites the МКП paragraphs it applies: “п.N” the general rules, “Free 5.3” and the like the variant’s own.',
  },
} as const;
