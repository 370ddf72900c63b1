/**
 * The scorer's words: its string table, the names of fouls and pockets, and a ruling put into
 * plain sentences with the players' names. Headless (no DOM), so the summary and the tests share it.
 */
import {
  type BallId,
  COLOURED,
  citeIn,
  decisionCite,
  describeTurn,
  type EventFoul,
  type FoulCode,
  namePlayers,
  type PendingDecision,
  type Ruling,
  type Turn,
  type Variant,
} from '@pyramid/rules';
import { POCKET_NAMES, type PocketId } from '@pyramid/table';
import type { Bilingual, Lang, Strings } from '../common/lang.js';

export const STRINGS = {
  title: { ru: 'Счёт матча', en: 'Match scorer' },
  toGame: { ru: '← Игра', en: '← Game' },
  newMatch: { ru: 'Новый матч', en: 'New match' },
  matches: { ru: 'Матчи', en: 'Matches' },
  variant: { ru: 'Разновидность', en: 'Variant' },
  player1: { ru: 'Игрок 1', en: 'Player 1' },
  player2: { ru: 'Игрок 2', en: 'Player 2' },
  start: { ru: 'Начать', en: 'Start' },
  language: { ru: 'Язык', en: 'Language' },
  lag: {
    ru: 'Розыгрыш (п.7): кто выиграл и кто бьёт первым?',
    en: 'Lag (п.7): who won and who plays first?',
  },
  lagPlayOff: {
    ru: 'Счёт 70:70 (Классическая 5.7): розыгрыш — кто выиграл и кто бьёт первым?',
    en: '70:70 (Classic 5.7): the lag — who won and who plays first?',
  },
  lagInterference: {
    ru: 'После вмешательства ({cite}): розыгрыш — кто выиграл и кто разбивает?',
    en: 'After the interference ({cite}): the lag — who won and who breaks?',
  },
  lagOption: { ru: 'розыгрыш за {winner}, первым бьёт {first}', en: '{winner} won, {first} plays first' },
  cueBall: { ru: 'Биток (Свободная 5.1)', en: 'Cue ball (Free 5.1)' },
  call: { ru: 'Заказ (Классическая 5.2): шар и луза', en: 'Call (Classic 5.2): ball and pocket' },
  callBall: { ru: 'Заказанный шар', en: 'Called ball' },
  callPocket: { ru: 'Заказанная луза', en: 'Called pocket' },
  fell: { ru: 'Что упало или выскочило', en: 'What fell or jumped' },
  fellHint: {
    ru: 'Шар, затем лузу (по порядку падения) или «Выскочил».',
    en: 'A ball, then its pocket (in the order they fell) or “Jumped”.',
  },
  jumped: { ru: 'Выскочил за борт', en: 'Jumped off' },
  nothingFell: { ru: 'Ничего не упало', en: 'Nothing fell' },
  firstContact: { ru: 'Первое касание битком', en: "The cue ball's first contact" },
  hitBall: { ru: 'Попал в шар', en: 'Hit a ball' },
  missedAll: { ru: 'Не коснулся ни одного — 29.1(1)', en: 'Touched none — 29.1(1)' },
  whichBall: { ru: 'в какой шар (не обязательно)', en: 'which ball (optional)' },
  cushions: {
    ru: 'Касания бортов после первого касания (п.20)',
    en: 'Cushion contacts after the first contact (п.20)',
  },
  cushions0: { ru: '0', en: '0' },
  cushions1: { ru: '1', en: '1' },
  cushions2: { ru: '2 и больше', en: '2 or more' },
  centreLine: {
    ru: 'Шар пересёк среднюю линию (настройка п.20)',
    en: 'A ball crossed the centre line (п.20 setting)',
  },
  hitInHouse: {
    ru: 'Первый шар лежал в доме, биток не выходил из дома (п.21)',
    en: 'The first ball hit lay in the house, the cue ball had not left it (п.21)',
  },
  inHandArea: { ru: 'Биток с руки (п.21)', en: 'Cue ball in hand (п.21)' },
  allInHouse: {
    ru: 'Все прицельные шары лежат в доме',
    en: 'All object balls lie in the house',
  },
  fromHouse: {
    ru: 'Удар из дома: биток ставится в доме.',
    en: 'From the house: the cue ball is placed in the house.',
  },
  fromTemporaryHouse: {
    ru: 'Удар из временного дома: биток ставится за линией через заднюю отметку.',
    en: 'From the temporary house: the cue ball is placed behind the line through the back spot.',
  },
  breakCushions: {
    ru: 'Разбой: сколько прицельных шаров дошло до борта (п.12.1)',
    en: 'Break: object balls that reached a cushion (п.12.1)',
  },
  strokeFouls: { ru: 'Нарушения при ударе ({cite})', en: 'Fouls in the stroke ({cite})' },
  submitShot: { ru: 'Удар — решение судьи', en: 'Rule on the shot' },
  clearShot: { ru: 'Сбросить', en: 'Clear' },
  outside: { ru: 'Вне удара', en: 'Outside a shot' },
  interferenceRestorable: {
    ru: 'Вмешательство постороннего, положение восстановлено ({cite})',
    en: 'Interference by an outsider, position restored ({cite})',
  },
  interferenceNot: {
    ru: 'Вмешательство постороннего, восстановить нельзя ({cite})',
    en: 'Interference by an outsider, cannot be restored ({cite})',
  },
  extension: { ru: 'Дополнительное время (п.26)', en: 'Time extension (п.26)' },
  // {cite}: the referee's citation, in the form its rulings give it (citeIn of CITES, decisionCite).
  penaltyBall: { ru: '{who}: выберите штрафной шар ({cite})', en: '{who}: choose the penalty ball ({cite})' },
  exchangeBall: {
    ru: '{who}: выберите прицельный шар взамен битка ({cite})',
    en: '{who}: choose an object ball in exchange for the cue ball ({cite})',
  },
  dynamicOption: { ru: '{who}: выберите ({cite})', en: '{who}: choose ({cite})' },
  option1: {
    ru: '(1) Снять шар на полку и играть из положения',
    en: '(1) Take a ball to the shelf and play from the position',
  },
  option2: {
    ru: '(2) Штрафной удар битком с любого места стола',
    en: '(2) A penalty shot with the cue ball from anywhere',
  },
  undo: { ru: 'Отменить', en: 'Undo' },
  // Live scoring (issue 28).
  refereeName: { ru: 'Судья', en: 'Referee' },
  shareLive: { ru: 'Трансляция счёта', en: 'Share live' },
  sharedLive: {
    ru: 'Счёт транслируется. Страница матча и оверлей:',
    en: 'Shared live. The live page and the overlay:',
  },
  livePageLink: { ru: 'Страница матча', en: 'Live page' },
  copyPageLink: { ru: 'Скопировать ссылку на страницу', en: 'Copy the live page’s link' },
  linkCopied: { ru: 'Ссылка скопирована', en: 'Link copied' },
  shareLiveRefused: { ru: 'Трансляция не началась', en: 'Could not share live' },
  liveWriting: { ru: 'Онлайн: счёт ведёте вы', en: 'Live: you score this match' },
  liveOpening: { ru: 'Подключение к матчу…', en: 'Opening the match…' },
  liveWatching: { ru: 'Счёт ведёт другое устройство', en: 'Another device scores this match' },
  liveOffline: {
    ru: 'Нет связи: записи ждут на телефоне',
    en: 'Offline: entries wait on this phone',
  },
  liveRefusedStatus: { ru: 'Ссылка недействительна', en: 'This link is not valid' },
  liveFinishedStatus: { ru: 'Матч окончен', en: 'The match has ended' },
  scoreHere: { ru: 'Вести счёт здесь', en: 'Score here' },
  unsent: { ru: 'не отправлено: {n}', en: 'unsent: {n}' },
  notYetSent: { ru: 'ещё не отправлено', en: 'not yet sent' },
  sending: { ru: 'Отправка решения на сервер…', en: 'Sending to the server…' },
  overlayLink: { ru: 'Оверлей', en: 'Overlay' },
  connectingMatch: {
    ru: 'Загрузка матча с сервера…',
    en: 'Loading the match from the server…',
  },
  serverRefused: { ru: 'Сервер отклонил запись', en: 'The server refused the entry' },
  liveConflict: {
    ru: 'Другое устройство записало раньше',
    en: 'Another device wrote first',
  },
  entriesWithdrawn: { ru: 'Снято записей: {n}', en: 'Entries withdrawn: {n}' },
  superseded: { ru: 'Счёт ведёт другое устройство', en: 'Another device took over' },
  supersededText: {
    ru: 'Это устройство больше не записывает, только показывает счёт.',
    en: 'This device writes no more; it only shows the score.',
  },
  liveFinished: { ru: 'Матч окончен', en: 'The match has ended' },
  // Why the server refused an entry or the link, in words (serverWords adds its code, field and message).
  refusedRevoked: {
    ru: 'Директор отозвал эту ссылку: с этого устройства счёт больше не записывается.',
    en: 'The director revoked this scoring link: this device writes no more.',
  },
  refusedInvalid: {
    ru: 'Эта ссылка не подходит к этому матчу: с неё счёт не записывается.',
    en: 'This scoring link is not valid for this match: nothing is written with it.',
  },
  refusedExpired: {
    ru: 'Матч окончен (или ссылка устарела): больше ничего не записывается.',
    en: 'The match has ended (or the link is too old): nothing more is written.',
  },
  refusedAction: {
    ru: 'Судья на сервере не принял это действие: счёт на сервере иной, чем на телефоне. Показан счёт сервера.',
    en: "The server's referee refused this action: its score differs from this phone's. The server's score is shown.",
  },
  refusedUndo: {
    ru: 'Отменить можно только действие, записанное с этого устройства, пока оно ведёт счёт.',
    en: 'Only an action scored on this device while it scores the match can be undone.',
  },
  refusedNotWriter: {
    ru: 'Счёт ведёт другое устройство: чтобы вести его здесь, нажмите «Вести счёт здесь».',
    en: 'Another device scores this match: tap “Score here” to take over.',
  },
  refusedOther: {
    ru: 'Сервер не принял запись.',
    en: 'The server did not take the entry.',
  },
  export: { ru: 'Экспорт записи', en: 'Export record' },
  import: { ru: 'Импорт записи', en: 'Import record' },
  share: { ru: 'Поделиться итогом', en: 'Share summary' },
  print: { ru: 'Печать', en: 'Print' },
  log: { ru: 'Журнал', en: 'Log' },
  frame: { ru: 'Партия {n}', en: 'Frame {n}' },
  frames: { ru: 'Партии', en: 'Frames' },
  next: { ru: 'Дальше', en: 'Next' },
  refused: { ru: 'Отклонено', en: 'Refused' },
  importRefused: { ru: 'Запись не принята', en: 'Record refused' },
  damaged: { ru: 'повреждена', en: 'damaged' },
  open: { ru: 'Открыть', en: 'Open' },
  remove: { ru: 'Удалить', en: 'Delete' },
  winner: { ru: 'Победитель матча: {name}', en: 'Match winner: {name}' },
  frameWinner: { ru: 'Партию выигрывает {name}', en: '{name} wins the frame' },
  score: { ru: 'Счёт', en: 'Score' },
  shelf: { ru: 'Полка', en: 'Shelf' },
  onTable: { ru: 'На столе', en: 'On the table' },
  copied: { ru: 'Итог скопирован', en: 'Summary copied' },
  noMatches: { ru: 'Сохранённых матчей нет', en: 'No saved matches' },
  settingsDefaults: {
    ru: 'По умолчанию — правила МКП.',
    en: 'Defaults follow the МКП rules.',
  },
  respotOne: { ru: '{ball} — на заднюю отметку (п.25)', en: '{ball} — on the back spot (п.25)' },
  respotLine: {
    ru: 'На линию выставления от задней отметки к заднему борту, по порядку: {balls} (п.25)',
    en: 'On the spotting line from the back spot toward the back cushion, in order: {balls} (п.25)',
  },
  respotPlayOff: {
    ru: '{ball} — на заднюю отметку (Классическая 5.7)',
    en: '{ball} — on the back spot (Classic 5.7)',
  },
  respotAt: { ru: '{ball} — в точку x={x}, y={y} мм', en: '{ball} — at x={x}, y={y} mm' },
  shelved: { ru: 'На полку: {list}', en: 'To the shelf: {list}' },
  nextTurn: { ru: 'Дальше: {text}', en: 'Next: {text}' },
  legal: { ru: 'Правильно', en: 'Legal' },
  foul: { ru: 'Штраф', en: 'Foul' },
  noPenalty: { ru: 'Без штрафа', en: 'No penalty' },
  rack: { ru: 'Расстановка, ждём розыгрыш или разбой', en: 'Racked, waiting for the lag or the break' },
  matchOver: { ru: 'Матч окончен', en: 'The match is over' },
  summaryTitle: { ru: 'Итог матча', en: 'Match summary' },
} as const satisfies Strings<string>;

