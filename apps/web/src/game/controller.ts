/**
 * The controller: holds the client state, feeds it intents and performs the effects — simulating
 * a shot (then the referee rules), asking the computer (in its worker), animating, saving the game
 * and reading records. The state itself stays pure (state/reduce.ts).
 */
import { execute, type Hint, type Move, mixSeed } from '@pyramid/bots';
import { type PlannedShot, playErrorMessage, simulateShot } from '@pyramid/match';
import type { Simulation } from '@pyramid/physics';
import { type Action, applyAction, type MatchState, type Ruling } from '@pyramid/rules';
import type { Bilingual } from '../common/lang.js';
import { animationFrom } from './animation.js';
import type { BotClient } from './bot-client.js';
import { overlayOf, restingBalls } from './overlay.js';
import type { ShotSound } from './sound.js';
import {
  actor,
  computerToAct,
  decisionToSend,
  type GameState,
  headerOf,
  type Intent,
  loadRecordText,
  parseSavedGame,
  personToAct,
  recordText,
  reduce,
  serializeGame,
  shotToPlay,
} from './state/index.js';
import type { GameView } from './view-loader.js';
import { warmUpWhenIdle } from './warm-up.js';

export const SAVE_KEY = 'pyramid:game';
const OFFLINE: Bilingual = { ru: 'Нет связи с сервером.', en: 'Not connected to the server.' };
/** Tries with fresh error when the simulator gives up on a computer's stroke (as self-play does). */
const RETRIES = 4;

export interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * An online table's channel to the server. A person's stroke or decision at an online table is
 * sent here as an intent and never applied locally; the server's broadcast comes back through
 * `Controller.serverAction`.
 */
export interface RemoteTable {
  stroke(shot: PlannedShot): void;
  decide(action: Action): void;
}

/** One action as the server ruled it, with the stroke's simulation when it was a stroke. */
export interface ServerAction {
  readonly action: Action;
  readonly ruling: Ruling;
  /** The server's state after the action (its positions are the ones shown). */
  readonly state: MatchState;
  readonly shot: PlannedShot | null;
  /** The stroke re-simulated here from the server's state before it, to animate (null: no animation). */
  readonly simulation: Simulation | null;
}

/** The server's shot clock as last told: time left when told (on this page's `performance.now()`), running or paused. */
export interface ServerClock {
  readonly remainingMs: number;
  readonly at: number;
  readonly running: boolean;
}

export class Controller {
  private listeners: ((state: GameState) => void)[] = [];
  /** Bumped whenever a new game starts, so that a computer's late reply is ignored. */
  private epoch = 0;
  private thinking = false;
  hintShown: Hint | null = null;
  /** The online table's channel (null: local play). */
  private remote: RemoteTable | null = null;
  /** The online table's broadcasts, animated one after another in the order received. */
  private serverQueue: Promise<void> = Promise.resolve();
  /** The server's clock for the shot due at an online table (null: none runs). */
  serverClock: ServerClock | null = null;

  constructor(
    public state: GameState,
    private readonly view: GameView,
    private readonly bot: BotClient,
    private readonly storage: Storage | null,
    private readonly sound: ShotSound,
  ) {}

  subscribe(listener: (state: GameState) => void): void {
    this.listeners.push(listener);
  }

  /** Binds the controller to an online table's channel, or back to local play (null). */
  connect(remote: RemoteTable | null): void {
    this.remote = remote;
    this.serverClock = null;
    this.serverQueue = Promise.resolve();
  }

  dispatch(intent: Intent): void {
    if (this.state.mode === 'online' && (intent.type === 'choose' || intent.type === 'clock')) {
      this.sendDecision(intent);
      return;
    }
    const before = this.state;
    this.state = reduce(this.state, intent);
    if (
      intent.type === 'start-match' ||
      intent.type === 'start-practice' ||
      intent.type === 'watch' ||
      intent.type === 'online-table' ||
      intent.type === 'setup-screen'
    ) {
      this.epoch++;
      this.thinking = false;
      // A shot of the old game still running would keep the view from drawing the new one.
      if (this.state !== before) this.view.skip();
      warmUpWhenIdle(this.state.match.variant, this.state.match.tableSize);
    }
    if (before.match !== this.state.match || before.selection !== this.state.selection) this.hintShown = null;
    this.changed();
    // A watcher's page (a spectator, the opponent) draws nothing until the first broadcast stroke:
    // its quality is measured now, so that the stroke is not animated at a level it cannot draw.
    if (intent.type === 'online-table' || intent.type === 'watch') this.view.probeQuality();
  }

