/**
 * The browser game: set-up, play against a friend or the computer, practice, records. Wires the
 * client state (game/state), the controller, the view, the input and the panels together.
 */
import './game/ui/styles.css';
import type { WebSocketFactory } from '@pyramid/online';
import { detectLang, isLang } from './common/lang.js';
import { BotClient } from './game/bot-client.js';
import { Controller } from './game/controller.js';
import { forcedFrameMs, loadDisplay } from './game/display.js';
import { installHooks } from './game/hooks.js';
import { attachKeyboard } from './game/input/keyboard.js';
import { attachPointer } from './game/input/pointer.js';
import { ShotSound } from './game/sound.js';
import { DEFAULT_SETUP, initialGame, randomSeed } from './game/state/index.js';
import { mountApp } from './game/ui/app.js';
import { mountDisplay } from './game/ui/display-panel.js';
import { ViewHost } from './game/view-loader.js';
import { warmUpWhenIdle } from './game/warm-up.js';
import { OnlineSession } from './online/session.js';

const LANG_KEY = 'pyramid:lang';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const root = document.querySelector<HTMLElement>('#app')!;
const store = storage();
const savedLang = store?.getItem(LANG_KEY);
const lang = isLang(savedLang) ? savedLang : detectLang(navigator.languages ?? [navigator.language]);
const initial = initialGame({ ...DEFAULT_SETUP, seed: randomSeed() }, lang);
const display = loadDisplay(store);
const view = new ViewHost(root, initial.match.tableSize, display, forcedFrameMs(location.search));
const sound = new ShotSound();
const controller = new Controller(initial, view, new BotClient(), store, sound);
// Online play talks to the server that served this page (the HTTP API and the WebSocket).
const pageUrl = `${location.origin}${location.pathname}`;
const online = new OnlineSession(controller, {
  baseUrl: location.origin,
  pageUrl,
  fetch: (input, init) => window.fetch(input, init),
  WebSocket: WebSocket as unknown as WebSocketFactory,
  storage: store,
  refresh: () => app.render(controller.state),
  setAddress: (url) => history.replaceState(null, '', url ?? pageUrl),
});
const app = mountApp(root, view.canvas, controller, online);
mountDisplay(view, display, store, controller);
// Input belongs to the canvas of the table shown; a table of another size brings a new canvas.
view.onCanvas((canvas) => {
  attachPointer(canvas, view, controller);
  canvas.addEventListener('pointerdown', () => sound.unlock());
});
attachKeyboard(window, controller);
controller.subscribe((game) => {
  try {
    store?.setItem(LANG_KEY, game.lang);
  } catch {
    // No storage: the language is chosen again next time.
  }
});
installHooks(controller, view);
app.render(controller.state);
controller.drawTable();
// A table's link opens that table; otherwise the saved local game, if any, is resumed.
if (!online.openLink(location.href)) controller.resume();
else app.render(controller.state);
// The set-up screen's choice is the likeliest first match; a resumed game warms its own.
warmUpWhenIdle(controller.state.match.variant, controller.state.match.tableSize);