export type StringKey = keyof typeof STRINGS;

/** The words that say why the server refused something, by the refusal's code. */
export function refusalKey(code: string): StringKey {
  switch (code) {
    case 'auth/capability-revoked':
      return 'refusedRevoked';
    case 'auth/capability-invalid':
      return 'refusedInvalid';
    case 'auth/capability-expired':
      return 'refusedExpired';
    case 'score/refused':
    case 'score/invalid':
      return 'refusedAction';
    case 'score/not-writer':
      return 'refusedNotWriter';
    default:
      return 'refusedOther';
  }
}

/** The refusal as the server gave it (its code, the field it names, its message): for the record. */
export function serverWords(error: {
  readonly code: string;
  readonly field: string;
  readonly message: string;
}): string {
  return `${error.code}${error.field ? ` ${error.field}` : ''}: ${error.message}`;
}

/** §29.1 items by name (and the two fouls outside the list), as the referee's `fouls` codes. */
export const FOUL_NAMES: Readonly<Record<FoulCode, Bilingual>> = {
  '29.1(1)': {
    ru: 'биток не коснулся ни одного прицельного шара',
    en: 'the cue ball touched no object ball',
  },
  '29.1(2)': { ru: 'неправильный начальный удар', en: 'an incorrect break' },
  '29.1(3)': { ru: 'удар до завершения предыдущего', en: 'a stroke before the previous shot ended' },
  '29.1(4)': { ru: 'неправильный удар кием по битку', en: 'an improper strike' },
  '29.1(5)': { ru: 'удар с отрывом обеих ног от пола', en: 'both feet off the floor' },
  '29.1(6)': { ru: 'запрещённое касание шаров', en: 'a forbidden touch' },
  '29.1(7)': { ru: 'двойной удар', en: 'a double hit' },
  '29.1(8)': { ru: 'пропих', en: 'a push' },
  '29.1(9)': { ru: 'неправильно завершённый удар (п.20)', en: 'a shot not completed (п.20)' },
  '29.1(10)': { ru: 'шар выскочил за борт', en: 'a ball jumped off the table' },
  '29.1(11)': { ru: 'замедленная игра', en: 'slow play' },
  '29.1(12)': { ru: 'вмешательство в игру соперника', en: "interference in the opponent's game" },
  'from-house': {
    ru: 'с руки из дома по шару в доме (п.21)',
    en: 'from the house at a ball in the house (п.21)',
  },
  'classic-5.5': { ru: 'биток в лузе (Классическая 5.5)', en: 'the cue ball fell (Classic 5.5)' },
};