  /** Tells the panels (and the language keeper) of the state as it is. */
  private notify(): void {
    for (const listener of this.listeners) listener(this.state);
  }

  private changed(): void {
    this.drawTable();
    this.save();
    this.notify();
    if (!this.state.busy && computerToAct(this.state) && !this.thinking) void this.computerTurn();
  }

  drawTable(): void {
    if (this.view.animating) return;
    this.view.useTable(this.state.match.tableSize);
    // Every variant: the Free cue-ball chips, the shelves and the rulings name the balls by number.
    this.view.setNumbered(true);
    this.view.setBalls(restingBalls(this.state));
    this.view.setOverlay(overlayOf(this.state));
    if (this.view.camera !== this.state.camera) this.view.setCamera(this.state.camera);
  }

  private save(): void {
    if (this.storage === null) return;
    try {
      if (this.state.mode === 'play' || this.state.mode === 'practice')
        this.storage.setItem(SAVE_KEY, serializeGame(this.state));
    } catch {
      // Storage full or disabled: the game goes on without being saved.
    }
  }

  /** Resumes the saved game, if any. A damaged one is refused with a notice and left as it is. */
  resume(): void {
    const text = this.storage?.getItem(SAVE_KEY) ?? null;
    if (text === null) return;
    const parsed = parseSavedGame(text);
    if (!parsed.ok) {
      this.dispatch({
        type: 'notice',
        notice: {
          kind: 'error',
          text: {
            ru: `Сохранённая партия не восстановлена: ${parsed.message}`,
            en: `The saved game could not be resumed: ${parsed.message}`,
          },
        },
      });
      return;
    }
    this.epoch++;
    this.state = {
      ...parsed.game,
      notice: { kind: 'info', text: { ru: 'Партия восстановлена.', en: 'The game was resumed.' } },
    };
    this.changed();
  }

  private refuse(text: Bilingual): void {
    this.dispatch({ type: 'refused', text });
  }

  /** Online: a decision goes to the server (it rules); the panels wait for its broadcast. */
  private sendDecision(intent: Extract<Intent, { type: 'choose' | 'clock' }>): void {
    const checked = decisionToSend(this.state, intent);
    if (!checked.ok) {
      this.refuse(checked.reason);
      return;
    }
    if (this.remote === null) {
      this.refuse(OFFLINE);
      return;
    }
    this.remote.decide(checked.action);
    this.state = { ...this.state, busy: true, notice: null };
    this.notify();
  }

  /** Online: the server refused an intent (or it could not be sent); input is taken again. */
  serverRefused(text: Bilingual): void {
    this.state = { ...this.state, busy: this.view.animating };
    this.refuse(text);
  }

  /**
   * Online: an action the server ruled on, animated (a stroke) then applied. Broadcasts are taken
   * in order; the state shown afterwards is the server's, positions included.
   */
  serverAction(update: ServerAction): Promise<void> {
    const epoch = this.epoch;
    this.serverQueue = this.serverQueue.then(async () => {
      if (epoch !== this.epoch || this.state.mode !== 'online') return;
      if (update.simulation !== null) {
        this.state = { ...this.state, busy: true };
        this.view.setOverlay({});
        this.notify();
        await this.view.play(animationFrom(update.simulation), {
          onFirstFrame: () => performance.mark('pyramid:animation-start'),
          onEvent: (event) => this.sound.play(event),
        });
        if (epoch !== this.epoch) return;
      }
      this.state = { ...this.state, busy: false };
      this.dispatch({
        type: 'applied',
        by: 'server',
        action: update.action,
        ruling: update.ruling,
        state: update.state,
        shot: update.shot,
      });
    });
    return this.serverQueue;
  }

