/**
 * The referee's phrasebook: every reason a ruling can give, in Russian and English, with the
 * paragraph it applies. Rulings carry these, so a person can check each decision against the text.
 */
import { assertNever } from '@pyramid/core';
import { POCKET_NAMES, type PocketId } from '@pyramid/table';
import { ALL_BALLS, type BallId, ballName } from './balls.js';
import { FOUL_CODES, type FoulCode, type Reason, type Ruling } from './ruling.js';
import type { InHand, Player, ShotTerms, Turn } from './state.js';
import { VARIANT_NAMES, VARIANTS, type Variant } from './variant.js';
import { namePlayers, playerLabel, pointsText } from './words.js';

const r = (cite: string, ru: string, en: string): Reason => ({ cite, ru, en });

// Most reasons read the same on every ruling that gives them, or vary only with the player or the
// variant: those are built once, frozen, and shared (rulings are never written to), together with
// their quotation in an explanation, which spares the referee rebuilding the same strings on every
// call.

type Explanation = Ruling['explanation'];

/** A reason as an explanation quotes it: `text [cite]` in each language, the cite as its reader expects (`citeIn`). */
const quote = (reason: Reason): Explanation => ({
  ru: `${reason.ru} [${citeIn(reason.cite, 'ru')}]`,
  en: `${reason.en} [${reason.cite}]`,
});

/** The quotations of the shared reasons. */
const QUOTED = new WeakMap<Reason, Explanation>();

const quoted = (reason: Reason): Explanation => QUOTED.get(reason) ?? quote(reason);

/** Freezes a reason for sharing between rulings and keeps its quotation with it. */
function share(reason: Reason): Reason {
  const shared = Object.freeze(reason);
  QUOTED.set(shared, Object.freeze(quote(shared)));
  return shared;
}

/** A reason that never varies. */
function fixed(reason: Reason): () => Reason {
  const shared = share(reason);
  return () => shared;
}

/** A reason that varies with the player only. */
function perPlayer(build: (player: Player) => Reason): (player: Player) => Reason {
  const shared = [share(build(0)), share(build(1))] as const;
  return (player) => shared[player];
}

/**
 * A reason that varies with its citation only: each variant's rulebook names the paragraph
 * (`Free 5.3`, `п.10`), and the reason for each citation is built once on first use.
 */
function perCite(build: (cite: string) => Reason): (cite: string) => Reason {
  const shared = new Map<string, Reason>();
  return (cite) => {
    let reason = shared.get(cite);
    if (reason === undefined) {
      reason = share(build(cite));
      shared.set(cite, reason);
    }
    return reason;
  };
}

/** A reason that varies with its citation and the player only. */
function perCiteAndPlayer(
  build: (cite: string, player: Player) => Reason,
): (cite: string, player: Player) => Reason {
  const shared = new Map<string, (player: Player) => Reason>();
  return (cite, player) => {
    let byPlayer = shared.get(cite);
    if (byPlayer === undefined) {
      byPlayer = perPlayer((p) => build(cite, p));
      shared.set(cite, byPlayer);
    }
    return byPlayer(player);
  };
}

/** The variant's short name the citations use (`Free 6`, `Dynamic 7`): the first word of its English name. */
const CITE_NAMES = Object.fromEntries(
  VARIANTS.map((variant) => [variant, VARIANT_NAMES[variant].en.split(' ')[0]]),
) as Record<Variant, string>;

/**
 * A citation as a reader of `lang` expects it: the referee cites variant paragraphs in one
 * language-neutral form (`Classic 5.3`, `Dynamic 7(2)`); in Russian the variant is named as the
 * rules text names it (`Классическая 5.3`). General-rule citations (`п.20`, `29.1(9)`) are the same
 * in both languages.
 */
export function citeIn(cite: string, lang: 'ru' | 'en'): string {
  // General-rule citations (most of them) are all digits and Cyrillic: nothing to translate.
  if (lang === 'en' || !/[A-Za-z]/.test(cite)) return cite;
  let out = cite;
  for (const variant of VARIANTS) {
    out = out.replaceAll(CITE_NAMES[variant], VARIANT_NAMES[variant].ru.split(' ')[0]!);
  }
  for (const [en, ru] of CITE_WORDS_RU) out = out.replaceAll(en, ru);
  return out;
}

/** The words a citation adds to a paragraph, in Russian: every word of a Russian text is Russian. */
const CITE_WORDS_RU: readonly (readonly [string, string])[] = [
  ['(reading)', '(толкование)'],
  ['(setting)', '(настройка)'],
  ['(house rule)', '(правило клуба)'],
  ['match', 'матч'], // the cite of a match won (framesToWin)
];

