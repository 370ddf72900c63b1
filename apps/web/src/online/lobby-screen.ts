/**
 * The lobby: your name (a guest, or an optional account), a new table (variant, frames to win,
 * table size, rule settings, shot clock, rated), the quick match, a table by its link, and the
 * lists of open, live and your adjourned tables. Names come from other people: they are set as
 * text (`textContent`), never as HTML.
 */

import { SHOT_CLOCK_MAX_SECONDS, SHOT_CLOCK_MIN_SECONDS } from '@pyramid/online';
import {
  DEFAULT_SETTINGS,
  isTableSize,
  TABLE_SIZES,
  VARIANT_NAMES,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import { type Lang, translator } from '../common/lang.js';
import { readSettings, settingsFieldset, showVariantSettings } from '../common/settings-form.js';
import { isVariantName, tableSizeLabel } from '../game/state/index.js';
import { h } from '../game/ui/dom.js';
import { matchLength } from '../game/ui/match-words.js';
import type { LinkRole } from './link.js';
import { readTableLink } from './link.js';
import type { LobbyState, LobbyTable, TableOptions } from './model.js';
import type { LiveMatchView } from './player-live.js';
import { ONLINE_STRINGS } from './strings.js';

export interface LobbyHandlers {
  guest(name: string): void;
  /** A visitor opened a link: names himself as a guest and takes the seat or watches. */
  guestTo(name: string, role: LinkRole): void;
  login(name: string, password: string): void;
  register(name: string, password: string): void;
  signOut(): void;
  create(options: TableOptions): void;
  quickMatch(variant: Variant): void;
  cancelQuickMatch(): void;
  join(tableId: string, role: LinkRole): void;
  refresh(): void;
  leaderboard(variant: Variant): void;
  myMatches(): void;
  /** Opens a player's public page (a name on the leaderboard). */
  openPlayer(playerId: string): void;
  /** Says what is wrong with the form (a bad setting, a link that names no table). */
  invalid(text: { ru: string; en: string }): void;
  close(): void;
}

export class LobbyScreen {
  /** The modal layer the app shows over the table. */
  readonly element = h('div', { className: 'modal', testid: 'online-lobby' });
  private lang: Lang | null = null;
  private readonly name = h('input', {
    testid: 'online-name',
    attrs: { maxlength: '24', autocomplete: 'nickname' },
  });
  private readonly accountName = h('input', {
    testid: 'online-account-name',
    attrs: { maxlength: '24', autocomplete: 'username' },
  });
  private readonly password = h('input', {
    testid: 'online-password',
    attrs: { type: 'password', autocomplete: 'current-password', maxlength: '200' },
  });
  private readonly variant = h('select', { testid: 'online-variant' });
  private readonly quickVariant = h('select', { testid: 'online-quick-variant' });
  private readonly frames = h('input', {
    testid: 'online-frames',
    attrs: { type: 'number', min: '1', max: '25', step: '1', value: '1' },
  });
  private readonly tableSize = h('select', { testid: 'online-table-size' });
  private readonly clock = h('input', {
    testid: 'online-clock',
    attrs: { type: 'number', min: '0', max: '600', step: '5', value: '0' },
  });
  private readonly breaker = h('select', { testid: 'online-breaker' });
  private readonly rated = h('input', { testid: 'online-rated', attrs: { type: 'checkbox' } });
  private readonly listed = h('input', { testid: 'online-listed', attrs: { type: 'checkbox', checked: '' } });
  private readonly link = h('input', { testid: 'online-link' });
  private rules: HTMLFieldSetElement = settingsFieldset('en', DEFAULT_SETTINGS);
  // The parts that change with the lobby's state.
  private readonly identity = h('div', { testid: 'online-identity' });
  private readonly quick = h('div', { className: 'row', testid: 'online-quick' });
  private readonly lists = h('div', { testid: 'online-tables' });
  private readonly error = h('p', { className: 'error', testid: 'online-error', attrs: { role: 'alert' } });
  private readonly ratings = h('div', { testid: 'online-ratings' });
  private readonly boardVariant = h('select', { testid: 'online-board-variant' });
  private readonly buttons: HTMLButtonElement[] = [];
  /** The lobby's sections; a visitor who came by a link sees only the invitation until he has a name. */
  private body: HTMLElement = h('div', { className: 'lobby' });

  constructor(private readonly handlers: LobbyHandlers) {}

  render(state: LobbyState, lang: Lang): void {
    if (this.lang !== lang) this.build(lang);
    this.renderIdentity(state, lang);
    // Until he has a name, a visitor by a link sees the invitation only (not the whole lobby).
    this.body.classList.toggle('invited', state.link !== null && state.identity === null);
    this.renderQuick(state, lang);
    this.renderLists(state, lang);
    this.error.textContent = state.error === null ? '' : state.error[lang];
    const signedIn = state.identity !== null;
    for (const button of this.buttons) button.disabled = state.pending || !signedIn;
    this.renderRatings(state, lang);
  }

  /** The static form, built once per language; the inputs (and what was typed) carry over. */
  private build(lang: Lang): void {
    this.lang = lang;
    const t = translator(ONLINE_STRINGS, lang);
    const fill = (select: HTMLSelectElement, options: [string, string][], initial: string) => {
      const value = select.value;
      select.replaceChildren(...options.map(([v, text]) => new Option(text, v)));
      select.value = value === '' ? initial : value;
    };
    const variants = VARIANTS.map((v): [string, string] => [v, VARIANT_NAMES[v][lang]]);
    fill(this.variant, variants, 'free');
    fill(this.quickVariant, variants, 'free');
    fill(this.boardVariant, variants, 'free');
    // Each select sits beside its button, without a visible label of its own.
    this.quickVariant.setAttribute('aria-label', t('quickVariant'));
    this.boardVariant.setAttribute('aria-label', t('boardVariant'));
    fill(
      this.breaker,
      [
        ['lag', t('breakLag')],
        ['0', t('breakMe')],
        ['1', t('breakOpponent')],
      ],
      'lag',
    );
    fill(
      this.tableSize,
      TABLE_SIZES.map((s) => [s, tableSizeLabel(s, lang)]),
      '12ft',
    );
    const settings = readSettings(this.rules);
    this.rules = settingsFieldset(lang, settings.ok ? settings.value : DEFAULT_SETTINGS);
    this.rules.dataset.testid = 'online-rules';
    // Frames to win and the shot clock have their own fields above; the fieldset's copies follow them.
    for (const name of ['framesToWin', 'shotClockSeconds'])
      this.rules.querySelector(`[name="${name}"]`)?.closest('label')?.classList.add('hidden');
    // Only the chosen variant's settings, as on the game's set-up screen (one handler: `build` reruns).
    const rules = this.rules;
    const showVariant = () => {
      if (isVariantName(this.variant.value)) showVariantSettings(rules, this.variant.value);
    };
    this.variant.onchange = showVariant;
    showVariant();
    this.name.placeholder = t('yourName');
    this.link.placeholder = t('linkPlaceholder');
    this.buttons.length = 0;
    const gated = (testid: string, text: string, onclick: () => void, primary = false) => {
      const button = h('button', { testid, onclick, ...(primary ? { className: 'primary' } : {}) }, text);
      this.buttons.push(button);
      return button;
    };
    const field = (text: string, control: HTMLElement) =>
      h('label', { className: 'field' }, h('span', {}, text), control);
    const create = gated('online-create', t('createTable'), () => this.create(), true);
    const join = gated('online-join', t('join'), () => {
      const link = readTableLink(this.link.value);
      if (link === null) return this.handlers.invalid(ONLINE_STRINGS.invalidLink);
      this.handlers.join(link.tableId, link.role);
    });
    const refresh = h(
      'button',
      { testid: 'online-refresh', onclick: () => this.handlers.refresh() },
      t('refresh'),
    );
    this.body = h(
      'div',
      { className: 'lobby' },
      h(
        'div',
        { className: 'row head' },
        h('h1', {}, t('onlineTitle')),
        h('button', { testid: 'online-close', onclick: () => this.handlers.close() }, t('back')),
      ),
      this.identity,
      this.error,
      h(
        'section',
        {},
        h('h2', {}, t('create')),
        field(t('variant'), this.variant),
        field(t('framesToWin'), this.frames),
        field(t('tableSize'), this.tableSize),
        field(t('clockSeconds'), this.clock),
        field(t('breaks'), this.breaker),
        field(t('rated'), this.rated),
        field(t('listed'), this.listed),
        h(
          'details',
          {},
          h('summary', {}, lang === 'ru' ? 'Правила (настройки)' : 'Rules (settings)'),
          this.rules,
        ),
        h('div', { className: 'row' }, create),
      ),
      h('section', {}, h('h2', {}, t('quickMatch')), this.quick),
      h('section', {}, h('h2', {}, t('joinByLink')), h('div', { className: 'row' }, this.link, join)),
      h('section', {}, h('div', { className: 'row' }, h('h2', {}, t('lobby')), refresh), this.lists),
      h(
        'section',
        {},
        h('h2', {}, t('events')),
        h('a', { testid: 'online-events-link', attrs: { href: './event.html' } }, t('eventsLink')),
      ),
      h(
        'section',
        {},
        h('h2', {}, t('ratings')),
        h(
          'div',
          { className: 'row' },
          this.boardVariant,
          gated('online-leaderboard', t('leaderboard'), () => {
            const v = this.boardVariant.value;
            if (isVariantName(v)) this.handlers.leaderboard(v);
          }),
          gated('online-my-matches', t('myPage'), () => this.handlers.myMatches()),
        ),
        this.ratings,
      ),
    );
    this.element.replaceChildren(this.body);
  }

  private renderRatings(state: LobbyState, lang: Lang): void {
    const t = translator(ONLINE_STRINGS, lang);
    const parts: HTMLElement[] = [];
    const text = (tag: 'span' | 'strong', value: string) => {
      // Names are other people's text.
      const element = h(tag, {});
      element.textContent = value;
      return element;
    };
    if (state.board !== null) {
      const rows = state.board.entries.map((e) =>
        h(
          'li',
          { testid: 'board-entry' },
          text('span', `${e.rank}.`),
          // His page, in place (the address is there to open it in a tab of its own).
          h(
            'a',
            {
              testid: `board-player-${e.playerId}`,
              attrs: { href: `?player=${encodeURIComponent(e.playerId)}` },
              onclick: (event: Event) => {
                event.preventDefault();
                this.handlers.openPlayer(e.playerId);
              },
            },
            text('strong', e.name),
          ),
          h(
            'span',
            { className: 'what' },
            t('ratingLine', { rating: Math.round(e.rating), rd: Math.round(e.rd), games: e.games }),
          ),
        ),
      );
      parts.push(
        h('h3', {}, `${t('leaderboard')}: ${VARIANT_NAMES[state.board.variant][lang]}`),
        rows.length === 0
          ? h('p', { className: 'what' }, t('noRatings'))
          : h('ol', { className: 'tables', testid: 'online-board' }, ...rows),
      );
    }
    if (state.page !== null) {
      const page = state.page;
      const heading = h('h3', { testid: 'player-page-name' });
      heading.textContent = page.own ? t('myPage') : t('playerPage', { name: page.name });
      parts.push(
        heading,
        h('a', { testid: 'player-page-link', attrs: { href: page.url } }, t('playerPageLink')),
      );
      if (page.live.length > 0)
        parts.push(
          h('h3', {}, page.own ? t('myLiveMatches') : t('theirLiveMatches')),
          h(
            'ul',
            { className: 'tables', testid: 'player-live' },
            ...page.live.map((m) => liveLine(m, page.own ? null : page.name, t, text)),
          ),
        );
      for (const r of page.ratings)
        parts.push(
          h(
            'p',
            { className: 'what' },
            t('myRating', {
              variant: VARIANT_NAMES[r.variant][lang],
              rating: Math.round(r.rating),
              games: r.games,
            }),
          ),
        );
      const rows = page.matches.map((m) =>
        h(
          'li',
          { testid: 'my-match' },
          text('span', `${VARIANT_NAMES[m.variant][lang]} ${t('versus', { name: m.opponent ?? '…' })}`),
          h(
            'span',
            { className: 'what' },
            `${m.framesWon[0]}:${m.framesWon[1]} · ${m.result === null ? t('unfinished') : t(m.result)}`,
          ),
          h('a', { testid: `record-${m.id}`, attrs: { href: m.recordUrl, download: '' } }, t('download')),
        ),
      );
      parts.push(
        rows.length === 0
          ? h('p', { className: 'what' }, t('noMatches'))
          : h('ul', { className: 'tables', testid: 'online-my-list' }, ...rows),
      );
      if (page.events.length > 0)
        parts.push(
          h('h3', {}, page.own ? t('myEvents') : t('theirEvents')),
          h(
            'ul',
            { className: 'tables', testid: 'online-my-events' },
            ...page.events.map((e) =>
              h(
                'li',
                { testid: `my-event-${e.id}`, attrs: { 'data-place': e.place ?? '' } },
                h(
                  'a',
                  { attrs: { href: `./event.html?id=${encodeURIComponent(e.id)}` } },
                  text('span', e.name),
                ),
                h(
                  'span',
                  { className: 'what' },
                  e.place === null ? t('eventRunning') : t('eventPlace', { place: e.place }),
                ),
              ),
            ),
          ),
        );
    }
    this.ratings.replaceChildren(...parts);
  }

  private renderIdentity(state: LobbyState, lang: Lang): void {
    const t = translator(ONLINE_STRINGS, lang);
    const who = state.identity;
    if (who !== null) {
      const name = h('strong', { testid: 'online-me' });
      name.textContent = who.name;
      this.identity.replaceChildren(
        h(
          'p',
          { className: 'row' },
          h('span', {}, t('signedIn', { name: '' })),
          name,
          who.kind === 'guest' ? h('span', { className: 'what' }, `(${t('guest')})`) : null,
          h('button', { testid: 'online-sign-out', onclick: () => this.handlers.signOut() }, t('signOut')),
        ),
      );
      return;
    }
    const guest = h(
      'button',
      {
        testid: 'online-guest',
        className: 'primary',
        disabled: state.pending,
        onclick: () => this.handlers.guest(this.name.value),
      },
      t('asGuest'),
    );
    const login = h(
      'button',
      {
        testid: 'online-login',
        disabled: state.pending,
        onclick: () => this.handlers.login(this.accountName.value, this.password.value),
      },
      t('login'),
    );
    const register = h(
      'button',
      {
        testid: 'online-register',
        disabled: state.pending,
        onclick: () => this.handlers.register(this.accountName.value, this.password.value),
      },
      t('register'),
    );
    // A visitor who came by a link sees the table he is invited to, with the name field in it.
    const invited =
      state.link === null ? null : this.invitation(state.link.role, state.linkTable, state.pending, lang);
    this.identity.replaceChildren(
      invited ?? '',
      state.linkTable === null ? h('div', { className: 'row' }, this.name, guest) : '',
      h(
        'details',
        {},
        h('summary', {}, t('account')),
        h('p', { className: 'what' }, t('accountNote')),
        h('div', { className: 'row' }, this.accountName, this.password),
        h('div', { className: 'row' }, login, register),
      ),
    );
  }

  /**
   * What a link's visitor is invited to, before he has a name: whose table, the variant, the race,
   * who waits or plays; one field for his name and one button (join the free seat, or watch).
   */
  private invitation(role: LinkRole, table: LobbyTable | null, pending: boolean, lang: Lang): HTMLElement {
    const t = translator(ONLINE_STRINGS, lang);
    const card = h('section', { className: 'invitation', testid: 'online-invitation' });
    if (table === null) {
      card.append(h('p', { className: 'what', testid: 'online-link-note' }, t('nameFirst')));
      return card;
    }
    // Names are other people's text: placed as text nodes, never as HTML.
    const [a, b] = table.names;
    const host = a ?? b ?? '…';
    const seatFree = a === null || b === null;
    const joins = role === 'player' && seatFree && table.state === 'open';
    const title = a !== null && b !== null ? t('versusTitle', { a, b }) : t('tableOf', { name: host });
    const what = [
      VARIANT_NAMES[table.variant][lang],
      matchLength(table.framesToWin, lang),
      tableSizeLabel(table.tableSize, lang),
      ...(table.rated ? [t('ratedMark')] : []),
      ...(table.shotClockSeconds === null ? [] : [t('clockMark', { s: table.shotClockSeconds })]),
    ].join(', ');
    const who =
      table.state === 'open'
        ? seatFree
          ? t('hostWaits', { name: host })
          : t('startingSoon')
        : table.state === 'adjourned'
          ? t('adjournedNow')
          : t('playingNow');
    const go = h(
      'button',
      {
        testid: 'online-enter',
        className: 'primary',
        disabled: pending,
        onclick: () => this.handlers.guestTo(this.name.value, joins ? 'player' : 'spectator'),
      },
      joins ? t('join') : t('watch'),
    );
    card.append(
      h('h2', { testid: 'invitation-title' }, title),
      h('p', { testid: 'invitation-what' }, what),
      h('p', { testid: 'invitation-who' }, who),
      role === 'player' && !joins ? h('p', { className: 'what' }, t('seatsTaken')) : '',
      h('div', { className: 'row' }, this.name, go),
    );
    return card;
  }

  private renderQuick(state: LobbyState, lang: Lang): void {
    const t = translator(ONLINE_STRINGS, lang);
    if (state.searching !== null) {
      this.quick.replaceChildren(
        h(
          'span',
          { testid: 'online-searching' },
          t('searching', { variant: VARIANT_NAMES[state.searching][lang] }),
        ),
        h(
          'button',
          { testid: 'online-quick-cancel', onclick: () => this.handlers.cancelQuickMatch() },
          t('cancel'),
        ),
      );
      return;
    }
    const find = h(
      'button',
      {
        testid: 'online-quick-find',
        disabled: state.pending || state.identity === null,
        onclick: () => {
          const v = this.quickVariant.value;
          if (isVariantName(v)) this.handlers.quickMatch(v);
        },
      },
      t('findOpponent'),
    );
    this.quick.replaceChildren(this.quickVariant, find);
  }

  private renderLists(state: LobbyState, lang: Lang): void {
    const t = translator(ONLINE_STRINGS, lang);
    const signedIn = state.identity !== null;
    const row = (table: LobbyTable) => {
      // Names are other people's text: textContent only. An account's name carries a badge that no
      // typed name can imitate (an element of its own, styled), so a guest cannot pass for one.
      const seat = (i: 0 | 1): Node[] => {
        const name = h('span', {});
        name.textContent = table.names[i] ?? '…';
        if (!table.accounts[i]) return [name];
        const badge = h('span', { className: 'account-mark', title: t('accountMark') }, '✓');
        badge.setAttribute('aria-label', t('accountMark'));
        return [name, badge];
      };
      const who = h('span', { className: 'who' });
      who.replaceChildren(...seat(0), ' — ', ...seat(1));
      const what = h(
        'span',
        { className: 'what' },
        `${t('tableLine', {
          variant: VARIANT_NAMES[table.variant][lang],
          frames: table.framesToWin,
          size: tableSizeLabel(table.tableSize, lang),
        })}${table.rated ? `, ${t('ratedMark')}` : ''}${table.shotClockSeconds === null ? '' : `, ${t('clockMark', { s: table.shotClockSeconds })}`}${table.spectators > 0 ? ` · ${t('spectators', { n: table.spectators })}` : ''}`,
      );
      const actions: HTMLElement[] = [];
      const seatFree = table.names[0] === null || table.names[1] === null;
      if (table.state === 'adjourned' && table.mine)
        actions.push(
          h(
            'button',
            {
              testid: `lobby-resume-${table.id}`,
              className: 'primary',
              disabled: !signedIn || state.pending,
              onclick: () => this.handlers.join(table.id, 'player'),
            },
            t('resume'),
          ),
        );
      else if (table.state === 'open' && (seatFree || table.mine))
        actions.push(
          h(
            'button',
            {
              testid: `lobby-join-${table.id}`,
              className: 'primary',
              disabled: !signedIn || state.pending,
              onclick: () => this.handlers.join(table.id, 'player'),
            },
            t('join'),
          ),
        );
      if (table.state === 'playing' && table.mine)
        actions.push(
          h(
            'button',
            {
              testid: `lobby-rejoin-${table.id}`,
              className: 'primary',
              disabled: !signedIn || state.pending,
              onclick: () => this.handlers.join(table.id, 'player'),
            },
            t('resume'),
          ),
        );
      if (table.state === 'playing')
        actions.push(
          h(
            'button',
            {
              testid: `lobby-watch-${table.id}`,
              disabled: !signedIn || state.pending,
              onclick: () => this.handlers.join(table.id, 'spectator'),
            },
            t('watch'),
          ),
        );
      const item = h('li', { testid: 'lobby-table' }, who, what, ...actions);
      item.dataset.table = table.id;
      item.dataset.state = table.state;
      return item;
    };
    const group = (title: string, testid: string, tables: readonly LobbyTable[]) =>
      tables.length === 0
        ? null
        : h('div', { testid }, h('h3', {}, title), h('ul', { className: 'tables' }, ...tables.map(row)));
    const open = state.tables.filter((x) => x.state === 'open');
    const live = state.tables.filter((x) => x.state === 'playing');
    const adjourned = state.tables.filter((x) => x.state === 'adjourned' && x.mine);
    const parts = [
      group(t('adjournedTables'), 'lobby-adjourned', adjourned),
      group(t('openTables'), 'lobby-open', open),
      group(t('liveTables'), 'lobby-live', live),
    ].filter((x): x is HTMLDivElement => x !== null);
    this.lists.replaceChildren(
      ...(parts.length === 0 ? [h('p', { className: 'what' }, t('noTables'))] : parts),
    );
  }

  private create(): void {
    const copy = (name: string, value: string) => {
      const input = this.rules.querySelector<HTMLInputElement>(`[name="${name}"]`);
      if (input !== null) input.value = value;
    };
    copy('framesToWin', this.frames.value);
    copy('shotClockSeconds', this.clock.value);
    const settings = readSettings(this.rules);
    if (!settings.ok) {
      const text = `${settings.error.field}: ${settings.error.message}`;
      this.handlers.invalid({ ru: text, en: text });
      return;
    }
    const variant = this.variant.value;
    const frames = Number(this.frames.value);
    const clock = Number(this.clock.value);
    if (!isVariantName(variant)) return;
    if (!Number.isInteger(frames) || frames < 1 || frames > 25) {
      this.handlers.invalid({ ru: 'Партий до победы: от 1 до 25.', en: 'Frames to win: 1 to 25.' });
      return;
    }
    // The server's bounds of an online clock (SHOT_CLOCK_MIN_SECONDS…MAX); 0 is no clock.
    if (
      !Number.isInteger(clock) ||
      (clock !== 0 && (clock < SHOT_CLOCK_MIN_SECONDS || clock > SHOT_CLOCK_MAX_SECONDS))
    ) {
      this.handlers.invalid({
        ru: `Время на удар: 0 (без часов) или от ${SHOT_CLOCK_MIN_SECONDS} до ${SHOT_CLOCK_MAX_SECONDS} с.`,
        en: `Shot clock: 0 (none) or ${SHOT_CLOCK_MIN_SECONDS} to ${SHOT_CLOCK_MAX_SECONDS} s.`,
      });
      return;
    }
    const size = this.tableSize.value;
    this.handlers.create({
      variant,
      framesToWin: frames,
      tableSize: isTableSize(size) ? size : '12ft',
      settings: settings.value,
      shotClockSeconds: clock === 0 ? null : clock,
      rated: this.rated.checked,
      listed: this.listed.checked,
      breaker: this.breaker.value === '0' ? 0 : this.breaker.value === '1' ? 1 : null,
    });
  }
}

/**
 * A match the page's player plays now: the opponent, the score from his side, where, and where to
 * watch it. `name` is his, on someone else's page (null: your own page, said as "you").
 */
function liveLine(
  m: LiveMatchView,
  name: string | null,
  t: ReturnType<typeof translator<keyof typeof ONLINE_STRINGS>>,
  text: (tag: 'span' | 'strong', value: string) => HTMLElement,
): HTMLElement {
  const place = m.place.kind === 'online' ? t('onlineTable') : t('realTable', { name: m.place.name ?? '…' });
  const at =
    m.atTable === null
      ? null
      : name === null
        ? t(m.atTable === 'me' ? 'atTableMe' : 'atTableOpponent')
        : t('atTableName', { name: m.atTable === 'me' ? name : m.opponent });
  return h(
    'li',
    { testid: 'player-live-match', attrs: { 'data-key': m.key, 'data-seq': String(m.seq) } },
    text('span', t('versus', { name: m.opponent })),
    h(
      'span',
      { className: 'what', testid: 'player-live-score' },
      t('liveScore', {
        frames: `${m.frames[0]}:${m.frames[1]}`,
        points: `${m.points[0]}:${m.points[1]}`,
        race: m.race,
      }),
    ),
    h('span', { className: 'what' }, at === null ? place : `${place} · ${at}`),
    m.event === null
      ? null
      : h('a', { testid: 'player-live-event', attrs: { href: m.event.url } }, text('span', m.event.name)),
    h('a', { testid: 'player-live-watch', attrs: { href: m.watchUrl } }, t('watchLive')),
  );
}
