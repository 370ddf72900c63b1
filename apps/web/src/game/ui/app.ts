/**
 * The page: the table canvas filling the screen, a toolbar, and the side panel (a bottom sheet on
 * narrow screens) with the scoreboard, the choices, the shooting controls and the log; the set-up
 * screen and the help over it. Panels re-render from the client state on every change.
 */

import { downloadText, pickFileText, recordFileName } from '../../common/files.js';
import { type Lang, translator } from '../../common/lang.js';
import type { Controller } from '../controller.js';
import { type GameState, personToAct } from '../state/index.js';
import { choicesPanel } from './choices.js';
import { controls } from './controls.js';
import { h } from './dom.js';
import { logPanel, rulingToast } from './log.js';
import { RULES_HEADINGS, RULES_SUMMARY, VARIANT_TITLE } from './rules-summary.js';
import { miniBoard, scoreboard } from './scoreboard.js';
import { setupScreen } from './setup-screen.js';
import { STRINGS } from './strings.js';

/** How long a new ruling stays over the table. */
const RULING_SHOWN_MS = 6000;

const MENU_ICON =
  '<svg width="18" height="14" viewBox="0 0 18 14" aria-hidden="true" focusable="false">' +
  '<path d="M1 2h16M1 7h16M1 12h16" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

export interface App {
  render(game: GameState): void;
}

/**
 * Online play's part of the page (src/online): the lobby over the table, the table's status banner
 * on the stage and its panel section (spectators, chat). The elements persist (a chat being typed
 * survives re-renders); `render` updates them in place.
 */
export interface OnlinePart {
  readonly banner: HTMLElement;
  readonly section: HTMLElement;
  /** The chat, placed after the controls. */
  readonly talk: HTMLElement;
  readonly lobbyLayer: HTMLElement;
  /** The lobby is shown (over the set-up screen). */
  lobbyOpen(): boolean;
  openLobby(): void;
  /** The server's record of the match at the table (the download item uses it online). */
  recordUrl(): string | null;
  render(game: GameState): void;
}

