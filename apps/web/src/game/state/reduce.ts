/**
 * `reduce(state, intent)`: intents in, a new state out. Every intent a person makes is checked
 * against what the referee allows (`legalActions`) and against whose turn it is; a refused intent
 * changes nothing but the notice, which says why. Effects (simulating a shot, asking the computer,
 * animating, saving) belong to the controller, which reports their results back as intents.
 */
import type { PlannedShot, Stroke } from '@pyramid/match';
import {
  type Action,
  applyAction,
  legalActions,
  type MatchState,
  type Player,
  type Ruling,
  startTableSize,
} from '@pyramid/rules';
import type { PocketId, Point, TableSpec } from '@pyramid/table';
import type { Bilingual, Lang } from '../../common/lang.js';
import {
  aimOfStroke,
  angleTowards,
  DEFAULT_AIM,
  nudge,
  strokeOf,
  withAngle,
  withElevation,
  withPower,
  withTip,
} from './aim.js';
import { type PracticeBalls, practiceMatch, practiceRack } from './practice.js';
import type { LoadedRecord } from './record.js';
import {
  type Choice,
  choices,
  computerToAct,
  offeredChoices,
  personToAct,
  sameChoice,
  shotTemplate,
} from './rules.js';
import {
  callableBall,
  checkCall,
  checkCueBall,
  checkPlacement,
  EMPTY_SELECTION,
  freshSelection,
  missingChoice,
  suggestPlacement,
} from './selection.js';
import { matchOf, playerNames } from './setup.js';
import { tableOf } from './table.js';
import type { GameState, HistoryEntry, Notice, Setup } from './types.js';

export type Intent =
  | { readonly type: 'start-match'; readonly setup: Setup }
  | { readonly type: 'start-practice'; readonly setup: Setup; readonly balls?: PracticeBalls }
  | { readonly type: 'watch'; readonly loaded: LoadedRecord; readonly setup: Setup }
  | { readonly type: 'watch-step'; readonly cursor: number }
  /**
   * The server's table as it is (on joining, and again after a reconnection or a mismatch): its
   * match, the rulings so far, the record's start and the seat held here (null: watching).
   */
  | {
      readonly type: 'online-table';
      readonly match: MatchState;
      readonly history: readonly HistoryEntry[];
      readonly start: Readonly<Record<string, unknown>>;
      readonly seat: Player | null;
      readonly live: boolean;
      readonly waiting: boolean;
      readonly lagWinner: Player | null;
    }
  /** The online table started, was adjourned or resumed, or a lag was drawn. */
  | {
      readonly type: 'online-status';
      readonly live: boolean;
      readonly waiting: boolean;
      readonly lagWinner: Player | null;
    }
  /** Takes over the watched record at the step shown, two people at the table. */
  | { readonly type: 'play-from-watch' }
  | { readonly type: 'setup-screen' }
  | { readonly type: 'aim-angle'; readonly angleDeg: number }
  | { readonly type: 'aim-at'; readonly at: Point }
  | { readonly type: 'nudge'; readonly steps: number; readonly coarse: boolean }
  | { readonly type: 'power'; readonly power: number }
  | { readonly type: 'tip'; readonly side: number; readonly height: number }
  | { readonly type: 'elevation'; readonly deg: number }
  /** The whole stroke at once (the hint's): aim, power, tip offset and elevation, struck exactly. */
  | { readonly type: 'aim-stroke'; readonly stroke: Stroke }
  | { readonly type: 'select-cue-ball'; readonly ball: number }
  | { readonly type: 'call-ball'; readonly ball: number }
  | { readonly type: 'call-pocket'; readonly pocket: PocketId }
  | { readonly type: 'place'; readonly at: Point }
  | { readonly type: 'choose'; readonly choice: Choice }
  /** п.26: the striker takes an extension, or the shot clock ran out (a slow-play foul). */
  | { readonly type: 'clock'; readonly action: ClockAction }
  | {
      readonly type: 'applied';
      /** 'server': an online table's broadcast, whoever struck. */
      readonly by: 'person' | 'computer' | 'server';
      readonly action: Action;
      readonly ruling: Ruling;
      readonly state: MatchState;
      readonly shot: PlannedShot | null;
    }
  | { readonly type: 'refused'; readonly text: Bilingual }
  | { readonly type: 'notice'; readonly notice: Notice | null }
  | { readonly type: 'busy'; readonly busy: boolean }
  | { readonly type: 'toggle-aid' }
  | { readonly type: 'camera'; readonly mode: 'top' | '3d' | 'eye' }
  | { readonly type: 'lang'; readonly lang: Lang }
  | { readonly type: 'undo' }
  | { readonly type: 'practice-edit'; readonly editing: boolean }
  | { readonly type: 'practice-move'; readonly ball: number; readonly at: Point }
  | { readonly type: 'practice-remove'; readonly ball: number }
  | { readonly type: 'practice-add'; readonly ball: number };

