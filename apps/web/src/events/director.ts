/**
 * The director's controls on the event page: registration (close, open), the entries in seed
 * order (up, down, check-in, removal), the draw (of the checked-in only, if he likes), calls of
 * ready matches to tables (with the server's suggestion: the longest-waiting ready match for each
 * free table) and their cancellation, results with their reason, corrections with why,
 * withdrawals, co-directors and the audit log; and a signed-in visitor's own controls (register,
 * check in, withdraw). Every action goes to the server, which checks it with the event's rules; a
 * refusal is shown as the server words it, and nothing changed.
 */
import { RESULT_REASONS } from '@pyramid/events';
import { VARIANT_NAMES, VARIANTS } from '@pyramid/rules';
import { button, h } from '../scorer/dom.js';
import type { T } from './bracket.js';
import { sideName } from './bracket.js';
import type { Shown } from './model.js';

type Act = (action: Record<string, unknown>) => Promise<string | null>;

/** Inputs keep what the director typed when the page is drawn again after a live update. */
const typed = new Map<string, string>();

function input(testid: string, attrs: Record<string, string> = {}): HTMLInputElement {
  const el = h('input', { testid, attrs });
  const kept = typed.get(testid);
  if (kept !== undefined) el.value = kept;
  el.addEventListener('input', () => typed.set(testid, el.value));
  return el;
}

function select(testid: string, options: readonly [string, string][]): HTMLSelectElement {
  const el = h(
    'select',
    { testid },
    ...options.map(([value, label]) => h('option', { text: label, attrs: { value } })),
  );
  const kept = typed.get(testid);
  if (kept !== undefined && options.some(([v]) => v === kept)) el.value = kept;
  el.addEventListener('change', () => typed.set(testid, el.value));
  return el;
}

function checkbox(testid: string, checked: boolean): HTMLInputElement {
  const el = h('input', { testid, attrs: { type: 'checkbox' } });
  const kept = typed.get(testid);
  el.checked = kept === undefined ? checked : kept === 'on';
  el.addEventListener('change', () => typed.set(testid, el.checked ? 'on' : 'off'));
  return el;
}

function errorLine(): HTMLElement {
  return h('p', { class: 'error', testid: 'director-error', attrs: { role: 'alert' } });
}