export function mountApp(
  root: HTMLElement,
  canvas: HTMLCanvasElement,
  controller: Controller,
  online: OnlinePart | null = null,
): App {
  const toolbar = h('header', { className: 'toolbar', testid: 'toolbar' });
  const notice = h('div', {
    className: 'notice',
    testid: 'notice',
    attrs: { role: 'status', 'aria-live': 'polite' },
  });
  const board = h('div', { className: 'board-slot' });
  const choicesSlot = h('div', { className: 'choices-slot' });
  const logSlot = h('div', { className: 'log-slot' });
  const clock = new ShotClock(controller);
  const panelControls = controls(controller, () => clock.extension());
  const sheetHandle = h('button', {
    className: 'sheet-handle',
    testid: 'sheet-toggle',
    attrs: { 'aria-expanded': 'false' },
  });
  const mini = h('div', { className: 'mini-slot' });
  // The sheet's head (handle and compact scoreboard) stays out of the scrolling body: it is always
  // where a finger expects it, whatever the body was scrolled to.
  const head = h('div', { className: 'sheet-head', testid: 'sheet-head' }, sheetHandle, mini);
  // The body scrolls, transparent over the panel's own background: an opaque scroller over the
  // WebGL canvas made Chromium's compositor cull the canvas where it is not covered (a near-black
  // table once the open sheet's content overflowed, issue 25).
  const body = h(
    'div',
    { className: 'panel-body', testid: 'panel-body' },
    board,
    online?.section ?? null,
    choicesSlot,
    panelControls.element,
    online?.talk ?? null,
    logSlot,
  );
  const panel = h('aside', { className: 'panel', testid: 'panel' }, head, body);
  // The phone's bottom sheet opens and closes over the table (its canvas keeps its size); it closes
  // when a shot starts so that the player sees the balls run, back at its top (a closed sheet that
  // kept its scroll showed a log line in its strip and could not be found again).
  // A phone on its side opens it from the toolbar instead (the panel then takes the right of the
  // screen and the table the rest).
  const setPanelOpen = (open: boolean) => {
    panel.classList.toggle('open', open);
    if (!open) {
      body.scrollTop = 0;
      panel.scrollTop = 0;
    }
    sheetHandle.setAttribute('aria-expanded', String(open));
    toolbar.querySelector('[data-testid="panel-toggle"]')?.setAttribute('aria-expanded', String(open));
  };
  const togglePanel = () => setPanelOpen(!panel.classList.contains('open'));
  sheetHandle.addEventListener('click', togglePanel);
  // The strip also opens with a swipe up (and closes with one down) and with the wheel; a tap on
  // the compact scoreboard opens it too.
  let swipeFrom: number | null = null;
  let swiped = false;
  head.addEventListener('pointerdown', (event) => {
    swipeFrom = event.clientY;
    swiped = false;
  });
  head.addEventListener('pointerup', (event) => {
    if (swipeFrom === null) return;
    const dy = event.clientY - swipeFrom;
    swipeFrom = null;
    if (Math.abs(dy) < 24) return;
    swiped = true;
    setPanelOpen(dy < 0);
  });
  head.addEventListener(
    'click',
    (event) => {
      if (swiped) {
        swiped = false;
        event.stopPropagation();
        return;
      }
      if (event.target !== sheetHandle && !sheetHandle.contains(event.target as Node)) togglePanel();
    },
    true,
  );
  head.addEventListener(
    'wheel',
    (event) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      setPanelOpen(event.deltaY < 0);
    },
    { passive: false },
  );
  let wasBusy = false;
  controller.subscribe((game) => {
    if (game.busy && !wasBusy) setPanelOpen(false);
    wasBusy = game.busy;
  });
  const overlaySlot = h('div', { className: 'overlay-slot' });
  // The newest ruling over the table for a few seconds; a tap puts it away.
  const toast = h('div', {
    className: 'ruling-toast',
    testid: 'ruling-toast',
    attrs: { role: 'status', 'aria-live': 'polite' },
  });
  let toastTimer: ReturnType<typeof setTimeout> | null = null;
  const hideToast = () => {
    if (toastTimer !== null) clearTimeout(toastTimer);
    toastTimer = null;
    toast.replaceChildren();
  };
  toast.addEventListener('click', hideToast);
  /** Rulings already in the log when last rendered (null: nothing rendered yet, a resumed game). */
  let rulingsSeen: number | null = null;
  const showNewRuling = (game: GameState) => {
    const n = game.history.length;
    const seen = rulingsSeen;
    rulingsSeen = n;
    if (seen === null || n <= seen || game.mode === 'watch') {
      if (seen !== null && n < seen) hideToast();
      return;
    }
    const last = game.history[n - 1];
    if (last === undefined) return;
    toast.replaceChildren(rulingToast(n - 1, last.ruling, game));
    if (toastTimer !== null) clearTimeout(toastTimer);
    toastTimer = setTimeout(hideToast, RULING_SHOWN_MS);
  };
  const stage = h('main', { className: 'stage' }, canvas, notice, toast, online?.banner ?? null);
  root.replaceChildren(h('div', { className: 'app' }, toolbar, stage, panel, overlaySlot));
  let helpOpen = false;
  let setupOpen = false;

  const setLang = (lang: Lang) => {
    document.documentElement.lang = lang;
    controller.dispatch({ type: 'lang', lang });
  };

  /** Phones: the secondary actions sit in a menu so that the toolbar keeps to one row. */
  let menuOpen = false;

  const renderToolbar = (game: GameState) => {
    const t = translator(STRINGS, game.lang);
    const button = (testid: string, text: string, onclick: () => void) =>
      h('button', { testid, onclick }, text);
    // An item of the menu closes it before it acts (the file picker or the help then shows alone).
    const item = (testid: string, text: string, onclick: () => void) =>
      button(testid, text, () => {
        menuOpen = false;
        toolbar.classList.remove('menu-open');
        onclick();
      });
    const more = h(
      'div',
      { className: 'more', testid: 'menu-items' },
      item('open-record', t('openRecord'), () => {
        void pickFileText().then((text) => {
          if (text !== null) controller.openRecord(text);
        });
      }),
      item('download-record', t('download'), () => {
        // Online, the record is the server's (it holds every action the table played).
        const url = game.mode === 'online' ? (online?.recordUrl() ?? null) : null;
        if (url === null) downloadText(recordFileName(game.match.variant), controller.recordText());
        else h('a', { attrs: { href: url, download: recordFileName(game.match.variant) } }).click();
      }),
      item('help', t('help'), () => {
        helpOpen = !helpOpen;
        app.render(controller.state);
      }),
    );
    const menu = h('button', {
      testid: 'menu',
      className: 'menu-button',
      attrs: { 'aria-label': t('menu'), 'aria-haspopup': 'true' },
      onclick: () => {
        menuOpen = !menuOpen;
        toolbar.classList.toggle('menu-open', menuOpen);
        menu.setAttribute('aria-expanded', String(menuOpen));
      },
    });
    // Three bars drawn, not the ☰ character: in the column of a phone on its side the text turns and
    // the character read "III".
    menu.innerHTML = MENU_ICON;
    menu.setAttribute('aria-expanded', String(menuOpen));
    toolbar.classList.toggle('menu-open', menuOpen);
    toolbar.replaceChildren(
      h('span', { className: 'brand' }, t('title')),
      button('new-game', t('newGame'), () => {
        setupOpen = true;
        app.render(controller.state);
      }),
      button('lang-toggle', game.lang === 'ru' ? 'EN' : 'RU', () =>
        setLang(game.lang === 'ru' ? 'en' : 'ru'),
      ),
      menu,
      more,
      h(
        'button',
        {
          testid: 'panel-toggle',
          className: 'panel-toggle',
          onclick: togglePanel,
          attrs: { 'aria-expanded': String(panel.classList.contains('open')) },
        },
        t('panel'),
      ),
    );
  };

  const app: App = {
    render(game) {
      const t = translator(STRINGS, game.lang);
      document.documentElement.lang = game.lang;
      sheetHandle.setAttribute('aria-label', t('panel'));
      // The table's canvas (a new one comes with a table of another size) is named for screen readers.
      for (const table of stage.querySelectorAll('canvas')) {
        table.setAttribute('role', 'img');
        table.setAttribute('aria-label', t('tableCanvas'));
      }
      renderToolbar(game);
      notice.textContent = game.notice === null ? '' : game.notice.text[game.lang];
      notice.className = `notice ${game.notice?.kind ?? ''}`;
      if (game.notice !== null) notice.dataset.kind = game.notice.kind;
      else delete notice.dataset.kind;
      if (game.busy && !personToAct(game) && game.mode === 'play' && game.match.turn.kind !== 'match-over') {
        notice.textContent = notice.textContent || t('thinking');
      }
      const seconds = clock.remaining(game);
      board.replaceChildren(scoreboard(game, seconds));
      mini.replaceChildren(miniBoard(game, seconds));
      const choices = choicesPanel(game, controller);
      choicesSlot.replaceChildren(...(choices === null ? [] : [choices]));
      panelControls.render(game);
      logSlot.replaceChildren(logPanel(game));
      showNewRuling(game);
      const layers: HTMLElement[] = [];
      online?.render(game);
      if (online?.lobbyOpen() === true) {
        setupOpen = false;
        layers.push(online.lobbyLayer);
      } else if (game.mode === 'setup' || setupOpen) {
        layers.push(
          h(
            'div',
            { className: 'modal' },
            setupScreen(game.setup, game.lang, {
              start: (setup) => {
                setupOpen = false;
                controller.dispatch({ type: 'start-match', setup });
              },
              practice: (setup) => {
                setupOpen = false;
                controller.dispatch({ type: 'start-practice', setup });
              },
              lang: setLang,
              online:
                online === null
                  ? null
                  : () => {
                      setupOpen = false;
                      online.openLobby();
                    },
              close:
                game.mode === 'setup'
                  ? null
                  : () => {
                      setupOpen = false;
                      app.render(controller.state);
                    },
            }),
          ),
        );
      }
      if (helpOpen) {
        layers.push(
          h(
            'div',
            { className: 'modal', testid: 'help-overlay' },
            h(
              'div',
              { className: 'help' },
              h('p', {}, t('helpText')),
              rulesSection(game),
              h(
                'button',
                {
                  testid: 'help-close',
                  onclick: () => {
                    helpOpen = false;
                    app.render(controller.state);
                  },
                },
                t('close'),
              ),
            ),
          ),
        );
      }
      // The same layer stays in place (its inputs keep their focus); another one replaces it.
      const shown = [...overlaySlot.children];
      if (shown.length !== layers.length || shown.some((node, i) => node !== layers[i]))
        overlaySlot.replaceChildren(...layers);
      clock.update(game);
    },
  };
  controller.subscribe((game) => app.render(game));
  return app;
}