export type ClockAction =
  | { readonly type: 'extension'; readonly player: 0 | 1 }
  | { readonly type: 'foul'; readonly player: 0 | 1; readonly foul: 'slow-play' };

const NOT_YOUR_TURN: Bilingual = { ru: 'Сейчас ход компьютера.', en: 'It is the computer’s turn.' };
const OPPONENTS_TURN: Bilingual = { ru: 'Сейчас ход соперника.', en: 'It is your opponent’s turn.' };
const WATCHING: Bilingual = { ru: 'Вы зритель этого стола.', en: 'You are watching this table.' };
const BUSY: Bilingual = { ru: 'Дождитесь конца удара.', en: 'Wait until the balls stop.' };

/** A new game at the set-up screen. */
export function initialGame(setup: Setup, lang: Lang): GameState {
  const match = matchOf(setup, lang);
  return {
    mode: 'setup',
    lang,
    setup,
    start: { from: 'rack', breaker: setup.breaker, ...startTableSize(setup.tableSize) },
    match,
    history: [],
    aim: DEFAULT_AIM,
    selection: freshSelection(match, shotTemplate(match), EMPTY_SELECTION),
    aid: true,
    camera: 'top',
    busy: false,
    notice: null,
    cursor: -1,
    editing: false,
    online: null,
  };
}

const refused = (game: GameState, text: Bilingual): GameState => ({
  ...game,
  notice: { kind: 'refused', text },
});

/** A person's intent on the table is taken only on a person's turn and while nothing moves. */
function gate(game: GameState): Bilingual | null {
  if (game.busy) return BUSY;
  if (!personToAct(game)) {
    if (game.mode !== 'online') return NOT_YOUR_TURN;
    return game.online?.seat == null ? WATCHING : OPPONENTS_TURN;
  }
  return null;
}

/** The state after the match moved on to `match`: a fresh selection for the new turn. */
function moveOn(
  game: GameState,
  match: MatchState,
  entry: HistoryEntry | null,
  notice: Notice | null,
): GameState {
  const history = entry === null ? game.history : [...game.history, entry];
  return {
    ...game,
    match,
    history,
    // A hint's exact stroke was for the position it was given in.
    aim: game.aim.exact === null ? game.aim : { ...game.aim, exact: null },
    selection: freshSelection(match, shotTemplate(match), game.selection),
    notice,
  };
}

/** The state shown at `cursor` while watching: the start, or the state after action `cursor`. */
/**
 * The set-up of a match played on by two people (a watched record taken over, an online table): its
 * variant, table, settings and names, each seat a person; the computer levels stay as they were.
 */
function peopleSetup(setup: Setup, match: MatchState): Setup {
  return {
    ...setup,
    variant: match.variant,
    tableSize: match.tableSize,
    settings: match.settings,
    players: [
      { name: match.players[0], kind: 'person', level: setup.players[0].level },
      { name: match.players[1], kind: 'person', level: setup.players[1].level },
    ],
  };
}

function watchedState(game: GameState, cursor: number): MatchState {
  const first = game.history[0];
  if (cursor < 0 || first === undefined) return first?.before ?? game.match;
  const entry = game.history[cursor];
  if (entry === undefined) return game.match;
  const after = applyAction(entry.before, entry.action);
  return after.ok ? after.value.state : entry.before;
}