  /** The person strikes: simulate, have the referee rule, animate, then move on. */
  async strike(): Promise<void> {
    const planned = shotToPlay(this.state);
    if (!planned.ok) return this.refuse(planned.reason);
    if (this.state.mode === 'online') {
      // The server simulates and rules; this page animates its broadcast.
      if (this.remote === null) return this.refuse(OFFLINE);
      this.sound.unlock();
      performance.mark('pyramid:release');
      this.remote.stroke(planned.shot);
      this.state = { ...this.state, busy: true, notice: null };
      this.view.setOverlay({});
      this.notify();
      return;
    }
    performance.mark('pyramid:release');
    this.sound.unlock();
    const before = this.state.match;
    const simulated = simulateShot(before, planned.shot);
    if (!simulated.ok) {
      const message = playErrorMessage(simulated.error);
      return this.refuse({ ru: `Удар не принят: ${message}`, en: `The shot was refused: ${message}` });
    }
    performance.mark('pyramid:simulated');
    const applied = applyAction(before, simulated.value.action);
    if (!applied.ok) {
      const message = applied.error.message;
      return this.refuse({
        ru: `Судья не принял удар: ${message}`,
        en: `The referee refused the shot: ${message}`,
      });
    }
    performance.mark('pyramid:ruled');
    const epoch = this.epoch;
    // Nothing but the animation runs between the release and its first frame: the state turns busy
    // at once (so that no input is taken), but the panels re-render only once that frame is drawn —
    // a re-render, its style and layout work would otherwise delay the frame. Busy is not saved.
    this.state = { ...this.state, busy: true };
    this.view.setOverlay({});
    const played = this.view.play(animationFrom(simulated.value.simulation), {
      onFirstFrame: () => {
        performance.mark('pyramid:animation-start');
        if (epoch === this.epoch) this.notify();
      },
      onEvent: (event) => this.sound.play(event),
    });
    await played;
    if (epoch !== this.epoch) return;
    this.state = { ...this.state, busy: false };
    this.dispatch({
      type: 'applied',
      by: 'person',
      action: simulated.value.action,
      ruling: applied.value.ruling,
      state: applied.value.state,
      shot: planned.shot,
    });
  }

