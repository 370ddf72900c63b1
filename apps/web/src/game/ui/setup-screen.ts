/**
 * The set-up screen: variant, the two players (a person or the computer at a level), the match
 * length and the shot clock (one control each), table size, the chosen variant's rule settings with
 * the documented defaults (the rulebook says which apply), the computer's speed and seed, and the
 * language.
 */
import { LEVEL_NAMES, type Level } from '@pyramid/bots';
import { isTableSize, TABLE_SIZES, VARIANT_NAMES, VARIANTS } from '@pyramid/rules';
import { type Lang, translator } from '../../common/lang.js';
import { readSettings, settingsFieldset, showVariantSettings } from '../../common/settings-form.js';
import { isVariantName, randomSeed, type Setup, tableSizeLabel } from '../state/index.js';
import { h } from './dom.js';
import { STRINGS } from './strings.js';

export interface SetupHandlers {
  readonly start: (setup: Setup) => void;
  readonly practice: (setup: Setup) => void;
  readonly lang: (lang: Lang) => void;
  /** Opens online play (the lobby); null where the page has none. */
  readonly online: (() => void) | null;
  readonly close: (() => void) | null;
}

export function setupScreen(setup: Setup, lang: Lang, handlers: SetupHandlers): HTMLElement {
  const t = translator(STRINGS, lang);
  const label = (text: string, control: HTMLElement) =>
    h('label', { className: 'field' }, h('span', {}, text), control);
  const select = (testid: string, options: [string, string][], value: string) => {
    const element = h('select', { testid });
    for (const [v, text] of options) element.add(new Option(text, v));
    element.value = value;
    return element;
  };
  const variant = select(
    'setup-variant',
    VARIANTS.map((v) => [v, VARIANT_NAMES[v][lang]]),
    setup.variant,
  );
  const playerRows = ([0, 1] as const).map((i) => {
    const p = setup.players[i];
    const name = h('input', { testid: `setup-name-${i}`, attrs: { maxlength: '40' } });
    name.value = p.name;
    name.placeholder = t('player', { n: i + 1 });
    const kind = select(
      `setup-kind-${i}`,
      [
        ['person', t('person')],
        ...LEVEL_NAMES.map((level): [string, string] => [level, `${t('computer')}: ${t(level)}`]),
      ],
      p.kind === 'person' ? 'person' : p.level,
    );
    // The select has no visible label of its own: the fieldset's legend names the player.
    kind.setAttribute('aria-label', t('playerKind', { n: i + 1 }));
    const row = h(
      'fieldset',
      { className: 'player' },
      h('legend', {}, t('player', { n: i + 1 })),
      h('label', { className: 'field name-field' }, h('span', {}, t('name')), name),
      kind,
    );
    return { row, name, kind };
  });
  const tableSize = select(
    'setup-table',
    TABLE_SIZES.map((s) => [s, tableSizeLabel(s, lang)]),
    setup.tableSize,
  );
  const breaker = select(
    'setup-breaker',
    [
      ['0', t('player', { n: 1 })],
      ['1', t('player', { n: 2 })],
    ],
    String(setup.breaker),
  );
  const speed = select(
    'setup-speed',
    [
      ['normal', t('speedNormal')],
      ['fastest', t('speedFastest')],
    ],
    setup.computerSpeed,
  );
  const seed = h('input', { testid: 'setup-seed', attrs: { type: 'number', min: '0', step: '1' } });
  seed.value = String(setup.seed);
  // Match length and shot clock sit above the rules; the fieldset's own copies are hidden and follow them.
  const frames = h('input', {
    testid: 'setup-frames',
    attrs: { type: 'number', min: '1', max: '99', step: '1', inputmode: 'numeric' },
  });
  frames.value = String(setup.settings.framesToWin);
  const clockSeconds = setup.settings.shotClock?.seconds ?? 0;
  const clock = select(
    'setup-clock',
    [...new Set([0, 30, 45, 60, 90, clockSeconds])]
      .sort((a, b) => a - b)
      .map((n): [string, string] => [String(n), n === 0 ? t('shotClockOff') : t('seconds', { n })]),
    String(clockSeconds),
  );
  const language = select(
    'setup-lang',
    [
      ['ru', 'Русский'],
      ['en', 'English'],
    ],
    lang,
  );
  language.addEventListener('change', () => handlers.lang(language.value === 'en' ? 'en' : 'ru'));
  const rules = settingsFieldset(lang, setup.settings);
  rules.dataset.testid = 'setup-rules';
  for (const name of ['framesToWin', 'shotClockSeconds'])
    rules.querySelector(`[name="${name}"]`)?.closest('label')?.classList.add('hidden');
  const showVariant = () => {
    if (isVariantName(variant.value)) showVariantSettings(rules, variant.value);
  };
  variant.addEventListener('change', showVariant);
  showVariant();
  const error = h('p', { className: 'error', testid: 'setup-error' });

  const copy = (name: string, value: string) => {
    const input = rules.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (input !== null) input.value = value;
  };
  const read = (): Setup | null => {
    copy('framesToWin', frames.value);
    copy('shotClockSeconds', clock.value);
    const settings = readSettings(rules);
    if (!settings.ok) {
      error.textContent = `${settings.error.field}: ${settings.error.message}`;
      return null;
    }
    const chosen = variant.value;
    if (!isVariantName(chosen)) return null;
    const player = (row: (typeof playerRows)[number]) => {
      const value = row.kind.value;
      const level: Level = (LEVEL_NAMES as readonly string[]).includes(value) ? (value as Level) : 'amateur';
      return {
        name: row.name.value,
        kind: value === 'person' ? ('person' as const) : ('computer' as const),
        level,
      };
    };
    const seedValue = Number(seed.value);
    return {
      variant: chosen,
      players: [player(playerRows[0]!), player(playerRows[1]!)],
      tableSize: isTableSize(tableSize.value) ? tableSize.value : setup.tableSize,
      settings: settings.value,
      seed: Number.isFinite(seedValue) && seedValue >= 0 ? Math.floor(seedValue) >>> 0 : randomSeed(),
      computerSpeed: speed.value === 'fastest' ? 'fastest' : 'normal',
      breaker: breaker.value === '1' ? 1 : 0,
    };
  };

  const startButton = h(
    'button',
    {
      testid: 'setup-start',
      className: 'primary',
      onclick: () => {
        const value = read();
        if (value !== null) handlers.start(value);
      },
    },
    t('start'),
  );
  const practiceButton = h(
    'button',
    {
      testid: 'setup-practice',
      onclick: () => {
        const value = read();
        if (value !== null) handlers.practice(value);
      },
    },
    t('startPractice'),
  );
  const onlineButton =
    handlers.online === null
      ? null
      : h(
          'button',
          { testid: 'setup-online', className: 'online', onclick: handlers.online },
          t('playOnline'),
        );
  const closeButton =
    handlers.close === null
      ? null
      : h('button', { testid: 'setup-close', onclick: handlers.close }, t('close'));

  return h(
    'div',
    { className: 'setup', testid: 'setup' },
    h('h1', {}, t('title')),
    label(t('variant'), variant),
    h('div', { className: 'players' }, ...playerRows.map((r) => r.row)),
    label(t('matchLength'), frames),
    label(t('breaker'), breaker),
    label(t('shotClockOn'), clock),
    label(t('tableSize'), tableSize),
    label(t('speed'), speed),
    label(t('seed'), seed),
    label(t('language'), language),
    h('details', {}, h('summary', {}, lang === 'ru' ? 'Правила (настройки)' : 'Rules (settings)'), rules),
    error,
    h('div', { className: 'actions' }, startButton, practiceButton, onlineButton, closeButton),
    h(
      'p',
      { className: 'scorer-link' },
      h('a', { testid: 'setup-scorer', attrs: { href: 'scorer.html' } }, t('scorerLink')),
      ` — ${t('scorerNote')}`,
    ),
  );
}