export function reduce(game: GameState, intent: Intent): GameState {
  switch (intent.type) {
    case 'start-match': {
      const fresh = initialGame(intent.setup, game.lang);
      return { ...fresh, mode: 'play', aid: game.aid, camera: game.camera };
    }
    case 'start-practice': {
      const balls = intent.balls ?? practiceRack(intent.setup.variant, intent.setup.tableSize);
      const built = practiceMatch(
        intent.setup.variant,
        intent.setup.tableSize,
        intent.setup.settings,
        balls,
        // Every shot of a practice is the person's own: both sides are named as people.
        playerNames(
          {
            ...intent.setup,
            players: [
              { ...intent.setup.players[0], kind: 'person' },
              { ...intent.setup.players[1], kind: 'person' },
            ],
          },
          game.lang,
        ),
      );
      if (!built.ok) return refused(game, { ru: built.message, en: built.message });
      return {
        ...initialGame(intent.setup, game.lang),
        mode: 'practice',
        start: built.start,
        match: built.match,
        selection: freshSelection(built.match, shotTemplate(built.match), EMPTY_SELECTION),
        aid: game.aid,
        camera: game.camera,
      };
    }
    case 'watch': {
      const { loaded } = intent;
      const base = initialGame(intent.setup, game.lang);
      return {
        ...base,
        mode: 'watch',
        start: loaded.header.start,
        match: loaded.initial,
        history: loaded.history,
        cursor: -1,
        aid: game.aid,
        camera: game.camera,
        notice: null,
      };
    }
    case 'watch-step': {
      if (game.mode !== 'watch') return game;
      const cursor = Math.max(-1, Math.min(game.history.length - 1, Math.round(intent.cursor)));
      return { ...game, cursor, match: watchedState(game, cursor) };
    }
    case 'play-from-watch': {
      if (game.mode !== 'watch') return game;
      const match = watchedState(game, game.cursor);
      const setup = peopleSetup(game.setup, match);
      return {
        ...game,
        mode: 'play',
        setup,
        match,
        history: game.history.slice(0, game.cursor + 1),
        selection: freshSelection(match, shotTemplate(match), EMPTY_SELECTION),
        notice: null,
      };
    }
    case 'online-table': {
      const match = intent.match;
      const setup = peopleSetup(game.setup, match);
      const same = game.mode === 'online' && game.online?.seat === intent.seat;
      return {
        ...game,
        mode: 'online',
        online: {
          seat: intent.seat,
          live: intent.live,
          waiting: intent.waiting,
          lagWinner: intent.lagWinner,
        },
        setup,
        start: intent.start,
        match,
        history: intent.history,
        cursor: -1,
        editing: false,
        busy: false,
        selection: freshSelection(match, shotTemplate(match), same ? game.selection : EMPTY_SELECTION),
        notice: same ? game.notice : null,
      };
    }
    case 'online-status':
      if (game.mode !== 'online' || game.online === null) return game;
      return {
        ...game,
        online: { ...game.online, live: intent.live, waiting: intent.waiting, lagWinner: intent.lagWinner },
      };
    case 'setup-screen':
      return { ...game, mode: 'setup', busy: false, notice: null, online: null };
    case 'aim-angle':
      return { ...game, aim: withAngle(game.aim, intent.angleDeg) };
    case 'aim-at': {
      const from = cuePosition(game);
      if (from === null) return game;
      const angle = angleTowards(from, intent.at);
      return angle === null ? game : { ...game, aim: withAngle(game.aim, angle) };
    }
    case 'nudge':
      return { ...game, aim: nudge(game.aim, intent.steps, intent.coarse) };
    case 'power':
      return { ...game, aim: withPower(game.aim, intent.power) };
    case 'tip':
      return { ...game, aim: withTip(game.aim, intent.side, intent.height) };
    case 'elevation':
      return { ...game, aim: withElevation(game.aim, intent.deg) };
    case 'aim-stroke':
      return { ...game, aim: aimOfStroke(intent.stroke) };
    case 'select-cue-ball': {
      const blocked = gate(game);
      if (blocked !== null) return refused(game, blocked);
      const template = shotTemplate(game.match);
      if (template === null) return refused(game, { ru: 'Сейчас не удар.', en: 'No shot is due.' });
      const check = checkCueBall(game.match, intent.ball);
      if (!check.ok) return refused(game, check.reason);
      const placement =
        template.inHand === null
          ? null
          : suggestPlacement(game.match, template, intent.ball, game.selection.placement);
      return { ...game, selection: { ...game.selection, cueBall: intent.ball, placement }, notice: null };
    }
    case 'call-ball': {
      const blocked = gate(game);
      if (blocked !== null) return refused(game, blocked);
      const template = shotTemplate(game.match);
      if (template === null || template.calls === null)
        return refused(game, { ru: 'Заказ не нужен.', en: 'No call is taken on this shot.' });
      if (!callableBall(template, intent.ball))
        return refused(game, { ru: 'Этот шар нельзя заказать.', en: 'That ball cannot be called.' });
      const call = game.selection.call;
      return {
        ...game,
        selection: {
          ...game.selection,
          callBall: intent.ball,
          call: call !== null && call.ball !== intent.ball ? null : call,
        },
        notice: null,
      };
    }
    case 'call-pocket': {
      const blocked = gate(game);
      if (blocked !== null) return refused(game, blocked);
      const template = shotTemplate(game.match);
      const ball = game.selection.callBall;
      if (template === null || ball === null)
        return refused(game, { ru: 'Сначала выберите шар.', en: 'Choose the ball first.' });
      const call = { ball, pocket: intent.pocket };
      const check = checkCall(game.match, game.selection.cueBall ?? template.cueBalls[0]!, call);
      if (!check.ok) return refused(game, check.reason);
      return { ...game, selection: { ...game.selection, call }, notice: null };
    }
    case 'place': {
      const blocked = gate(game);
      if (blocked !== null) return refused(game, blocked);
      const template = shotTemplate(game.match);
      if (template === null || template.inHand === null)
        return refused(game, { ru: 'Биток не с руки.', en: 'The cue ball is not in hand.' });
      const cueBall = game.selection.cueBall;
      if (cueBall === null) return refused(game, { ru: 'Выберите биток.', en: 'Choose the cue ball first.' });
      const check = checkPlacement(game.match, template, cueBall, intent.at);
      if (!check.ok) return refused(game, check.reason);
      return { ...game, selection: { ...game.selection, placement: intent.at }, notice: null };
    }
    case 'choose': {
      // Online, the server rules on a decision (the controller sends it): nothing is applied here.
      if (game.mode === 'online') return game;
      const blocked = gate(game);
      if (blocked !== null) return refused(game, blocked);
      if (!choices(game.match).some((c) => sameChoice(c, intent.choice)))
        return refused(game, { ru: 'Такого выбора нет.', en: 'That choice is not offered.' });
      const applied = applyAction(game.match, intent.choice);
      if (!applied.ok) return refused(game, { ru: applied.error.message, en: applied.error.message });
      return moveOn(
        game,
        applied.value.state,
        { action: intent.choice, ruling: applied.value.ruling, before: game.match, shot: null },
        null,
      );
    }
    case 'clock': {
      if (game.mode === 'online') return game;
      const blocked = gate(game);
      if (blocked !== null) return refused(game, blocked);
      const listed = legalActions(game.match).some(
        (a) =>
          (a.type === 'extension' || a.type === 'foul') && sameChoice(a as unknown as Choice, intent.action),
      );
      if (!listed) return refused(game, { ru: 'Сейчас нельзя.', en: 'Not allowed now.' });
      const applied = applyAction(game.match, intent.action);
      if (!applied.ok) return refused(game, { ru: applied.error.message, en: applied.error.message });
      return moveOn(
        game,
        applied.value.state,
        { action: intent.action, ruling: applied.value.ruling, before: game.match, shot: null },
        null,
      );
    }
    case 'applied': {
      const allowed =
        intent.by === 'server'
          ? game.mode === 'online'
          : game.mode !== 'online' && (intent.by === 'person' ? personToAct(game) : computerToAct(game));
      if (!allowed) return game;
      return moveOn(
        game,
        intent.state,
        { action: intent.action, ruling: intent.ruling, before: game.match, shot: intent.shot },
        null,
      );
    }
    case 'refused':
      return refused(game, intent.text);
    case 'notice':
      return { ...game, notice: intent.notice };
    case 'busy':
      return { ...game, busy: intent.busy };
    case 'toggle-aid':
      return { ...game, aid: !game.aid };
    case 'camera':
      return { ...game, camera: intent.mode };
    case 'lang':
      return { ...game, lang: intent.lang };
    case 'undo': {
      if (game.mode !== 'practice')
        return refused(game, { ru: 'Только на тренировке.', en: 'Only in practice.' });
      if (game.busy) return refused(game, BUSY);
      const last = game.history.at(-1);
      if (last === undefined) return refused(game, { ru: 'Нечего возвращать.', en: 'Nothing to take back.' });
      return {
        ...game,
        match: last.before,
        history: game.history.slice(0, -1),
        selection: freshSelection(last.before, shotTemplate(last.before), game.selection),
        notice: null,
      };
    }
    case 'practice-edit':
      return game.mode === 'practice' ? { ...game, editing: intent.editing } : game;
    case 'practice-move':
    case 'practice-remove':
    case 'practice-add':
      return editPractice(game, intent);
  }
}