/** Russian pocket names after «в» take the accusative: «в левую угловую у дома». */
const POCKET_RU_ACCUSATIVE: Readonly<Record<PocketId, string>> = {
  FL: 'левую угловую лузу у дома',
  FR: 'правую угловую лузу у дома',
  ML: 'левую среднюю лузу',
  MR: 'правую среднюю лузу',
  BL: 'левую угловую лузу у заднего борта',
  BR: 'правую угловую лузу у заднего борта',
};

/** Every ball's name in each language, built once: the reasons of most rulings name balls. */
const BALL_NAMES = {
  ru: ALL_BALLS.map((ball) => ballName(ball, 'ru')),
  en: ALL_BALLS.map((ball) => ballName(ball, 'en')),
};

const nameOf = (ball: BallId, lang: 'ru' | 'en'): string => BALL_NAMES[lang][ball] ?? ballName(ball, lang);

function list(balls: readonly BallId[], lang: 'ru' | 'en'): string {
  let text = '';
  for (let i = 0; i < balls.length; i++)
    text += i === 0 ? nameOf(balls[i]!, lang) : `, ${nameOf(balls[i]!, lang)}`;
  return text;
}

// Every sentence naming a player is phrased without grammatical gender (present tense, the name in
// the nominative), so that programs can put the players' names in (`namePlayers`, words.ts).
const playerName = playerLabel;

/** Foul reasons by code, shared; 29.1(2) names a setting and is built on each call. */
const FOUL_REASONS = Object.fromEntries(
  FOUL_CODES.map((code) => [code, share(buildFoulReason(code))]),
) as Record<FoulCode, Reason>;

export function foulReason(code: FoulCode, breakMinBalls = 2): Reason {
  return code === '29.1(2)' ? buildFoulReason(code, breakMinBalls) : FOUL_REASONS[code];
}

function buildFoulReason(code: FoulCode, breakMinBalls = 2): Reason {
  switch (code) {
    case '29.1(1)':
      return r(
        '29.1(1)',
        'Биток не коснулся ни одного прицельного шара (п.5.3) — штраф.',
        'The cue ball touched no object ball (п.5.3): foul.',
      );
    case '29.1(2)':
      return r(
        '29.1(2)',
        `Неправильный начальный удар (п.12.1): ни один шар не забит и борта достигло меньше прицельных шаров, чем требуется (${breakMinBalls}), — штраф.`,
        `Incorrect break (п.12.1): no ball pocketed and fewer than ${breakMinBalls} object ball${breakMinBalls === 1 ? '' : 's'} reached a cushion: foul.`,
      );
    case '29.1(3)':
      return r(
        '29.1(3)',
        'Следующий удар начат до завершения предыдущего (п.14.2) — штраф.',
        'The next stroke began before the previous shot had ended (п.14.2): foul.',
      );
    case '29.1(4)':
      return r(
        '29.1(4)',
        'Неправильный удар кием по битку (п.15) — штраф.',
        'Improper cue strike (п.15): foul.',
      );
    case '29.1(5)':
      return r(
        '29.1(5)',
        'Удар нанесён с отрывом обеих ног от пола (п.16) — штраф.',
        'Stroke played with both feet off the floor (п.16): foul.',
      );
    case '29.1(6)':
      return r(
        '29.1(6)',
        'Запрещённое касание шаров (п.17) — штраф.',
        'Forbidden touching of a ball (п.17): foul.',
      );
    case '29.1(7)':
      return r('29.1(7)', 'Двойной удар (п.18) — штраф.', 'Double hit (п.18): foul.');
    case '29.1(8)':
      return r('29.1(8)', 'Пропих (п.19.1, п.19.2) — штраф.', 'Push shot (п.19.1, п.19.2): foul.');
    case '29.1(9)':
      return r(
        '29.1(9)',
        'Удар завершён неправильно (п.20): ни один шар не забит и условие завершения удара не выполнено — штраф.',
        'The shot was not completed correctly (п.20): nothing pocketed and the completion condition not met: foul.',
      );
    case '29.1(10)':
      return r(
        '29.1(10)',
        'Шар выскочил за борт (п.24.3) — штраф.',
        'A ball jumped off the table (п.24.3): foul.',
      );
    case '29.1(11)':
      return r('29.1(11)', 'Замедленная игра (п.26) — штраф.', 'Slow play (п.26): foul.');
    case '29.1(12)':
      return r(
        '29.1(12)',
        'Вмешательство в игру соперника (п.28) — штраф.',
        "Interference in the opponent's game (п.28): foul.",
      );
    case 'from-house':
      return r(
        'п.21',
        'Удар с руки из дома: биток первым коснулся шара, находящегося в доме, не выйдя из дома — штраф.',
        'From hand from the house: the cue ball first hit a ball lying in the house without leaving the house: foul.',
      );
    case 'classic-5.5':
      return r(
        'Classic 5.5',
        'Биток упал в лузу — штраф (Классическая 5.5).',
        'The cue ball fell into a pocket: foul (Classic 5.5).',
      );
    default:
      return assertNever(code, 'foul code');
  }
}

