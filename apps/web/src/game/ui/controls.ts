/**
 * The shooting controls: power slider, the spin widget (a ball face: tap where the tip meets the
 * ball), cue elevation, the aiming aid, the camera, the strike; replay, hint, and the buttons of
 * practice (take back, move balls) and of watching a record (step through the rulings).
 */
import { translator } from '../../common/lang.js';
import type { Controller } from '../controller.js';
import { type GameState, MAX_ELEVATION, personToAct } from '../state/index.js';
import { h } from './dom.js';
import { hintWords } from './hint-words.js';
import { spinWidget } from './spin.js';
import { STRINGS } from './strings.js';

export interface Controls {
  readonly element: HTMLElement;
  render(game: GameState): void;
}

/** The camera button cycles top → 3D → the player's eye → top; its label names the next one. */
const NEXT_CAMERA = { top: '3d', '3d': 'eye', eye: 'top' } as const;
const CAMERA_LABEL = { top: 'cameraTop', '3d': 'camera3d', eye: 'cameraEye' } as const;

export function controls(controller: Controller, onExtension: () => void): Controls {
  const power = h('input', { testid: 'power', attrs: { type: 'range', min: '0', max: '100', step: '1' } });
  power.addEventListener('input', () =>
    controller.dispatch({ type: 'power', power: Number(power.value) / 100 }),
  );
  const elevation = h('input', {
    testid: 'elevation',
    attrs: { type: 'range', min: '0', max: String(MAX_ELEVATION), step: '1' },
  });
  elevation.addEventListener('input', () =>
    controller.dispatch({ type: 'elevation', deg: Number(elevation.value) }),
  );
  // The ball face for the pointer, two sliders over it for the keyboard and screen readers.
  const spinFace = spinWidget(controller);
  const spin = spinFace.element;
  const aid = h('input', { testid: 'aid', attrs: { type: 'checkbox' } });
  aid.addEventListener('change', () => controller.dispatch({ type: 'toggle-aid' }));
  const labels = {
    power: h('span', {}),
    spin: h('span', {}),
    elevation: h('span', {}),
    aid: h('span', {}),
  };
  const camera = h('button', {
    testid: 'camera',
    onclick: () => controller.dispatch({ type: 'camera', mode: NEXT_CAMERA[controller.state.camera] }),
  });
  const strike = h('button', {
    testid: 'strike',
    className: 'primary strike',
    onclick: () => void controller.strike(),
  });
  const hint = h('button', { testid: 'hint', onclick: () => void controller.hint() });
  const playHint = h('button', { testid: 'play-hint', onclick: () => void controller.playHint() });
  const replay = h('button', { testid: 'replay', onclick: () => void controller.replay(1) });
  const replaySlow = h('button', { testid: 'replay-slow', onclick: () => void controller.replay(0.25) });
  const extra = h('div', { className: 'extra' });
  const hintWordsText = h('span', { testid: 'hint-text' });
  // Why the Hint is greyed at an online table (a greyed button alone said nothing).
  const hintOff = h('p', { className: 'note', testid: 'hint-off', attrs: { id: 'hint-off' } });
  // "Play it" stands by the words of the hint it plays.
  const hintText = h('p', { className: 'hint-text' }, hintWordsText, playHint);
  const element = h(
    'section',
    { className: 'controls', testid: 'controls' },
    h(
      'div',
      { className: 'row sliders' },
      h('label', { className: 'field' }, labels.power, power),
      h('label', { className: 'field' }, labels.elevation, elevation),
    ),
    h(
      'div',
      { className: 'row' },
      h('div', { className: 'field spin-field' }, labels.spin, spin),
      h(
        'div',
        { className: 'buttons' },
        strike,
        hint,
        h('label', { className: 'toggle' }, aid, labels.aid),
        camera,
      ),
    ),
    hintText,
    hintOff,
    h('div', { className: 'row buttons' }, replay, replaySlow),
    extra,
  );

  const render = (game: GameState) => {
    const t = translator(STRINGS, game.lang);
    labels.power.textContent = `${t('power')}: ${Math.round(game.aim.power * 100)}%`;
    labels.elevation.textContent = `${t('elevation')}: ${Math.round(game.aim.elevationDeg)}°`;
    labels.spin.textContent = t('spin');
    labels.aid.textContent = t('aid');
    if (document.activeElement !== power) power.value = String(Math.round(game.aim.power * 100));
    if (document.activeElement !== elevation) elevation.value = String(Math.round(game.aim.elevationDeg));
    aid.checked = game.aid;
    spinFace.render(game);
    camera.textContent = t(CAMERA_LABEL[NEXT_CAMERA[game.camera]]);
    strike.textContent = t('strike');
    hint.textContent = t('hint');
    replay.textContent = t('replay');
    replaySlow.textContent = t('replaySlow');
    // A spectator of an online table has nothing to strike with: only the view's controls show. Nor
    // has a player whose table waits for its opponent (the rack shown is not yet a match).
    element.classList.toggle(
      'watching',
      game.mode === 'online' && (game.online?.seat === null || game.online?.waiting === true),
    );
    const canShoot = personToAct(game) && !game.busy && game.match.turn.kind === 'shot' && !game.editing;
    strike.disabled = !canShoot;
    // No hints against a person online: the computer's advice is for local play.
    hint.disabled = game.mode === 'online' || (!canShoot || game.mode === 'practice' ? !canShoot : false);
    const online = game.mode === 'online';
    hintOff.textContent = online ? t('hintOffOnline') : '';
    hintOff.hidden = !online;
    if (online) hint.setAttribute('aria-describedby', 'hint-off');
    else hint.removeAttribute('aria-describedby');
    const found = controller.hintShown;
    hintWordsText.textContent =
      found === null ? '' : t('hintText', { what: hintWords(found, game.match, game.lang) });
    hintText.hidden = found === null;
    playHint.textContent = t('playHint');
    playHint.disabled = found === null || !canShoot;
    extra.replaceChildren(...modeButtons(game, controller, onExtension));
  };
  return { element, render };
}