/** Practice edits change the position itself: the situation is rebuilt and the tries start again. */
function editPractice(
  game: GameState,
  intent: Extract<Intent, { type: 'practice-move' | 'practice-remove' | 'practice-add' }>,
): GameState {
  if (game.mode !== 'practice' || game.busy) return game;
  const { spec } = tableOf(game.match);
  const balls: Record<string, Point> = { ...(game.match.positions ?? {}) };
  // A ball in hand has no position yet; it comes back on the table at the house side.
  for (const id of game.match.table) if (balls[id] === undefined) delete balls[id];
  if (intent.type === 'practice-move') {
    if (balls[intent.ball] === undefined) return game;
    const others = Object.entries(balls).filter(([id]) => Number(id) !== intent.ball);
    const r = spec.ballDiameter;
    const at = intent.at;
    const free = others.every(([, p]) => (p.x - at.x) ** 2 + (p.y - at.y) ** 2 >= r * r);
    const onBed = at.x >= r / 2 && at.x <= spec.length - r / 2 && at.y >= r / 2 && at.y <= spec.width - r / 2;
    if (!free || !onBed)
      return refused(game, { ru: 'Здесь нет места для шара.', en: 'There is no room for the ball there.' });
    balls[intent.ball] = at;
  } else if (intent.type === 'practice-remove') {
    if (balls[intent.ball] === undefined) return game;
    delete balls[intent.ball];
  } else {
    if (balls[intent.ball] !== undefined) return game;
    const spot = freeSpot(spec, balls);
    if (spot === null) return game;
    balls[intent.ball] = spot;
  }
  const built = practiceMatch(
    game.setup.variant,
    game.match.tableSize,
    game.setup.settings,
    balls,
    game.match.players,
  );
  if (!built.ok) return refused(game, { ru: built.message, en: built.message });
  return {
    ...game,
    start: built.start,
    match: built.match,
    history: [],
    selection: freshSelection(built.match, shotTemplate(built.match), game.selection),
    notice: null,
  };
}

