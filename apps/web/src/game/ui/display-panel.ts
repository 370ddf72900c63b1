/**
 * The panel's display section: the rendering quality (auto, or a level by hand; auto shows the
 * level it chose) and the coloured ball's colour. Both are the player's settings (game/display.ts),
 * applied to the view at once and kept for the next visit.
 */
import { translator } from '../../common/lang.js';
import { QUALITY_SETTINGS, type QualitySetting } from '../../view/quality.js';
import type { Controller } from '../controller.js';
import { type ColouredBall, type DisplaySettings, saveDisplay } from '../display.js';
import type { ViewHost } from '../view-loader.js';
import { h } from './dom.js';

const STRINGS = {
  display: { ru: 'Изображение', en: 'Display' },
  quality: { ru: 'Качество', en: 'Quality' },
  auto: { ru: 'авто', en: 'auto' },
  high: { ru: 'высокое', en: 'high' },
  medium: { ru: 'среднее', en: 'medium' },
  low: { ru: 'низкое', en: 'low' },
  flat: { ru: 'плоский стол', en: 'flat table' },
  colouredBall: { ru: 'Цветной шар', en: 'Coloured ball' },
  yellow: { ru: 'жёлтый', en: 'yellow' },
  red: { ru: 'красный', en: 'red' },
  slow: {
    ru: 'Объёмный стол рисуется здесь медленно, даже упрощённый.',
    en: 'This device draws the 3D table slowly, even simplified.',
  },
  useFlat: { ru: 'Плоский стол', en: 'Flat table' },
  keep3d: { ru: 'Оставить 3D', en: 'Keep 3D' },
  flatShown: { ru: 'Показан плоский стол.', en: 'The flat table is shown.' },
  back3d: { ru: 'Вернуть 3D', en: 'Back to 3D' },
  close: { ru: 'Закрыть', en: 'Close' },
} as const;

/** The chips in the panel take the coloured ball's colour from this CSS variable. */
const CHIP_COLOUR: Readonly<Record<ColouredBall, string>> = { yellow: '#e3ad17', red: '#c9301c' };

export function mountDisplay(
  view: ViewHost,
  initial: DisplaySettings,
  storage: Storage | null,
  controller: Controller,
): void {
  const panel = document.querySelector<HTMLElement>('[data-testid="panel-body"]');
  if (panel === null) return;
  let settings = initial;
  const quality = h('select', { testid: 'quality', attrs: { name: 'quality' } });
  const coloured = h('select', { testid: 'coloured-ball', attrs: { name: 'coloured-ball' } });
  const labels = { summary: h('summary', {}), quality: h('span', {}), coloured: h('span', {}) };
  const section = h(
    'details',
    { className: 'display', testid: 'display' },
    labels.summary,
    h('label', { className: 'field' }, labels.quality, quality),
    h('label', { className: 'field' }, labels.coloured, coloured),
  );
  panel.append(section);

  const apply = (next: DisplaySettings) => {
    settings = next;
    saveDisplay(storage, settings);
    document.documentElement.style.setProperty('--coloured-ball', CHIP_COLOUR[settings.coloured]);
  };
  quality.addEventListener('change', () => {
    apply({ ...settings, quality: quality.value as QualitySetting });
    view.setQualitySetting(settings.quality);
    render();
  });
  coloured.addEventListener('change', () => {
    apply({ ...settings, coloured: coloured.value === 'red' ? 'red' : 'yellow' });
    view.setColoured(settings.coloured);
  });

  const render = () => {
    const t = translator(STRINGS, controller.state.lang);
    labels.summary.textContent = t('display');
    labels.quality.textContent = t('quality');
    labels.coloured.textContent = t('colouredBall');
    quality.replaceChildren(
      ...QUALITY_SETTINGS.map((value) => {
        const text = value === 'auto' ? `${t('auto')} (${t(view.qualityLevel)})` : t(value);
        const option = h('option', { attrs: { value } }, text);
        option.selected = value === settings.quality;
        return option;
      }),
    );
    coloured.replaceChildren(
      ...(['yellow', 'red'] as const).map((value) => {
        const option = h('option', { attrs: { value } }, t(value));
        option.selected = value === settings.coloured;
        return option;
      }),
    );
  };
  apply(settings);
  render();
  view.onQuality = () => render();

  // Auto never swaps the 3D table for the flat one by itself (the table would change under the
  // player's eyes): at its lowest 3D level and still slow, it offers the flat table, with a way back.
  const offer = h('div', {
    className: 'quality-offer',
    testid: 'quality-offer',
    attrs: { role: 'status', 'aria-live': 'polite' },
  });
  document.querySelector('.stage')?.append(offer);
  const choose = (setting: QualitySetting) => {
    apply({ ...settings, quality: setting });
    view.setQualitySetting(setting);
    render();
  };
  const showOffer = (kind: 'slow' | 'flat' | null) => {
    const t = translator(STRINGS, controller.state.lang);
    if (kind === null) {
      offer.replaceChildren();
      delete offer.dataset.kind;
      return;
    }
    offer.dataset.kind = kind;
    const button = (testid: string, text: string, onclick: () => void) =>
      h('button', { testid, onclick }, text);
    offer.replaceChildren(
      ...(kind === 'slow'
        ? [
            h('span', {}, t('slow')),
            button('quality-flat', t('useFlat'), () => {
              choose('flat');
              showOffer('flat');
            }),
            button('quality-keep', t('keep3d'), () => showOffer(null)),
          ]
        : [
            h('span', {}, t('flatShown')),
            button('quality-back', t('back3d'), () => {
              choose('auto');
              showOffer(null);
            }),
            h(
              'button',
              {
                testid: 'quality-dismiss',
                attrs: { 'aria-label': t('close') },
                onclick: () => showOffer(null),
              },
              '✕',
            ),
          ]),
    );
  };
  view.onFlatOffer = () => showOffer('slow');
  let lang = controller.state.lang;
  controller.subscribe((game) => {
    if (game.lang === lang) return;
    lang = game.lang;
    render();
  });
}