export function directorPanel(
  shown: Shown,
  t: T,
  suggestions: readonly { table: string; match: string }[],
  act: Act,
): HTMLElement {
  const { event } = shown;
  const names = new Map(event.entries.map((e) => [e.id, e.name]));
  const error = errorLine();
  const run = async (action: Record<string, unknown>, after?: () => void) => {
    error.textContent = '';
    const refused = await act(action);
    if (refused !== null) error.textContent = refused;
    else after?.();
  };
  const label = (m: Shown['matches'][number]) => `${m.id}: ${sideName(m.a, names)} – ${sideName(m.b, names)}`;
  const parts: (HTMLElement | null)[] = [];
  if (event.draw === null) {
    const entries = h('textarea', { testid: 'entries', attrs: { rows: '6' } });
    const seed = input('seed', { type: 'number', value: '1', min: '0' });
    const onlyCheckedIn = h('input', { testid: 'checked-in-only', attrs: { type: 'checkbox' } });
    const open = event.registration === 'open';
    parts.push(
      h(
        'div',
        { class: 'row' },
        h('span', {
          testid: 'registration-state',
          text: t(open ? 'registrationOpen' : 'registrationClosed'),
        }),
        button(t(open ? 'closeRegistration' : 'openRegistration'), {
          testid: open ? 'close-registration' : 'open-registration',
          onClick: () => void run({ type: open ? 'close-registration' : 'open-registration' }),
        }),
      ),
      entryList(shown, t, run),
    );
    parts.push(
      h('label', { text: t('addEntries') }),
      entries,
      button(t('add'), {
        testid: 'add-entries',
        onClick: () => {
          const list = entries.value
            .split('\n')
            .map((name) => name.trim())
            .filter((name) => name !== '');
          void run({ type: 'add-entries', entries: list.map((name) => ({ name })) });
        },
      }),
      h(
        'div',
        { class: 'row' },
        h('label', { text: t('seed') }),
        seed,
        h('label', {}, onlyCheckedIn, h('span', { text: t('checkedInOnly') })),
        button(t('draw'), {
          testid: 'draw',
          onClick: () =>
            void run({
              type: 'draw',
              seed: Number(seed.value),
              ...(onlyCheckedIn.checked ? { checkedInOnly: true } : {}),
            }),
        }),
      ),
    );
  } else {
    const ready = shown.matches.filter((m) => m.state === 'ready');
    const suggestion = suggestions[0];
    const callMatch = select(
      'call-match',
      ready.map((m) => [m.id, label(m)]),
    );
    if (suggestion !== undefined && !typed.has('call-match')) callMatch.value = suggestion.match;
    const table = input('call-table', { placeholder: '1' });
    if (suggestion !== undefined && table.value === '') table.value = suggestion.table;
    parts.push(
      h('h3', { text: t('call') }),
      h('p', {
        testid: 'suggestion',
        text:
          suggestions.map((s) => t('suggested', { match: s.match, table: s.table })).join('; ') ||
          (ready.length === 0 ? t('noMatch') : ''),
      }),
      h(
        'div',
        { class: 'row' },
        callMatch,
        table,
        button(t('call'), {
          testid: 'call',
          disabled: ready.length === 0,
          onClick: () => void run({ type: 'call', match: callMatch.value, table: table.value.trim() }),
        }),
        button(t('callOnline'), {
          testid: 'call-online',
          disabled: ready.length === 0,
          onClick: () => void run({ type: 'call', match: callMatch.value, table: 'online' }),
        }),
      ),
    );
    const open = shown.matches.filter(
      (m) => m.state === 'ready' || m.state === 'called' || m.state === 'finished',
    );
    const resultMatch = select(
      'result-match',
      open.map((m) => [m.id, `${label(m)} (${m.state})`]),
    );
    const fa = input('frames-a', { type: 'number', min: '0', size: '3' });
    const fb = input('frames-b', { type: 'number', min: '0', size: '3' });
    const reason = select(
      'reason',
      RESULT_REASONS.map((r) => [r, r]),
    );
    const winner = select('winner', [
      ['', '—'],
      ['a', 'A'],
      ['b', 'B'],
    ]);
    const why = input('why', { placeholder: t('why') });
    const submit = (type: 'result' | 'correct') => {
      const action: Record<string, unknown> = {
        type,
        match: resultMatch.value,
        frames: [Number(fa.value), Number(fb.value)],
        reason: reason.value,
      };
      if (winner.value !== '') action.winner = winner.value;
      if (type === 'correct') action.why = why.value;
      void run(action, () => {
        for (const key of ['frames-a', 'frames-b', 'why', 'winner', 'result-match']) typed.delete(key);
      });
    };
    const called = shown.matches.filter((m) => m.state === 'called');
    if (called.length > 0)
      parts.push(
        h(
          'ul',
          { testid: 'called' },
          ...called.map((m) =>
            h(
              'li',
              {},
              h('span', { text: `${label(m)} · ${m.table ?? ''} ` }),
              button(t('uncall'), {
                testid: `uncall-${m.id}`,
                onClick: () => void run({ type: 'uncall', match: m.id }),
              }),
            ),
          ),
        ),
      );
    parts.push(
      h('h3', { text: t('result') }),
      h('div', { class: 'row' }, resultMatch, fa, h('span', { text: ':' }), fb),
      h(
        'div',
        { class: 'row' },
        h('label', { text: t('reason') }),
        reason,
        h('label', { text: t('winner') }),
        winner,
      ),
      h(
        'div',
        { class: 'row' },
        button(t('enter'), { testid: 'enter-result', onClick: () => submit('result') }),
        why,
        button(t('correct'), { testid: 'correct-result', onClick: () => submit('correct') }),
      ),
    );
  }
  if (event.draw !== null) {
    const stillIn = event.entries.filter((e) => e.withdrawn !== true);
    const who = select(
      'withdraw-entry',
      stillIn.map((e) => [e.id, e.name]),
    );
    parts.push(
      h(
        'div',
        { class: 'row' },
        h('label', { text: t('withdrawEntry') }),
        who,
        button(t('withdraw'), {
          testid: 'withdraw',
          onClick: () => void run({ type: 'withdraw', entry: who.value }),
        }),
      ),
    );
  }
  const account = input('co-director', { placeholder: 'id' });
  parts.push(
    h(
      'div',
      { class: 'row' },
      h('label', { text: t('coDirector') }),
      account,
      button(t('add'), {
        testid: 'add-director',
        onClick: () =>
          void run({ type: 'add-director', account: account.value.trim() }, () =>
            typed.delete('co-director'),
          ),
      }),
    ),
    auditLog(shown, t),
  );
  return h(
    'aside',
    { class: 'director', testid: 'director' },
    h('h2', { text: t('director') }),
    ...parts,
    error,
  );
}