function modeButtons(game: GameState, controller: Controller, onExtension: () => void): HTMLElement[] {
  const t = translator(STRINGS, game.lang);
  const out: HTMLElement[] = [];
  if (game.mode === 'practice') {
    out.push(
      h('p', { className: 'note' }, t('practiceNote')),
      h(
        'button',
        {
          testid: 'undo',
          disabled: game.history.length === 0 || game.busy,
          onclick: () => controller.dispatch({ type: 'undo' }),
        },
        t('undo'),
      ),
      h(
        'button',
        {
          testid: 'edit-balls',
          onclick: () => controller.dispatch({ type: 'practice-edit', editing: !game.editing }),
        },
        game.editing ? t('doneEditing') : t('editBalls'),
      ),
      h(
        'button',
        {
          testid: 'practice-rack',
          onclick: () => controller.dispatch({ type: 'start-practice', setup: game.setup }),
        },
        t('resetRack'),
      ),
    );
    if (game.editing) {
      const missing: number[] = [];
      for (let b = 0; b <= 15; b++) if (!game.match.table.includes(b)) missing.push(b);
      out.push(
        h(
          'p',
          { className: 'note' },
          game.lang === 'ru'
            ? 'Тяните шар по столу. Двойное нажатие — убрать шар.'
            : 'Drag a ball on the table. Double-tap a ball to remove it.',
        ),
        h(
          'div',
          { className: 'chips' },
          ...missing.map((ball) =>
            h(
              'button',
              {
                testid: `add-ball-${ball}`,
                className: 'chip-button',
                onclick: () => controller.dispatch({ type: 'practice-add', ball }),
              },
              `+${ball === 0 ? '●' : ball}`,
            ),
          ),
        ),
      );
    }
  }
  if (game.mode === 'watch') {
    const n = game.history.length;
    const step = (cursor: number) => () => controller.dispatch({ type: 'watch-step', cursor });
    out.push(
      h('p', { className: 'note', testid: 'watch-status' }, t('watching', { i: game.cursor + 1, n })),
      h('button', { testid: 'watch-start', onclick: step(-1) }, t('toStart')),
      h('button', { testid: 'watch-prev', onclick: step(game.cursor - 1) }, t('prev')),
      h('button', { testid: 'watch-next', onclick: step(game.cursor + 1) }, t('next')),
      h('button', { testid: 'watch-end', onclick: step(n - 1) }, t('toEnd')),
      h(
        'button',
        { testid: 'watch-play', onclick: () => controller.dispatch({ type: 'play-from-watch' }) },
        t('playFromHere'),
      ),
    );
  }
  const clock = game.setup.settings.shotClock;
  const turn = game.match.turn;
  if (
    (game.mode === 'play' || game.mode === 'online') &&
    clock !== null &&
    turn.kind === 'shot' &&
    personToAct(game)
  ) {
    const used = game.match.extensionsUsed[turn.player];
    out.push(
      h(
        'button',
        { testid: 'extension', disabled: used >= clock.extensionsPerFrame, onclick: onExtension },
        t('extension'),
      ),
    );
  }
  return out;
}
