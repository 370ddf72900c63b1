/**
 * The spin widget: a ball face on which the player taps or drags where the tip meets the cue ball,
 * and two sliders over it for the keyboard and screen readers (the side offset and the height
 * offset, in ball radii): ← → move the tip sideways, ↑ ↓ up and down, PageUp/PageDown take bigger
 * steps along the focused slider's axis, Home puts the tip back in the centre. Each slider says its
 * value in the page's language (`aria-valuetext`).
 */
import type { Lang } from '../../common/lang.js';
import type { Controller } from '../controller.js';
import { type GameState, MAX_TIP } from '../state/index.js';
import { h } from './dom.js';
import { STRINGS } from './strings.js';

/** One arrow press moves the tip this far (ball radii): nine steps from the centre to the limit. */
export const TIP_STEP = 0.05;
/** One PageUp/PageDown press: three arrow steps. */
export const TIP_PAGE_STEP = 0.15;

export type TipAxis = 'side' | 'height';

export interface Tip {
  readonly side: number;
  readonly height: number;
}

/** Rounded to the step grid's precision, so that repeated steps land on 0.05, 0.10… exactly. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The tip offset after `key` pressed on the slider of `axis`, or null when the widget leaves the key
 * alone (Space still strikes, Escape still skips). The limit (`MAX_TIP`) is the reducer's to keep.
 */
export function tipAfterKey(tip: Tip, key: string, axis: TipAxis): Tip | null {
  const along = (delta: number): Tip =>
    axis === 'side' ? { ...tip, side: tidy(tip.side + delta) } : { ...tip, height: tidy(tip.height + delta) };
  switch (key) {
    case 'ArrowLeft':
      return { ...tip, side: tidy(tip.side - TIP_STEP) };
    case 'ArrowRight':
      return { ...tip, side: tidy(tip.side + TIP_STEP) };
    case 'ArrowUp':
      return { ...tip, height: tidy(tip.height + TIP_STEP) };
    case 'ArrowDown':
      return { ...tip, height: tidy(tip.height - TIP_STEP) };
    case 'PageUp':
      return along(TIP_PAGE_STEP);
    case 'PageDown':
      return along(-TIP_PAGE_STEP);
    case 'Home':
      return { side: 0, height: 0 };
    default:
      return null;
  }
}

const DIRECTIONS = {
  side: { ru: ['влево', 'вправо'], en: ['left', 'right'] },
  height: { ru: ['вниз', 'вверх'], en: ['down', 'up'] },
} as const;

/**
 * A slider's value in words: «0,2 радиуса вправо», «по центру»; "0.2 radius right", "centre".
 * Radii are a fraction, so Russian takes the genitive singular («радиуса») for every value.
 */
export function tipText(value: number, axis: TipAxis, lang: Lang): string {
  const size = Math.abs(Math.round(value * 100) / 100);
  if (size === 0) return lang === 'ru' ? 'по центру' : 'centre';
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(size);
  const direction = DIRECTIONS[axis][lang][value < 0 ? 0 : 1];
  return lang === 'ru' ? `${number} радиуса ${direction}` : `${number} radius ${direction}`;
}

export interface SpinWidget {
  readonly element: HTMLElement;
  render(game: GameState): void;
}

export function spinWidget(controller: Controller): SpinWidget {
  const dot = h('span', { className: 'spin-dot' });
  const limits = { 'aria-valuemin': String(-MAX_TIP), 'aria-valuemax': String(MAX_TIP) };
  const side = h('span', {
    className: 'spin-axis side',
    testid: 'spin-side',
    attrs: { role: 'slider', tabindex: '0', 'aria-orientation': 'horizontal', ...limits },
  });
  const height = h('span', {
    className: 'spin-axis height',
    testid: 'spin-height',
    attrs: { role: 'slider', tabindex: '0', 'aria-orientation': 'vertical', ...limits },
  });
  const element = h(
    'div',
    { className: 'spin', testid: 'spin', attrs: { role: 'group' } },
    dot,
    side,
    height,
  );
  const setSpin = (event: PointerEvent) => {
    const box = element.getBoundingClientRect();
    const nx = ((event.clientX - box.left) / box.width) * 2 - 1;
    const ny = 1 - ((event.clientY - box.top) / box.height) * 2;
    // The face spans the ball; the tip offset is in ball radii (the widget's edge is one radius).
    controller.dispatch({ type: 'tip', side: nx, height: ny });
  };
  element.addEventListener('pointerdown', (event) => {
    element.setPointerCapture(event.pointerId);
    setSpin(event);
  });
  element.addEventListener('pointermove', (event) => {
    if (element.hasPointerCapture(event.pointerId)) setSpin(event);
  });
  for (const [slider, axis] of [
    [side, 'side'],
    [height, 'height'],
  ] as const) {
    slider.addEventListener('keydown', (event) => {
      const next = tipAfterKey(controller.state.aim, event.key, axis);
      if (next === null) return;
      // The widget's own keys: the page's keyboard (aim and power on the arrows) does not see them.
      event.preventDefault();
      event.stopPropagation();
      controller.dispatch({ type: 'tip', side: next.side, height: next.height });
    });
  }

  const render = (game: GameState) => {
    const t = STRINGS;
    const { lang, aim } = game;
    element.setAttribute('aria-label', t.spin[lang]);
    dot.style.left = `${50 + aim.side * 50}%`;
    dot.style.top = `${50 - aim.height * 50}%`;
    element.dataset.limit = String(MAX_TIP);
    for (const [slider, axis, label] of [
      [side, 'side', t.spinSide[lang]],
      [height, 'height', t.spinHeight[lang]],
    ] as const) {
      const value = axis === 'side' ? aim.side : aim.height;
      slider.setAttribute('aria-label', label);
      slider.setAttribute('aria-valuenow', String(Math.round(value * 1000) / 1000));
      slider.setAttribute('aria-valuetext', tipText(value, axis, lang));
    }
  };
  return { element, render };
}