/** The entries before the draw: seed order (up, down), check-in and removal. */
function entryList(shown: Shown, t: T, run: (action: Record<string, unknown>) => Promise<void>): HTMLElement {
  const entries = shown.event.entries;
  const ids = entries.map((e) => e.id);
  const move = (i: number, by: number) => {
    const order = [...ids];
    const [id] = order.splice(i, 1);
    order.splice(i + by, 0, id as string);
    void run({ type: 'seed-order', order });
  };
  return h(
    'ol',
    { class: 'entries', testid: 'entry-list' },
    ...entries.map((e, i) =>
      h(
        'li',
        { testid: `entry-${e.id}`, attrs: { 'data-checked-in': String(e.checkedIn === true) } },
        h('span', { text: `${e.name}${e.checkedIn === true ? ` · ${t('checkedIn')}` : ''} ` }),
        button(t('up'), { testid: `up-${e.id}`, disabled: i === 0, onClick: () => move(i, -1) }),
        button(t('down'), {
          testid: `down-${e.id}`,
          disabled: i === entries.length - 1,
          onClick: () => move(i, 1),
        }),
        e.checkedIn === true
          ? null
          : button(t('checkIn'), {
              testid: `check-in-${e.id}`,
              onClick: () => void run({ type: 'check-in', entry: e.id }),
            }),
        button(t('remove'), {
          testid: `remove-${e.id}`,
          onClick: () => void run({ type: 'remove-entry', entry: e.id }),
        }),
      ),
    ),
  );
}

/** The audit log, newest first: who did what and when; a correction with its reason and what it reset. */
function auditLog(shown: Shown, t: T): HTMLElement {
  const last = shown.event.audit.slice(-50).reverse();
  return h(
    'details',
    { testid: 'audit' },
    h('summary', { text: t('audit') }),
    h(
      'ol',
      {},
      ...last.map((a) =>
        h('li', {
          attrs: { 'data-action': a.action },
          text: [
            new Date(a.at).toISOString().slice(11, 19),
            a.by,
            a.action,
            a.match ?? a.entry ?? '',
            a.to === undefined ? '' : `${a.to.frames[0]}:${a.to.frames[1]} ${a.to.reason}`,
            a.from === undefined || a.from === null ? '' : `(was ${a.from.frames[0]}:${a.from.frames[1]})`,
            a.why ?? '',
            a.reset !== undefined && a.reset.length > 0 ? `reset ${a.reset.join(', ')}` : '',
          ]
            .filter((x) => x !== '')
            .join(' · '),
        }),
      ),
    ),
  );
}

/**
 * A signed-in visitor's own controls: register while registration is open, then check in or
 * withdraw his entry (the server checks each against the event's rules).
 */