/**
 * The paragraphs the referee cites where a program asks a person for a fact or a decision, so that
 * its heading cites what the ruling will (through `citeIn`): the exchange ball (Combined/Dynamic
 * 5.2), the Dynamic option (Dynamic 7), interference (§27) and the stroke fouls (29.1, whose items
 * the rulings name: `29.1(4)`). The penalty ball's is the variant's (`decisionCite`).
 */
export const CITES = Object.freeze({
  exchangeBall: 'Combined/Dynamic 5.2',
  dynamicOption: 'Dynamic 7',
  interference: '§27',
  strokeFouls: '29.1',
} as const);

const penaltyBallDueAfterRespot = perCiteAndPlayer((cite, player) =>
  r(
    cite,
    `${playerName(player, 'ru')} снимает со стола штрафной шар по своему выбору (после выставления шаров).`,
    `${playerName(player, 'en')} chooses a penalty ball to take from the table (after re-spotting).`,
  ),
);

const penaltyBallDueNow = perCiteAndPlayer((cite, player) =>
  r(
    cite,
    `${playerName(player, 'ru')} снимает со стола штрафной шар по своему выбору.`,
    `${playerName(player, 'en')} chooses a penalty ball to take from the table.`,
  ),
);

export const reasons = {
  onePenalty: (count: number): Reason =>
    r(
      '29.2',
      `Нарушений при ударе: ${count}; штраф взимается в одинарном размере.`,
      `${count} ${count === 1 ? 'breach' : 'breaches'} in one shot: one penalty only.`,
    ),
  voidPockets: (balls: readonly BallId[]): Reason =>
    r(
      'п.22.3',
      `Шары, упавшие при ударе с нарушением, забиты неправильно и не засчитываются: ${list(balls, 'ru')}.`,
      `Balls that fell on a fouled shot are incorrectly pocketed and do not count: ${list(balls, 'en')}.`,
    ),
  respotted: (balls: readonly BallId[]): Reason =>
    r(
      'п.25',
      `Выставляются на линию выставления шаров: ${list(balls, 'ru')}.`,
      `Re-spotted on the spotting line: ${list(balls, 'en')}.`,
    ),
  respottedWithoutCueBall: (balls: readonly BallId[]): Reason =>
    r(
      'п.25',
      `Биток взят в руку и больше не мешает выставлению: ${list(balls, 'ru')} выставляются заново.`,
      `The cue ball is taken in hand and no longer stands in the way: ${list(balls, 'en')} re-spotted again.`,
    ),
  breakCorrect: fixed(r('п.12.1', 'Начальный удар выполнен правильно.', 'The break is correct.')),
  /** A legal pot scores; `cite` is the variant's paragraph (its rulebook's `cites.scored`). */
  scored: (player: Player, balls: readonly BallId[], points: number, cite: string): Reason =>
    r(
      cite,
      `Правильно забиты: ${list(balls, 'ru')}; ${playerName(player, 'ru')} получает ${pointsText(points, 'ru')}.`,
      `Correctly pocketed: ${list(balls, 'en')}; ${playerName(player, 'en')} scores ${pointsText(points, 'en')}.`,
    ),
  lastBallBonus: fixed(
    r(
      'Classic 5.1',
      'К последнему прицельному шару прибавляется 10 очков.',
      'The last object ball on the table scores 10 extra points.',
    ),
  ),
  continueVisit: fixed(
    r(
      'п.10',
      'Шар забит — игрок продолжает игровой подход.',
      'A ball was pocketed: the player continues the visit.',
    ),
  ),
  nothingPocketed: perCite((cite) =>
    r(
      cite,
      'Ни один шар не забит правильно — право удара переходит к сопернику.',
      'No ball was correctly pocketed: the turn passes to the opponent.',
    ),
  ),
  /** Combined 5.1, 5.2: the свояк scores and earns a premium shot from the house. */
  svoyakFromHouse: fixed(
    r(
      'Combined 5.1, 5.2',
      'Биток забит от прицельного шара (свояк): очко засчитано; игрок снимает прицельный шар на свою полку и получает премиальный удар с руки из дома (п.21).',
      'The cue ball was pocketed off an object ball (свояк): it scores; the player takes an object ball to the shelf and plays a premium shot from hand from the house (п.21).',
    ),
  ),
  /** Dynamic 5.1, 5.2: the свояк scores and earns a premium shot from anywhere, object balls only. */
  svoyakAnywhere: fixed(
    r(
      'Dynamic 5.1, 5.2',
      'Биток забит от прицельного шара (свояк): очко засчитано; игрок снимает прицельный шар на свою полку и получает премиальный удар с руки с любого места стола, при котором забивать можно только прицельный шар.',
      'The cue ball was pocketed off an object ball (свояк): it scores; the player takes an object ball to the shelf and plays a premium shot from hand anywhere, on which only object balls may be pocketed.',
    ),
  ),
  dynamicCueNotCounted: fixed(
    r(
      'Dynamic 5.2',
      'На ударе, при котором забивать можно только прицельный шар, биток упал: он не засчитывается, штраф не налагается; соперник играет с руки с любого места стола.',
      'On a shot where only object balls may be pocketed the cue ball fell: it does not count and there is no penalty; the opponent plays from hand anywhere on the table.',
    ),
  ),
  unordered: (balls: readonly BallId[]): Reason =>
    r(
      'Classic 5.4, 6',
      `Незаказанные шары выставляются, очков нет, штрафа нет: ${list(balls, 'ru')}.`,
      `Unordered balls are re-spotted, no points, no penalty: ${list(balls, 'en')}.`,
    ),
  noCall: fixed(
    r(
      'Classic 5.2, 5.3 (reading)',
      'Удар выполнен без заказа: заказанного шара нет, ни один упавший шар не засчитывается.',
      'The shot was played without a call: there is no called ball, so no ball that falls counts.',
    ),
  ),
  calledBallMissed: (ball: BallId, pocket: PocketId): Reason =>
    r(
      'Classic 5.2, 5.3',
      `Заказанный шар (${nameOf(ball, 'ru')} в ${POCKET_RU_ACCUSATIVE[pocket]}) не сыгран.`,
      `The called ball (${nameOf(ball, 'en')} in the ${POCKET_NAMES[pocket].en} pocket) was not pocketed.`,
    ),
  calledBallPocketed: (ball: BallId, pocket: PocketId): Reason =>
    r(
      'Classic 5.3',
      `Заказанный шар (${nameOf(ball, 'ru')} в ${POCKET_RU_ACCUSATIVE[pocket]}) сыгран правильно: засчитываются все упавшие шары.`,
      `The called ball (${nameOf(ball, 'en')} in the ${POCKET_NAMES[pocket].en} pocket) was pocketed: every ball that fell counts.`,
    ),
  breakBallsNotCounted: (balls: readonly BallId[]): Reason =>
    r(
      'Classic 4 (setting)',
      `По настройке шары, забитые при разбое, не засчитываются и выставляются: ${list(balls, 'ru')}.`,
      `By setting, balls pocketed on the break do not count and are re-spotted: ${list(balls, 'en')}.`,
    ),
  penaltyPoint: perCiteAndPlayer((cite, beneficiary) =>
    r(
      cite,
      `К счёту соперника нарушителя (${playerName(beneficiary, 'ru')}) прибавляется одно очко.`,
      `One point is added to the score of the offender's opponent (${playerName(beneficiary, 'en')}).`,
    ),
  ),
  penaltyPointWithheld: fixed(
    r(
      'Free/Combined/Dynamic 6 (setting)',
      'По настройке восьмое очко не может быть получено за штраф: соперник получает только право удара.',
      'By setting the 8th point cannot come from a penalty: the opponent only gets the turn.',
    ),
  ),
  /**
   * The winningPointByPenalty setting (decided reading 14) with dynamicOption2AwardsPoint off: at 7
   * points option (1) would give the withheld 8th point, option (2) gives none.
   */
  option1Withheld: perPlayer((player) =>
    r(
      'Dynamic 7 (setting)',
      `По настройке восьмое очко не может быть получено за штраф: вариант (1) не даёт ни очка, ни шара. ${playerName(player, 'ru')} выбирает: (1) продолжить игру из сложившейся позиции или (2) штрафной удар битком с любого места стола, который очка не приносит.`,
      `By setting the 8th point cannot come from a penalty: option (1) gives neither point nor ball. ${playerName(player, 'en')} chooses: (1) play on from the position, or (2) a penalty shot with the cue ball from anywhere on the table, which brings no point.`,
    ),
  ),
  option1WithoutBall: fixed(
    r(
      'Dynamic 7(1) (setting)',
      'Выбран вариант (1): по настройке восьмое очко не может быть получено за штраф, шар не снимается; игра продолжается из сложившейся позиции.',
      'Option (1) chosen: by setting the 8th point cannot come from a penalty, so no ball is taken; play goes on from the position.',
    ),
  ),
  /**
   * The penalty ball is due; `afterRespot` when this ruling put balls back on the spotting line
   * (п.25), which come first: only then does the reason say "after re-spotting".
   */
  penaltyBallDue: (cite: string, player: Player, afterRespot: boolean): Reason =>
    afterRespot ? penaltyBallDueAfterRespot(cite, player) : penaltyBallDueNow(cite, player),
  dynamicOptionDue: perPlayer((player) =>
    r(
      CITES.dynamicOption,
      `${playerName(player, 'ru')} выбирает: (1) снять любой шар на свою полку и играть из сложившейся позиции или (2) штрафной удар битком с любого места стола.`,
      `${playerName(player, 'en')} chooses: (1) take any ball to the shelf and play on from the position, or (2) a penalty shot with the cue ball from anywhere on the table.`,
    ),
  ),
  classicPenalty: (offender: Player, deducted: number): Reason =>
    r(
      'Classic 5.6',
      `Со счёта нарушителя (${playerName(offender, 'ru')}) списывается ${pointsText(deducted, 'ru')}, к счёту соперника прибавляется 5 очков.`,
      `The offender (${playerName(offender, 'en')}) loses ${pointsText(deducted, 'en')} and the opponent gains 5.`,
    ),
  classicFloor: fixed(
    r(
      'Classic 5.6 (setting)',
      'По настройке счёт не может быть отрицательным.',
      'By setting, a score cannot go below zero.',
    ),
  ),
  cueBallInHandPasses: (where: InHand): Reason =>
    r(
      'п.22.3, п.26 (reading)',
      `Нарушитель держал биток в руке: соперник играет ${IN_HAND_TEXT[where].ru}.`,
      `The offender had the cue ball in hand: the opponent plays ${IN_HAND_TEXT[where].en}.`,
    ),
  /** The cue ball is off the bed after a foul; `cite` is the variant's (its rulebook's `cites`). */
  cueBallInHandAfterFoul: (cite: string, where: InHand): Reason =>
    where === 'anywhere'
      ? r(
          cite,
          'Биток вне игровой поверхности: соперник играет им с руки с любого места стола.',
          'The cue ball is off the bed: the opponent plays it from hand anywhere on the table.',
        )
      : r(
          cite,
          `Биток забит неправильно или выскочил: соперник производит штрафной удар с руки ${where === 'temporary-house' ? 'из временного дома' : 'из дома'}.`,
          `The cue ball was pocketed illegally or jumped: the opponent takes a penalty shot from hand from the ${where === 'temporary-house' ? 'temporary house' : 'house'}.`,
        ),
  playFromPosition: fixed(
    r(
      'п.10',
      'Соперник продолжает игру из сложившейся позиции.',
      'The opponent plays on from the position as it lies.',
    ),
  ),
  temporaryHouse: fixed(
    r(
      'п.21',
      'Все прицельные шары находятся в доме: удар производится из временного дома.',
      'Every object ball lies in the house: the shot is taken from the temporary house.',
    ),
  ),
  frameWon: (player: Player, scores: readonly [number, number]): Reason =>
    r(
      '§1',
      `${playerName(player, 'ru')} выигрывает партию со счётом ${scores[0]}:${scores[1]}.`,
      `${playerName(player, 'en')} wins the frame, ${scores[0]}:${scores[1]}.`,
    ),
  matchWon: (player: Player, frames: readonly [number, number]): Reason =>
    r(
      'match',
      `${playerName(player, 'ru')} выигрывает матч (${frames[0]}:${frames[1]} по партиям).`,
      `${playerName(player, 'en')} wins the match (${frames[0]}:${frames[1]} in frames).`,
    ),
  nextFrame: (frame: number, breaker: Player): Reason =>
    r(
      'п.9 (reading)',
      `Партия ${frame}: пирамида устанавливается заново, разбивает ${playerName(breaker, 'ru')}.`,
      `Frame ${frame}: the pyramid is racked again and ${playerName(breaker, 'en')} breaks.`,
    ),
  playOffStart: (ball: BallId | null): Reason =>
    r(
      'Classic 5.7',
      `Счёт 70:70: ${ball === null ? '' : `${nameOf(ball, 'ru')} выставляется на заднюю отметку; `}право удара определяется розыгрышем, игра с руки из дома до забитого шара или штрафа.`,
      `70:70: ${ball === null ? '' : `${nameOf(ball, 'en')} goes back on the back spot; `}a lag decides who plays, from hand from the house, until a ball is pocketed or a foul.`,
    ),
  playOffDecided: (winner: Player, byFoul: boolean): Reason =>
    r(
      'Classic 5.7',
      byFoul
        ? `Штраф в дополнительной игре: побеждает ${playerName(winner, 'ru')}.`
        : `Шар забит в дополнительной игре: побеждает ${playerName(winner, 'ru')}.`,
      byFoul
        ? `A foul in the play-off: ${playerName(winner, 'en')} wins.`
        : `A ball pocketed in the play-off: ${playerName(winner, 'en')} wins.`,
    ),
  penaltyBallTaken: (cite: string, player: Player, ball: BallId): Reason =>
    r(
      cite,
      `${playerName(player, 'ru')} снимает штрафной шар на свою полку: ${nameOf(ball, 'ru')}.`,
      `${playerName(player, 'en')} takes the penalty ball to the shelf: ${nameOf(ball, 'en')}.`,
    ),
  exchangeBallTaken: (player: Player, ball: BallId): Reason =>
    r(
      CITES.exchangeBall,
      `${playerName(player, 'ru')} снимает ${nameOf(ball, 'ru')} на свою полку взамен забитого битка.`,
      `${playerName(player, 'en')} takes ${nameOf(ball, 'en')} to the shelf in exchange for the pocketed cue ball.`,
    ),
  dynamicOption: (option: 1 | 2): Reason =>
    option === 1
      ? r(
          'Dynamic 7(1)',
          'Выбран вариант (1): снять любой шар на свою полку и продолжить игру из сложившейся позиции.',
          'Option (1) chosen: take any ball to the shelf and play on from the position.',
        )
      : r(
          'Dynamic 7(2)',
          'Выбран вариант (2): штрафной удар битком с любого места стола, забивать можно только прицельный шар.',
          'Option (2) chosen: a penalty shot with the cue ball from anywhere, only object balls may be pocketed.',
        ),
  option2NoBall: fixed(
    r('Dynamic 7(2)', 'Выбран вариант (2): шар не снимается.', 'Option (2) chosen: no ball is taken.'),
  ),
  option2BeforeBreak: fixed(
    r(
      'Dynamic 4, 7(2)',
      'Первый удар партии — начальный удар с руки из дома (п.11, п.12): штрафной удар с любого места стола его не заменяет, разбивают из дома.',
      'The first stroke of the frame is the break, from hand from the house (п.11, п.12): a penalty shot from anywhere cannot replace it, so the break is played from the house.',
    ),
  ),
  option2TurnPassed: fixed(
    r(
      'Dynamic 7(2)',
      'Право удара уже перешло к сопернику: штрафного удара нет, шар не снимается.',
      'The turn has already passed to the opponent: there is no penalty shot to play, and no ball is taken.',
    ),
  ),
  option2BeforeRestart: fixed(
    r(
      'Dynamic 7(2), §27',
      'Игра возобновляется по правилу начального удара после розыгрыша: штрафного удара нет, шар не снимается.',
      'Play resumes with a lag and a break under п.12: there is no penalty shot to play, and no ball is taken.',
    ),
  ),
  lag: (winner: Player, first: Player): Reason =>
    r(
      'п.7',
      `Розыгрыш права удара: побеждает ${playerName(winner, 'ru')}; первым играет ${playerName(first, 'ru')}.`,
      `${playerName(winner, 'en')} won the lag; ${playerName(first, 'en')} plays first.`,
    ),
  interferenceRestored: fixed(
    r(
      CITES.interference,
      'Вмешательство постороннего: шары возвращаются на исходные позиции, штраф не налагается, удар переигрывается.',
      'Interference by an outsider: the balls go back to where they were, no penalty, the shot is replayed.',
    ),
  ),
  interferenceRestoredBeforeLag: fixed(
    r(
      '§27, Classic 5.7',
      'Вмешательство постороннего до розыгрыша при счёте 70:70: шары возвращаются на свои места (последний забитый шар — на заднюю отметку), штраф не налагается; розыгрыш права удара по-прежнему предстоит.',
      'Interference by an outsider before the 70:70 lag: the balls go back to where they were (the last pocketed ball on the back spot), no penalty; the lag is still to be played.',
    ),
  ),
  interferenceRerack: (exchanged: { from: BallId; to: Player } | null): Reason =>
    r(
      CITES.interference,
      `Положение восстановить невозможно: цветной шар в доме${exchanged ? ` (возвращён в игру взамен ${nameOf(exchanged.from, 'ru')})` : ''}, белые шары устанавливаются пирамидой с вершиной на задней отметке, право удара разыгрывается, счёт сохраняется.`,
      `The position cannot be restored: the coloured ball goes in the house${exchanged ? ` (returned to play in exchange for ${nameOf(exchanged.from, 'en')})` : ''}, the white balls are racked with the apex on the back spot, a lag decides who breaks, the score stands.`,
    ),
  interferenceRackedAgain: fixed(
    r(
      '§27, п.8',
      'Оставшиеся на столе белые шары вновь устанавливаются пирамидой с вершиной на задней отметке; право удара разыгрывается.',
      'The white balls left on the table are racked again with the apex on the back spot; a lag decides who breaks.',
    ),
  ),
  interferenceRestoredDeciding: fixed(
    r(
      CITES.interference,
      'Вмешательство постороннего: шары возвращаются на исходные позиции, штраф не налагается; решение остаётся за тем же игроком.',
      'Interference by an outsider: the balls go back to where they were, no penalty; the pending decision stays as it was.',
    ),
  ),
  decisionKeptBeforeLag: fixed(
    r(
      CITES.interference,
      'Счёт сохраняется: ожидающее решение (шар, уже засчитанный в счёт, или выбор варианта) принимается из новой пирамиды, затем розыгрыш.',
      'The score is kept: the pending decision (a ball already counted in the score, or the choice of option) is taken from the new rack, then the lag.',
    ),
  ),
  decisionKept: perPlayer((player) =>
    r(
      'п.28, п.22.3',
      `Ожидающее решение (${playerName(player, 'ru')}) сохраняется и принимается первым; то, что даёт этот штраф, следует за ним.`,
      `The pending decision (${playerName(player, 'en')}) stands and is taken first; what this penalty gives follows it.`,
    ),
  ),
  touchBeforePlayOffLag: fixed(
    r(
      'п.22.3, Classic 5.7',
      'Нарушение после завершения удара, до розыгрыша при счёте 70:70: партия ещё не решена, штраф налагается.',
      'A breach after the shot ended, before the 70:70 lag: the frame is not yet decided, so the penalty applies.',
    ),
  ),
  afterFrameNoPenalty: fixed(
    r(
      'п.22.3',
      'Нарушение после того, как партия решена, не наказывается и не меняет результат.',
      'A breach after the frame has been decided is not penalised and does not change the result.',
    ),
  ),
  touchAfterShot: fixed(
    r(
      'п.22.3',
      'Нарушение после завершения удара: забитые шары засчитаны, штраф налагается; позиция восстанавливается, право удара переходит к сопернику.',
      'A breach after the shot ended: the pocketed balls stand, the penalty applies; the position is restored and the turn passes.',
    ),
  ),
  /** A breach after the shot whose penalty ends the frame: nothing passes, the frame is decided. */
  touchAfterShotEndsFrame: fixed(
    r(
      'п.22.3',
      'Нарушение после завершения удара: забитые шары засчитаны, штраф налагается.',
      'A breach after the shot ended: the pocketed balls stand, the penalty applies.',
    ),
  ),
  /** п.28 when its penalty ends the frame: the striker's visit has nothing left to continue. */
  nonStrikerOffended: fixed(
    r(
      'п.28',
      'Нарушил игрок, не выполняющий удар: штраф налагается на него.',
      'The non-striker offended: the penalty is his.',
    ),
  ),
  strikerContinues: fixed(
    r(
      'п.28',
      'Нарушил игрок, не выполняющий удар: шар возвращается на место, игровой подход соперника продолжается.',
      "The non-striker offended: the ball is put back and the striker's visit continues.",
    ),
  ),
  extension: (player: Player, left: number): Reason =>
    r(
      'п.26',
      `${playerName(player, 'ru')} берёт дополнительное время (осталось ${left}).`,
      `${playerName(player, 'en')} takes a time extension (${left} left).`,
    ),
  /**
   * The house rule for an incorrect break: no penalty, whatever else the break breached
   * (`breaches`: the fouls listed before it), the balls racked again and the opponent breaks.
   */
  rebreak: (breaker: Player, breaches = 1): Reason =>
    r(
      'п.12 (house rule)',
      `По настройке неправильный разбой не наказывается${breaches > 1 ? ', как и другие нарушения при этом ударе' : ''}: пирамида устанавливается заново, биток берётся в руку, разбивает ${playerName(breaker, 'ru')}.`,
      `By setting, an incorrect break is not penalised${breaches > 1 ? ', nor the other breaches of that shot' : ''}: the pyramid is racked again, the cue ball is taken in hand, and ${playerName(breaker, 'en')} breaks.`,
    ),
};