/** A free spot along the long axis for a ball added in practice. */
function freeSpot(spec: TableSpec, balls: Readonly<Record<string, Point>>): Point | null {
  const d = spec.ballDiameter + 1;
  // Rows 90 mm apart either side of the long axis, as many as the bed's width holds.
  const rows = Math.min(12, 2 * Math.floor((spec.width / 2 - d) / 90) + 1);
  for (let row = 0; row < rows; row++) {
    for (let x = 300; x < spec.length - 100; x += 90) {
      const at = { x, y: spec.width / 2 + (row % 2 === 0 ? 1 : -1) * Math.ceil(row / 2) * 90 };
      if (Object.values(balls).every((p) => (p.x - at.x) ** 2 + (p.y - at.y) ** 2 >= d * d)) return at;
    }
  }
  return null;
}

/**
 * Online: the decision or clock extension a person's intent asks the server for, checked against
 * what the referee lists now (the server checks again and rules), or why it cannot be asked.
 */
export function decisionToSend(
  game: GameState,
  intent: Extract<Intent, { type: 'choose' | 'clock' }>,
): { ok: true; action: Action } | { ok: false; reason: Bilingual } {
  const blocked = gate(game);
  if (blocked !== null) return { ok: false, reason: blocked };
  if (intent.type === 'choose') {
    if (!offeredChoices(game).some((c) => sameChoice(c, intent.choice)))
      return { ok: false, reason: { ru: 'Такого выбора нет.', en: 'That choice is not offered.' } };
    return { ok: true, action: intent.choice };
  }
  if (intent.action.type !== 'extension')
    return { ok: false, reason: { ru: 'Сейчас нельзя.', en: 'Not allowed now.' } };
  const listed = legalActions(game.match).some((a) => a.type === 'extension');
  if (!listed) return { ok: false, reason: { ru: 'Сейчас нельзя.', en: 'Not allowed now.' } };
  return { ok: true, action: intent.action };
}

/** Where the cue ball is (its placement when in hand), or null when there is no cue ball yet. */
export function cuePosition(game: GameState): Point | null {
  const template = shotTemplate(game.match);
  const ball = game.selection.cueBall;
  if (template === null || ball === null) return null;
  if (template.inHand !== null) return game.selection.placement;
  return game.match.positions?.[ball] ?? null;
}

/** The shot the person would strike now, or why it cannot be struck. */
export function shotToPlay(
  game: GameState,
): { ok: true; shot: PlannedShot } | { ok: false; reason: Bilingual } {
  const blocked = gate(game);
  if (blocked !== null) return { ok: false, reason: blocked };
  const template = shotTemplate(game.match);
  if (template === null) return { ok: false, reason: { ru: 'Сейчас не удар.', en: 'No shot is due.' } };
  const missing = missingChoice(template, game.selection);
  if (missing !== null) return { ok: false, reason: missing };
  return {
    ok: true,
    shot: {
      cueBall: game.selection.cueBall ?? 0,
      call: template.calls === null ? null : game.selection.call,
      placement: template.inHand === null ? null : game.selection.placement,
      strike: strokeOf(game.aim),
    },
  };
}