/** The Help's rules of the variant on the table, in the page's language. */
function rulesSection(game: GameState): HTMLElement {
  const variant = game.match.variant;
  const t = translator(RULES_HEADINGS, game.lang);
  return h(
    'section',
    { className: 'help-rules', testid: 'help-rules', attrs: { lang: game.lang } },
    h('h2', {}, t('rules', { variant: VARIANT_TITLE[variant][game.lang] })),
    h('ul', {}, ...RULES_SUMMARY[variant].map((line) => h('li', {}, line[game.lang]))),
    h('p', { className: 'help-cites' }, t('cites')),
  );
}

/**
 * The shot clock (п.26) of a person's shot: it counts from when the shot became due; an
 * extension adds its seconds once; at zero the referee is told of slow play (a foul event).
 */
class ShotClock {
  private key: unknown = null;
  private startedAt = 0;
  private extended = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly controller: Controller) {}

  remaining(game: GameState): number | null {
    if (game.mode === 'online') {
      // Online the server runs the clock (and rules slow play); every seat and spectator sees it.
      const server = this.controller.serverClock;
      if (server === null || game.match.turn.kind !== 'shot') return null;
      const left = server.remainingMs - (server.running ? performance.now() - server.at : 0);
      return Math.max(0, Math.ceil(left / 1000));
    }
    const clock = game.setup.settings.shotClock;
    if (clock === null || game.mode !== 'play' || game.match.turn.kind !== 'shot' || !personToAct(game))
      return null;
    if (this.key !== game.match) return clock.seconds;
    const elapsed = (performance.now() - this.startedAt) / 1000;
    return Math.max(0, Math.ceil(clock.seconds * (1 + this.extended) - elapsed));
  }

  update(game: GameState): void {
    const active = this.remaining(game) !== null && !game.busy;
    if (!active) {
      this.stop();
      this.key = game.match;
      return;
    }
    if (this.key !== game.match) {
      this.key = game.match;
      this.startedAt = performance.now();
      this.extended = 0;
    }
    if (this.timer === null) this.timer = setInterval(() => this.tick(), 1000);
  }

  extension(): void {
    const game = this.controller.state;
    const turn = game.match.turn;
    if (turn.kind !== 'shot') return;
    const before = game.match;
    this.controller.dispatch({ type: 'clock', action: { type: 'extension', player: turn.player } });
    // The extension is ruled on (and logged); the same shot's clock goes on with the extra time.
    if (this.controller.state.match !== before) {
      this.key = this.controller.state.match;
      this.extended++;
      this.controller.dispatch({ type: 'notice', notice: null });
    }
  }

  private tick(): void {
    const game = this.controller.state;
    const left = this.remaining(game);
    if (left === null) {
      this.stop();
      return;
    }
    if (left <= 0 && game.match.turn.kind === 'shot' && game.mode !== 'online') {
      this.stop();
      this.controller.dispatch({
        type: 'clock',
        action: { type: 'foul', player: game.match.turn.player, foul: 'slow-play' },
      });
      return;
    }
    for (const element of document.querySelectorAll<HTMLElement>(
      '[data-testid="clock"], [data-testid="mini-clock"]',
    ))
      element.textContent = element.textContent?.replace(/\d+/, String(left)) ?? '';
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