const IN_HAND_TEXT: Record<InHand, { ru: string; en: string }> = {
  house: { ru: 'с руки из дома', en: 'from hand from the house' },
  'temporary-house': { ru: 'с руки из временного дома', en: 'from hand from the temporary house' },
  anywhere: { ru: 'с руки с любого места стола', en: 'from hand anywhere on the table' },
};

const KIND_TEXT: Record<ShotTerms['kind'], { ru: string; en: string }> = {
  break: { ru: 'начальный удар', en: 'the break' },
  ordinary: { ru: 'удар', en: 'a shot' },
  premium: { ru: 'премиальный удар', en: 'a premium shot' },
  penalty: { ru: 'штрафной удар', en: 'a penalty shot' },
};

/**
 * A one-line description of what happens next, for people; with `players`, the players are named
 * (`namePlayers`) instead of "Player A" and "Player B".
 */
export function describeTurn(turn: Turn, lang: 'ru' | 'en', players?: readonly [string, string]): string {
  const text = describeTurnLabelled(turn, lang);
  return players === undefined ? text : namePlayers(text, players);
}

function describeTurnLabelled(turn: Turn, lang: 'ru' | 'en'): string {
  switch (turn.kind) {
    case 'shot': {
      const { terms } = turn;
      const parts = [`${playerName(turn.player, lang)}: ${KIND_TEXT[terms.kind][lang]}`];
      if (terms.inHand) parts.push(IN_HAND_TEXT[terms.inHand][lang]);
      else parts.push(lang === 'ru' ? 'из положения' : 'from the position');
      if (terms.cueBall === 'choose') parts.push(lang === 'ru' ? 'с выбором битка' : 'choosing the cue ball');
      if (terms.objectBallsOnly)
        parts.push(lang === 'ru' ? 'забивать только прицельные шары' : 'object balls only');
      if (terms.callRequired) parts.push(lang === 'ru' ? 'с заказом' : 'with a call');
      return parts.join(', ');
    }
    case 'decision': {
      const { decision } = turn;
      const who = playerName(decision.player, lang);
      switch (decision.kind) {
        case 'penalty-ball':
          return lang === 'ru' ? `${who}: выбрать штрафной шар` : `${who}: choose the penalty ball`;
        case 'exchange-ball':
          return lang === 'ru'
            ? `${who}: выбрать прицельный шар взамен битка`
            : `${who}: choose an object ball in exchange for the cue ball`;
        case 'dynamic-option':
          return lang === 'ru' ? `${who}: выбрать вариант (1) или (2)` : `${who}: choose option (1) or (2)`;
        default:
          return assertNever(decision, 'decision');
      }
    }
    case 'lag':
      return lang === 'ru' ? 'розыгрыш права удара' : 'a lag for the right to play';
    case 'match-over':
      return lang === 'ru'
        ? `матч окончен, победитель — ${playerName(turn.winner, 'ru')}`
        : `match over, ${playerName(turn.winner, 'en')} won`;
    default:
      return assertNever(turn, 'turn');
  }
}

/** The reasons joined into one explanation per language; a single shared reason's is shared too. */
export function joinReasons(list: readonly Reason[]): Explanation {
  if (list.length === 1) return quoted(list[0]!);
  let ru = '';
  let en = '';
  for (let i = 0; i < list.length; i++) {
    const { ru: ruText, en: enText } = quoted(list[i]!);
    ru = i === 0 ? ruText : `${ru} ${ruText}`;
    en = i === 0 ? enText : `${en} ${enText}`;
  }
  return { ru, en };
}