  /** The computer's turn: think in the worker, execute here (so the record replays), animate. */
  private async computerTurn(): Promise<void> {
    const game = this.state;
    const who = actor(game);
    if (who === null) return;
    const player = game.setup.players[who];
    const epoch = this.epoch;
    this.thinking = true;
    const seed = mixSeed(game.setup.seed, game.history.length);
    let move: Move | null;
    try {
      move = await this.bot.move(game.match, player.level, seed);
    } catch (caught) {
      this.thinking = false;
      return this.refuse({
        ru: `Ошибка компьютера: ${String(caught)}`,
        en: `The computer failed: ${String(caught)}`,
      });
    }
    if (epoch !== this.epoch || this.state.match !== game.match) {
      this.thinking = false;
      return;
    }
    if (move === null) {
      this.thinking = false;
      return;
    }
    let done = execute(game.match, move, player.level, seed);
    for (let retry = 1; !done.ok && done.error.kind === 'simulation' && retry <= RETRIES; retry++)
      done = execute(game.match, move, player.level, mixSeed(seed, retry));
    if (!done.ok) {
      this.thinking = false;
      const message = playErrorMessage(done.error);
      return this.refuse({
        ru: `Ход компьютера не принят: ${message}`,
        en: `The computer’s move failed: ${message}`,
      });
    }
    const executed = done.value;
    const shot: PlannedShot | null =
      move.type === 'shot' && executed.stroke !== null ? { ...move.shot, strike: executed.stroke } : null;
    if (executed.simulation !== null && game.setup.computerSpeed === 'normal') {
      this.state = { ...this.state, busy: true };
      this.notify();
      this.view.setOverlay({});
      await this.view.play(animationFrom(executed.simulation), {
        onEvent: (event) => this.sound.play(event),
      });
    } else if (game.setup.computerSpeed === 'fastest') {
      // Let the page breathe between moves.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    this.thinking = false;
    if (epoch !== this.epoch) return;
    this.state = { ...this.state, busy: false };
    this.dispatch({
      type: 'applied',
      by: 'computer',
      action: executed.action,
      ruling: executed.ruling,
      state: executed.state,
      shot,
    });
  }

  /** Replays the last shot (normal or slow) from the position before it. */
  async replay(rate: number): Promise<void> {
    if (this.state.busy || this.view.animating) return;
    const history = this.state.history;
    const upto = this.state.mode === 'watch' ? this.state.cursor : history.length - 1;
    let entry = null;
    for (let i = upto; i >= 0; i--) {
      const candidate = history[i];
      if (candidate?.action.type === 'shot') {
        entry = candidate;
        break;
      }
    }
    if (entry === null || entry.shot === null) {
      return this.dispatch({
        type: 'notice',
        notice: { kind: 'info', text: { ru: 'Нет удара для повтора.', en: 'No shot to replay.' } },
      });
    }
    const simulated = simulateShot(entry.before, entry.shot);
    if (!simulated.ok) return;
    this.dispatch({ type: 'busy', busy: true });
    this.view.setOverlay({});
    await this.view.play(animationFrom(simulated.value.simulation), {
      rate,
      onEvent: (event) => this.sound.play(event),
    });
    this.state = { ...this.state, busy: false };
    this.changed();
  }

  /** Skips the animation in progress. */
  skip(): void {
    this.view.skip();
  }

  /** Asks the master for the best shot here and applies all of it; the player may take it or change it. */
  async hint(): Promise<void> {
    if (!personToAct(this.state) || this.state.busy) return;
    const match: MatchState = this.state.match;
    const found = await this.bot.hint(
      match,
      mixSeed(this.state.setup.seed, 0x48494e54 + this.state.history.length),
    );
    if (this.state.match !== match || found === null) return;
    this.applyHint(found);
  }

  /**
   * The hint's whole shot set up as the player's: cue ball, placement, call, and the stroke (aim,
   * power, tip offset, elevation) kept exactly, so that striking plays the shot whose chance the
   * hint states.
   */
  private applyHint(found: Hint): void {
    const shot = found.shot;
    if (shot.cueBall !== this.state.selection.cueBall && shotTemplateAllows(this.state, shot.cueBall))
      this.dispatch({ type: 'select-cue-ball', ball: shot.cueBall });
    if (shot.placement !== null) this.dispatch({ type: 'place', at: shot.placement });
    if (shot.call !== null) {
      this.dispatch({ type: 'call-ball', ball: shot.call.ball });
      this.dispatch({ type: 'call-pocket', pocket: shot.call.pocket });
    }
    this.dispatch({ type: 'aim-stroke', stroke: shot.strike });
    // The selection changed above, which clears a shown hint: it is shown again.
    this.hintShown = found;
    this.notify();
  }

  /**
   * "Play it": the hint shown, all of it, struck. The shot sent is the hint's bit for bit; should the
   * selection not take it as it is (the position changed), nothing is struck and the player is told.
   */
  async playHint(): Promise<void> {
    const found = this.hintShown;
    if (found === null || !personToAct(this.state) || this.state.busy) return;
    this.applyHint(found);
    const planned = shotToPlay(this.state);
    if (planned.ok && !sameShot(planned.shot, found.shot))
      return this.refuse({
        ru: 'Подсказку нельзя сыграть как есть: позиция изменилась.',
        en: 'The hint cannot be played as it is: the position has changed.',
      });
    await this.strike();
  }

  recordText(): string {
    return recordText(headerOf(this.state), this.state.history);
  }

  /** Opens a record to watch it; a record that fails says why and changes nothing. */
  openRecord(text: string): boolean {
    const loaded = loadRecordText(text);
    if (!loaded.ok) {
      const e = loaded.error;
      const where = `${e.index === null ? '' : `action ${e.index}, `}${e.field === '' ? '' : `field ${e.field}: `}`;
      this.dispatch({
        type: 'notice',
        notice: {
          kind: 'error',
          text: {
            ru: `Запись не открыта: ${where}${e.message}`,
            en: `The record did not open: ${where}${e.message}`,
          },
        },
      });
      return false;
    }
    this.dispatch({
      type: 'watch',
      loaded: loaded.value,
      setup: {
        ...this.state.setup,
        variant: loaded.value.initial.variant,
        tableSize: loaded.value.initial.tableSize,
      },
    });
    return true;
  }
}

function shotTemplateAllows(game: GameState, ball: number): boolean {
  const turn = game.match.turn;
  if (turn.kind !== 'shot') return false;
  return turn.terms.cueBall === 'choose' ? game.match.table.includes(ball) : turn.terms.cueBall === ball;
}

/** The same shot: cue ball, call, placement and every part of the strike, compared exactly. */
function sameShot(a: PlannedShot, b: PlannedShot): boolean {
  const same = (x: object | null, y: object | null) => JSON.stringify(x) === JSON.stringify(y);
  return (
    a.cueBall === b.cueBall &&
    a.call?.ball === b.call?.ball &&
    a.call?.pocket === b.call?.pocket &&
    a.placement?.x === b.placement?.x &&
    a.placement?.y === b.placement?.y &&
    same(a.strike, b.strike)
  );
}
