/** The start screen: a new match (variant, names, rule settings) and the list of saved matches. */
import {
  DEFAULT_SETTINGS,
  type Settings,
  targetScore,
  VARIANT_NAMES,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import { readSettings, settingsFieldset, showVariantSettings } from '../common/settings-form.js';
import type { App } from './app.js';
import { button, h } from './dom.js';
import { currentState } from './session.js';

/** Only the settings that differ from the defaults go into the record, so it stays readable. */
function changedSettings(settings: Settings): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (JSON.stringify(value) !== JSON.stringify(DEFAULT_SETTINGS[key as keyof Settings])) out[key] = value;
  }
  return out as Partial<Settings>;
}

export function startView(app: App): HTMLElement {
  const lang = app.state.lang;
  let variant: Variant = 'free';
  const variants = h('div', { class: 'choices variants', testid: 'variants' });
  const drawVariants = () => {
    variants.replaceChildren(
      ...VARIANTS.map((v) =>
        button(`${VARIANT_NAMES[v][lang]} · ${targetScore(v)}`, {
          class: 'choice',
          testid: `variant-${v}`,
          pressed: v === variant,
          onClick: () => {
            variant = v;
            drawVariants();
            // Only the chosen variant's settings (its rulebook's list and the general ones) are shown.
            showVariantSettings(fieldset, variant);
          },
        }),
      ),
    );
  };
  const fieldset = settingsFieldset(lang);
  fieldset.dataset.testid = 'settings';
  drawVariants();
  showVariantSettings(fieldset, variant);

  const name = (index: 0 | 1) => {
    const input = h('input', {
      testid: `player-${index}-name`,
      attrs: { autocomplete: 'off', maxlength: '80' },
    });
    // A placeholder, not a value: a referee types the names over nothing.
    input.placeholder = index === 0 ? app.t('player1') : app.t('player2');
    return h(
      'label',
      { class: 'field' },
      h('span', { text: index === 0 ? app.t('player1') : app.t('player2') }),
      input,
    );
  };
  const names = [name(0), name(1)];
  // The match's length is asked with the names, not inside the collapsed rules.
  const length = h('div', { class: 'match-length', testid: 'match-length' });
  const frames = fieldset.querySelector('[data-setting="framesToWin"]');
  if (frames !== null) length.append(frames);
  const settingsBox = h(
    'details',
    { class: 'settings-box', testid: 'settings-box' },
    h('summary', { text: fieldset.querySelector('legend')?.textContent ?? '' }),
    h('p', { class: 'hint', text: app.t('settingsDefaults') }),
    fieldset,
  );

  const start = button(app.t('start'), {
    class: 'primary',
    testid: 'start-match',
    onClick: () => {
      const settings = readSettings(fieldset, length);
      if (!settings.ok) {
        app.notify({
          kind: 'refused',
          title: app.t('refused'),
          text: `${settings.error.field}: ${settings.error.message}`,
        });
        return;
      }
      const players = names.map(
        (label, i) =>
          label.querySelector('input')?.value.trim() || (i === 0 ? app.t('player1') : app.t('player2')),
      );
      app.startMatch({
        variant,
        players: [players[0]!, players[1]!],
        settings: changedSettings(settings.value),
      });
    },
  });

  const list = h('ul', { class: 'match-list', testid: 'match-list' });
  const matches = app.matches();
  if (matches.length === 0) list.append(h('li', { class: 'hint', text: app.t('noMatches') }));
  for (const listed of matches) {
    if (listed.status === 'damaged') {
      list.append(
        h(
          'li',
          { class: 'match-item damaged', testid: 'match-item' },
          h('strong', { text: listed.name }),
          h('span', { class: 'badge', testid: 'damaged', text: app.t('damaged') }),
          h('small', { text: listed.reason }),
          button(app.t('remove'), {
            class: 'small',
            testid: 'delete-match',
            onClick: () => app.deleteMatch(listed.id),
          }),
        ),
      );
      continue;
    }
    const state = currentState(listed.session);
    const winner =
      state.turn.kind === 'match-over'
        ? ` · ${app.t('winner', { name: state.players[state.turn.winner] })}`
        : '';
    list.append(
      h(
        'li',
        { class: 'match-item', testid: 'match-item' },
        h('strong', { text: listed.stored.name }),
        h('small', {
          text: `${VARIANT_NAMES[state.variant][lang]} · ${state.framesWon[0]}:${state.framesWon[1]} (${state.scores[0]}:${state.scores[1]})${winner} · ${listed.stored.updated.slice(0, 16).replace('T', ' ')}`,
        }),
        h(
          'div',
          { class: 'row' },
          button(app.t('open'), {
            class: 'small',
            testid: 'open-match',
            onClick: () => app.openMatch(listed.id),
          }),
          button(app.t('remove'), {
            class: 'small',
            testid: 'delete-match',
            onClick: () => app.deleteMatch(listed.id),
          }),
        ),
      ),
    );
  }

  return h(
    'main',
    { class: 'start', testid: 'start-screen' },
    h(
      'section',
      { class: 'card' },
      h('h2', { text: app.t('newMatch') }),
      h('h3', { text: app.t('variant') }),
      variants,
      ...names,
      length,
      settingsBox,
      start,
    ),
    h(
      'section',
      { class: 'card' },
      h('h2', { text: app.t('matches') }),
      button(app.t('import'), { testid: 'import', onClick: () => void app.importRecord() }),
      list,
    ),
  );
}