/** Fouls outside a shot, in words; the §29.1 item each is penalised under is the referee's (`EVENT_FOUL_ITEMS`). */
export const EVENT_FOUL_NAMES: Readonly<Record<EventFoul, Bilingual>> = {
  'touch-after-shot': {
    ru: 'касание шара после удара (п.17, п.22.3)',
    en: 'a ball touched after the shot (п.17, п.22.3)',
  },
  'touch-while-placing': {
    ru: 'касание шара при установке битка (п.11)',
    en: 'a ball touched while placing the cue ball (п.11)',
  },
  'slow-play': { ru: 'замедленная игра (п.26)', en: 'slow play (п.26)' },
  'touch-during-opponent-visit': {
    ru: 'касание шара во время подхода соперника (п.28)',
    en: "a ball touched during the opponent's visit (п.28)",
  },
  'out-of-turn-stroke': {
    ru: 'удар вне очереди (п.28)',
    en: 'a stroke out of turn (п.28)',
  },
};

/** Short pocket labels for the six buttons (the full names are POCKET_NAMES). */
export const POCKET_SHORT: Readonly<Record<PocketId, Bilingual>> = {
  FL: { ru: 'Л у дома', en: 'Front L' },
  FR: { ru: 'П у дома', en: 'Front R' },
  ML: { ru: 'Л средняя', en: 'Middle L' },
  MR: { ru: 'П средняя', en: 'Middle R' },
  BL: { ru: 'Л задняя', en: 'Back L' },
  BR: { ru: 'П задняя', en: 'Back R' },
};

