/**
 * The browser game: set-up, play against a friend or the computer, practice, records. Wires the
 * client state (game/state), the controller, the view, the input and the panels together.
 */
import './game/ui/styles.css';
import { detectLang, isLang } from './common/lang.js';
import { BotClient } from './game/bot-client.js';
import { Controller } from './game/controller.js';
import { installHooks } from './game/hooks.js';
import { attachKeyboard } from './game/input/keyboard.js';
import { attachPointer } from './game/input/pointer.js';
import { ShotSound } from './game/sound.js';
import { DEFAULT_SETUP, initialGame, randomSeed } from './game/state/index.js';
import { mountApp } from './game/ui/app.js';
import { createView } from './game/view-loader.js';
import { warmUpSimulator } from './game/warm-up.js';

const LANG_KEY = 'pyramid:lang';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const root = document.querySelector<HTMLElement>('#app')!;
const canvas = document.createElement('canvas');
canvas.className = 'table';
canvas.dataset.testid = 'table';
root.append(canvas);
const store = storage();
const savedLang = store?.getItem(LANG_KEY);
const lang = isLang(savedLang) ? savedLang : detectLang(navigator.languages ?? [navigator.language]);
const { view, kind } = createView(canvas);
const sound = new ShotSound();
const controller = new Controller(
  initialGame({ ...DEFAULT_SETUP, seed: randomSeed() }, lang),
  view,
  new BotClient(),
  store,
  sound,
);
const app = mountApp(root, canvas, controller);
attachPointer(canvas, view, controller);
attachKeyboard(window, controller);
canvas.addEventListener('pointerdown', () => sound.unlock());
controller.subscribe((game) => {
  try {
    store?.setItem(LANG_KEY, game.lang);
  } catch {
    // No storage: the language is chosen again next time.
  }
});
installHooks(controller, view, kind);
app.render(controller.state);
controller.drawTable();
controller.resume();
warmUpSimulator();