export function playerPanel(shown: Shown, t: T, player: string, act: Act): HTMLElement | null {
  const { event } = shown;
  const mine = event.entries.find((e) => e.account === player);
  const error = errorLine();
  const run = async (action: Record<string, unknown>) => {
    error.textContent = '';
    const refused = await act(action);
    if (refused !== null) error.textContent = refused;
  };
  const parts: (HTMLElement | null)[] = [];
  if (mine === undefined) {
    if (event.draw !== null || event.registration !== 'open') return null;
    parts.push(button(t('register'), { testid: 'register', onClick: () => void run({ type: 'register' }) }));
  } else {
    parts.push(
      h('span', {
        testid: 'my-entry',
        text: `${t('youEntered')}: ${mine.name}${mine.checkedIn === true ? ` · ${t('checkedIn')}` : ''}${mine.withdrawn === true ? ` · ${t('withdrawn')}` : ''}`,
      }),
    );
    if (event.draw === null && mine.checkedIn !== true)
      parts.push(
        button(t('checkIn'), {
          testid: 'my-check-in',
          onClick: () => void run({ type: 'check-in', entry: mine.id }),
        }),
      );
    if (mine.withdrawn !== true)
      parts.push(
        button(t('withdraw'), {
          testid: 'my-withdraw',
          onClick: () => void run({ type: 'withdraw', entry: mine.id }),
        }),
      );
  }
  return h('section', { class: 'row', testid: 'player-panel' }, ...parts, error);
}

export function createForm(
  t: T,
  create: (spec: Record<string, unknown>) => Promise<string | null>,
): HTMLElement {
  const error = errorLine();
  const name = input('new-name', { placeholder: t('name') });
  const venue = input('new-venue', { placeholder: t('venue') });
  const date = input('new-date', { type: 'date', value: new Date().toISOString().slice(0, 10) });
  const format = select('new-format', [
    ['double', 'double elimination'],
    ['single', 'single elimination'],
    ['double-to', 'double elimination to 8'],
    ['groups', 'groups (4), top 2'],
    ['swiss', 'Swiss (5 rounds)'],
  ]);
  const variant = select(
    'new-variant',
    VARIANTS.map((v) => [v, VARIANT_NAMES[v].en]),
  );
  if (!typed.has('new-variant')) variant.value = 'dynamic';
  const race = input('new-race', { type: 'number', value: '3', min: '1' });
  // A longer race from a round on (e.g. to 4 frames early, to 5 from the quarter-finals).
  const lateRace = input('new-late-race', { type: 'number', min: '1', placeholder: '—' });
  const lateFrom = select('new-late-from', [
    ['8', t('fromQuarterFinals')],
    ['4', t('fromSemiFinals')],
    ['2', t('finalOnly')],
  ]);
  const seeding = select('new-seeding', [
    ['order', t('seedByOrder')],
    ['rating', t('seedByRating')],
    ['random', t('seedByLot')],
  ]);
  const rated = checkbox('new-rated', false);
  const isPublic = checkbox('new-public', true);
  const tables = input('new-tables', { placeholder: '1, 2, 3' });
  const formats: Record<string, unknown> = {
    double: { kind: 'double', reset: true },
    single: { kind: 'single', thirdPlace: false },
    'double-to': { kind: 'double-to', finalStage: 8 },
    groups: { kind: 'groups', groups: 4, advance: 2 },
    swiss: { kind: 'swiss', rounds: 5 },
  };
  const races = (): Record<string, unknown> => {
    const late = lateRace.value.trim();
    return {
      default: Number(race.value),
      rules: late === '' ? [] : [{ fromPlayersLeft: Number(lateFrom.value), race: Number(late) }],
    };
  };
  return h(
    'form',
    { class: 'director', testid: 'create-form' },
    h('h2', { text: t('create') }),
    name,
    venue,
    date,
    h('label', { text: t('variant') }),
    variant,
    h('label', { text: t('format') }),
    format,
    h('label', { text: t('raceTo') }),
    race,
    h('label', { text: t('lateRace') }),
    lateRace,
    lateFrom,
    h('label', { text: t('seeding') }),
    seeding,
    h('label', {}, rated, ` ${t('rated')}`),
    h('label', {}, isPublic, ` ${t('public')}`),
    h('label', { text: t('tables') }),
    tables,
    button(t('create'), {
      testid: 'create',
      onClick: async () => {
        error.textContent = '';
        const refused = await create({
          name: name.value.trim(),
          venue: venue.value.trim(),
          dates: { start: date.value },
          variant: variant.value,
          races: races(),
          format: formats[format.value],
          seeding: seeding.value,
          rated: rated.checked,
          public: isPublic.checked,
          tables: tables.value
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
        });
        if (refused !== null) error.textContent = refused;
      },
    }),
    error,
  );
}