export function pocketName(pocket: PocketId, lang: Lang): string {
  return POCKET_NAMES[pocket][lang];
}

/** A ball as a short label: "5", or the coloured ball's name. */
export function ballLabel(ball: BallId, lang: Lang): string {
  if (ball === COLOURED) return lang === 'ru' ? 'цветной' : 'coloured';
  return String(ball);
}

/** A heading's citation in the form the referee's rulings give it (`citeIn` of `CITES`, `decisionCite`). */
export const citeText = (cite: string | null, lang: Lang): string => citeIn(cite ?? '', lang);

/** The referee's texts call the players "Player A" and "Player B"; the scorer uses their names. */
export const withNames = namePlayers;

export function turnText(turn: Turn, players: readonly [string, string], lang: Lang): string {
  return withNames(describeTurn(turn, lang), players);
}

function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export function text(
  key: StringKey,
  lang: Lang,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fill(STRINGS[key][lang], values);
}

/** The heading over a decision due to `who`, citing the paragraph as the ruling that made it due does. */
export function decisionHeading(
  kind: PendingDecision['kind'],
  who: string,
  variant: Variant,
  lang: Lang,
): string {
  const key =
    kind === 'penalty-ball' ? 'penaltyBall' : kind === 'exchange-ball' ? 'exchangeBall' : 'dynamicOption';
  return text(key, lang, { who, cite: citeText(decisionCite(variant, kind), lang) });
}

/**
 * Where each re-spotted ball goes, in words. Without positions the referee reports no
 * coordinates, so the scorer says what п.25 requires: one ball on the back spot, several on the
 * spotting line in ascending order (the coloured ball last); at 70:70 the last ball on the back spot.
 */
export function respotLines(ruling: Ruling, lang: Lang): string[] {
  const list = ruling.respotted;
  if (list.length === 0) return [];
  const name = (ball: BallId) =>
    ball === COLOURED
      ? lang === 'ru'
        ? 'цветной шар'
        : 'the coloured ball'
      : `${lang === 'ru' ? 'шар' : 'ball'} ${ball}`;
  if (list.every((r) => r.at !== null)) {
    return list.map((r) =>
      text('respotAt', lang, { ball: name(r.ball), x: Math.round(r.at!.x), y: Math.round(r.at!.y) }),
    );
  }
  const playOff = ruling.next.kind === 'lag' && ruling.next.reason === 'play-off';
  if (playOff && list.length === 1) return [text('respotPlayOff', lang, { ball: name(list[0]!.ball) })];
  if (list.length === 1) return [text('respotOne', lang, { ball: name(list[0]!.ball) })];
  return [text('respotLine', lang, { balls: list.map((r) => name(r.ball)).join(', ') })];
}

export interface RulingView {
  readonly verdict: string;
  readonly fouls: readonly string[];
  readonly score: string;
  readonly shelved: string | null;
  readonly respots: readonly string[];
  readonly next: string;
  readonly reasons: readonly { readonly cite: string; readonly text: string }[];
}

/** A ruling as the sentences the scorer shows (and the log and summary repeat). */
export function rulingView(ruling: Ruling, players: readonly [string, string], lang: Lang): RulingView {
  const verdict =
    ruling.verdict === 'legal'
      ? text('legal', lang)
      : ruling.verdict === 'foul'
        ? text('foul', lang)
        : text('noPenalty', lang);
  const points = ruling.points
    .map((p) => (p > 0 ? `+${p}` : p < 0 ? String(p) : ''))
    .map((p) => (p ? ` (${p})` : ''));
  return {
    verdict,
    fouls: ruling.fouls.map(
      (code) => `${code.startsWith('29.1') ? `${code} ` : ''}${FOUL_NAMES[code][lang]}`,
    ),
    score: `${players[0]} ${ruling.scores[0]}${points[0]} : ${ruling.scores[1]}${points[1]} ${players[1]}`,
    shelved:
      ruling.shelved.length === 0
        ? null
        : text('shelved', lang, {
            list: ruling.shelved.map((s) => `${ballLabel(s.ball, lang)} → ${players[s.player]}`).join(', '),
          }),
    respots: respotLines(ruling, lang),
    next: turnText(ruling.next, players, lang),
    reasons: ruling.reasons.map((r) => ({ cite: citeIn(r.cite, lang), text: withNames(r[lang], players) })),
  };
}
