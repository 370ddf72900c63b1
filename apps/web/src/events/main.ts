/**
 * A club event's page (event.html?id=…): the bracket as SVG, groups as tables, Swiss rounds as
 * lists, each match's state, the running order and the standings with places, updated live over
 * the WebSocket without a reload. When the signed-in account directs the event, the director's
 * controls are shown too (registration, entries, the draw, calls to tables, results, the audit
 * log); a signed-in visitor may register while registration is open, check in and withdraw.
 * Without `id`: the list of events and a form to create one. Plain DOM and SVG.
 */
import './events.css';
import { ONLINE_TABLE } from '@pyramid/events';
import type { MatchLive, StoredLiveEntry } from '@pyramid/online';
import { detectLang, translator } from '../common/lang.js';
import { playerLink } from '../online/link.js';
import { button, h } from '../scorer/dom.js';
import { EventsApi } from './api.js';
import { BRACKET_SECTIONS, bracketSvg, sideName, stateLabel } from './bracket.js';
import { createForm, directorPanel, playerPanel } from './director.js';
import { EventFeed } from './feed.js';
import type { Shown } from './model.js';
import { LiveScores, liveText, onlineParts, playedOnline } from './online.js';
import { keepLink, scoringPanel, tablePageUrl } from './scoring.js';
import { EVENT_STRINGS } from './words.js';

const t = translator(EVENT_STRINGS, detectLang(navigator.languages));
const api = new EventsApi(location.origin);
const root = document.getElementById('app') as HTMLElement;

/** Read by the browser tests (never written by them). */
declare global {
  interface Window {
    __event?: {
      shown: Shown | null;
      updates: number;
      snapshots: number;
      actions: number;
      status: string;
      /** Every running score received, per match, in the order shown (each seq once). */
      live: Record<string, MatchLive[]>;
      /** Every entry of each match scored live (`live-watch`), each seq once, in order. */
      entries: Record<string, StoredLiveEntry[]>;
    };
  }
}
/** `actions`: live updates applied from an `event-action`; `snapshots`: `event` messages taken. */
const probe = {
  shown: null as Shown | null,
  updates: 0,
  snapshots: 0,
  actions: 0,
  status: 'connecting',
  live: {} as Record<string, MatchLive[]>,
  entries: {} as Record<string, StoredLiveEntry[]>,
};
/** The live match scoring each match of the event (from `GET /api/events/:id/live`), and back. */
const liveOfMatch = new Map<string, string>();
const matchOfLive = new Map<string, string>();
/** Running scores kept per match for its log on the page. */
const MAX_LIVE_LOG = 500;
/** The running score of each match being played, online or at a real table (the highest seq). */
const liveScores = new LiveScores();
const me = (): string | null => api.session?.player.id ?? null;
window.__event = probe;

function header(): HTMLElement {
  return h(
    'header',
    { class: 'bar' },
    h('a', { class: 'back', text: t('toGame'), attrs: { href: './' } }),
    h('a', { class: 'back', text: t('events'), attrs: { href: './event.html' } }),
    h('span', { class: 'status', testid: 'feed-status', text: t(probe.status as 'live') }),
  );
}

/** An entry's name: a link to his player page in the game app when the entry is an account's. */
function entryName(shown: Shown, entry: string, name: string): HTMLElement {
  const account = shown.event.entries.find((e) => e.id === entry)?.account;
  if (account === undefined) return h('span', { text: name });
  return h('a', {
    text: name,
    testid: `player-link-${entry}`,
    attrs: { href: playerLink(new URL('./', location.href).href, account) },
  });
}

function standingsTable(shown: Shown, names: ReadonlyMap<string, string>): HTMLElement {
  const swiss = shown.event.spec.format.kind === 'swiss';
  return h(
    'table',
    { class: 'standings', testid: 'standings' },
    h(
      'tr',
      {},
      h('th', { text: t('place') }),
      h('th', { text: t('player') }),
      h('th', { text: t('played') }),
      h('th', { text: t('won') }),
      h('th', { text: t('lost') }),
      h('th', { text: t('frames') }),
      swiss ? h('th', { text: 'Pts / Bh' }) : null,
    ),
    ...shown.standings.rows.map((row) =>
      h(
        'tr',
        { testid: `standing-${row.entry}`, attrs: { 'data-place': row.place ?? '' } },
        h('td', { class: 'place', text: row.place ?? '' }),
        h('td', {}, entryName(shown, row.entry, names.get(row.entry) ?? row.name)),
        h('td', { text: String(row.played) }),
        h('td', { text: String(row.won) }),
        h('td', { text: String(row.lost) }),
        h('td', { text: `${row.framesWon}:${row.framesLost}` }),
        swiss ? h('td', { text: `${row.score ?? 0} / ${row.buchholz ?? 0}` }) : null,
      ),
    ),
  );
}

function groupsPart(shown: Shown, names: ReadonlyMap<string, string>): HTMLElement | null {
  if (shown.groups.length === 0) return null;
  return h(
    'section',
    { testid: 'groups' },
    h('h2', { text: t('groups') }),
    ...shown.groups.map((g) =>
      h(
        'table',
        { class: 'group', testid: `group-${g.group}` },
        h('caption', { text: t('group', { n: String.fromCharCode(65 + g.group) }) }),
        ...g.rows.map((r, i) =>
          h(
            'tr',
            {},
            h('td', { text: String(i + 1) }),
            h('td', { text: names.get(r.entry) ?? r.entry }),
            h('td', { text: `${r.won}–${r.lost}` }),
            h('td', { text: `${r.framesWon}:${r.framesLost}` }),
          ),
        ),
      ),
    ),
  );
}

function matchLine(m: Shown['matches'][number], names: ReadonlyMap<string, string>): HTMLElement {
  const score = m.result === null ? '' : ` ${m.result.frames[0]}:${m.result.frames[1]}`;
  const line = h(
    'li',
    {
      testid: `line-${m.id}`,
      attrs: { 'data-state': m.state },
      text: `${m.id}: ${sideName(m.a, names)} – ${sideName(m.b, names)}${score} · ${stateLabel(m, t)}`,
    },
    ...(current === null ? [] : onlineParts(current, m, me(), liveScores, t)),
    // A match at a venue table: the table's live page (score, who is at the table, every ruling).
    current !== null && m.state === 'called' && m.table !== null && m.table !== ONLINE_TABLE
      ? h('a', {
          class: 'table-page',
          testid: `table-page-link-${m.id}`,
          text: ` ${t('tablePage')}`,
          attrs: {
            href: tablePageUrl(location.origin, current.id, m.table),
            target: '_blank',
            rel: 'noopener',
          },
        })
      : null,
  );
  // A match scored from a real table: its running score and every entry (online ones: onlineParts).
  const live = liveScores.of(m);
  if (live !== null && live.source.kind === 'scorer') line.append(liveView(m.id, live));
  return line;
}

/** A match being played: its running score, who is at the table, and every ruling so far. */
function liveView(match: string, live: MatchLive): HTMLElement {
  return h(
    'div',
    { class: 'live', testid: `live-${match}`, attrs: { 'data-seq': String(live.seq) } },
    h('span', {
      class: 'live-score',
      testid: `live-score-${match}`,
      text: ` ${t('liveScore', { points: live.points.join(':'), frames: live.frames.join(':') })}`,
    }),
    h(
      'details',
      { class: 'live-log' },
      h('summary', { text: live.lastRuling ?? '' }),
      h(
        'ol',
        { testid: `live-log-${match}` },
        ...(probe.entries[match] ?? []).map((e) =>
          h('li', {
            attrs: { 'data-seq': String(e.seq), 'data-kind': e.entry.kind, value: String(e.seq) },
            text: `${e.entry.kind === 'undo' ? t('undone') : actionName(e.entry.action)} · ${e.by.name}`,
          }),
        ),
      ),
    ),
  );
}

/** An action of the record as a word: its type (a shot, a penalty ball, a lag…). */
function actionName(action: unknown): string {
  const type = (action as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : '?';
}

/** Entries of a live match: appended in seq order, each once (a re-watch after a reconnect repeats none). */
function showEntries(liveId: string, entries: readonly StoredLiveEntry[], live: MatchLive): void {
  const match = matchOfLive.get(liveId);
  if (match === undefined) return;
  const log = probe.entries[match] ?? [];
  for (const e of entries) if (e.seq === (log.at(-1)?.seq ?? 0) + 1) log.push(e);
  if (log.length > MAX_LIVE_LOG * 10) log.splice(0, log.length - MAX_LIVE_LOG * 10);
  probe.entries[match] = log;
  showLive(match, live);
  render();
}

let finding = false;
/** Finds the live matches of the event's called matches and follows them. */
async function findLive(eventId: string): Promise<void> {
  if (finding || feed === null) return;
  finding = true;
  try {
    const reply = await api.call<{ matches: { match: string; liveId: string; finished: boolean }[] }>(
      'GET',
      `/api/events/${encodeURIComponent(eventId)}/live`,
    );
    if (!reply.ok) return;
    for (const m of reply.value.matches) {
      if (m.finished || liveOfMatch.has(m.match)) continue;
      liveOfMatch.set(m.match, m.liveId);
      matchOfLive.set(m.liveId, m.match);
      feed?.watchLive(m.liveId);
    }
  } finally {
    finding = false;
  }
}

/** An `event-live` push: kept when it is newer than what the page has for that match. */
function showLive(match: string, live: MatchLive): void {
  if (!liveScores.note(match, live)) return;
  const log = probe.live[match] ?? [];
  log.push(live);
  if (log.length > MAX_LIVE_LOG) log.shift();
  probe.live[match] = log;
  if (!liveOfMatch.has(match) && current !== null) void findLive(current.id);
  render();
}

function swissPart(shown: Shown, names: ReadonlyMap<string, string>): HTMLElement | null {
  const swiss = shown.matches.filter((m) => m.stage === 'swiss');
  if (swiss.length === 0) return null;
  const rounds = [...new Set(swiss.map((m) => m.round))].sort((a, b) => a - b);
  return h(
    'section',
    { testid: 'swiss' },
    h('h2', { text: t('swiss') }),
    ...rounds.map((r) =>
      h(
        'div',
        { class: 'swiss-round' },
        h('h3', { text: t('round', { n: r }) }),
        h('ol', {}, ...swiss.filter((m) => m.round === r).map((m) => matchLine(m, names))),
      ),
    ),
  );
}

function eventView(shown: Shown): HTMLElement {
  const { event } = shown;
  const names = new Map(event.entries.map((e) => [e.id, e.name]));
  const champion = shown.standings.champion;
  const running = shown.matches.filter((m) => m.state === 'called' || m.state === 'ready');
  return h(
    'main',
    { testid: 'event-view', attrs: { 'data-version': String(shown.version) } },
    h('h1', { testid: 'event-name', text: event.spec.name }),
    h('p', {
      class: 'meta',
      text: `${event.spec.venue} · ${event.spec.dates.start}${event.spec.dates.end !== event.spec.dates.start ? ` – ${event.spec.dates.end}` : ''} · ${event.spec.format.kind} · ${event.spec.variant}`,
    }),
    champion === null
      ? null
      : h('p', {
          class: 'champion',
          testid: 'champion',
          text: t('champion', { name: names.get(champion) ?? champion }),
        }),
    event.draw === null
      ? h(
          'div',
          {},
          h('p', { text: t('notDrawn') }),
          h('h2', { text: t('entries') }),
          h(
            'ol',
            { testid: 'entries-public' },
            ...event.entries.map((e) =>
              h('li', { text: `${e.name}${e.checkedIn === true ? ` · ${t('checkedIn')}` : ''}` }),
            ),
          ),
        )
      : null,
    running.length === 0
      ? null
      : h(
          'section',
          { testid: 'running' },
          h('ul', { class: 'running' }, ...running.map((m) => matchLine(m, names))),
        ),
    ...BRACKET_SECTIONS.map(({ title, stages }) => {
      const svg = bracketSvg(shown.matches, stages, names, t, (m) => {
        const running = liveScores.of(m);
        return running === null
          ? null
          : { frames: running.frames, text: `${t('liveNow')} ${liveText(running)}` };
      });
      return svg === null
        ? null
        : h(
            'section',
            { class: 'section', testid: `section-${title}` },
            h('h2', { text: t(title) }),
            h('div', { class: 'scroll' }, svg),
          );
    }),
    groupsPart(shown, names),
    swissPart(shown, names),
    playedOnline(shown, names, t),
    event.draw === null
      ? null
      : h('section', {}, h('h2', { text: t('standings') }), standingsTable(shown, names)),
  );
}

let current: Shown | null = null;
let feed: EventFeed | null = null;

function render(): void {
  const director =
    current !== null && api.session !== null && current.event.spec.directors.includes(api.session.player.id);
  const act = async (action: Record<string, unknown>): Promise<string | null> => {
    const reply = await api.act((current as Shown).id, action);
    if (reply.ok) show(reply.value);
    return reply.ok ? null : reply.message;
  };
  root.replaceChildren(
    header(),
    current !== null && api.session !== null
      ? (playerPanel(current, t, api.session.player.id, act) ?? '')
      : '',
    current === null ? h('p', { text: '…' }) : eventView(current),
    director && current !== null
      ? directorPanel(current, t, current.suggestions, async (action) => {
          const reply = await api.act((current as Shown).id, action);
          if (reply.ok) show(reply.value);
          return reply.ok ? null : reply.message;
        })
      : '',
    director && current !== null && current.event.draw !== null
      ? scoringPanel(current, t, location.origin, {
          make: async (match) => {
            const reply = await api.scoringLink((current as Shown).id, match);
            if (!reply.ok) return reply.message;
            keepLink((current as Shown).id, match, reply.value);
            render();
            return null;
          },
          revoke: async (match) => {
            const reply = await api.revokeScoring((current as Shown).id, match);
            if (!reply.ok) return reply.message;
            keepLink((current as Shown).id, match, null);
            render();
            return null;
          },
        })
      : '',
  );
}

function show(shown: Shown): void {
  if (current !== null && shown.version <= current.version) return;
  current = shown;
  probe.shown = shown;
  probe.updates++;
  feed?.seen(shown);
  // A called match may be scored live already (the page opened mid-match): follow its entries.
  if (shown.matches.some((m) => m.state === 'called' && !liveOfMatch.has(m.id))) void findLive(shown.id);
  render();
}

async function eventPage(id: string): Promise<void> {
  const first = await api.get(id);
  if (!first.ok) {
    root.replaceChildren(header(), h('p', { class: 'error', testid: 'event-error', text: first.message }));
    return;
  }
  show(first.value);
  const token = await api.viewerToken();
  if (token === null) return;
  feed = new EventFeed({
    url: api.online.wsUrl(),
    token,
    eventId: id,
    onEvent: (shown, how) => {
      if (how === 'snapshot') probe.snapshots++;
      else probe.actions++;
      show(shown);
    },
    onLive: showLive,
    onEntries: showEntries,
    onStatus: (status) => {
      probe.status = status;
      const el = document.querySelector('[data-testid="feed-status"]');
      if (el !== null) el.textContent = t(status);
    },
  });
}

/** Without an id: the events, and (signed in) a form to create one. */
async function listPage(): Promise<void> {
  const list = await api.call<{ id: string; name: string }[]>('GET', '/api/events');
  const name = h('input', { testid: 'sign-in-name', attrs: { placeholder: t('yourName') } });
  const signIn = h(
    'div',
    { class: 'row' },
    name,
    button(t('signIn'), {
      testid: 'sign-in',
      onClick: async () => {
        const reply = await api.signIn(name.value.trim());
        if (reply.ok) void listPage();
      },
    }),
  );
  root.replaceChildren(
    header(),
    h(
      'main',
      {},
      h('h1', { text: t('events') }),
      h(
        'ul',
        { testid: 'event-list' },
        ...(list.ok ? list.value : []).map((e) =>
          h(
            'li',
            {},
            h('a', { text: e.name, attrs: { href: `./event.html?id=${encodeURIComponent(e.id)}` } }),
          ),
        ),
      ),
    ),
    api.session === null
      ? signIn
      : createForm(t, async (spec) => {
          const reply = await api.call<Shown>('POST', '/api/events', spec);
          if (!reply.ok) return reply.message;
          location.href = `./event.html?id=${encodeURIComponent(reply.value.id)}`;
          return null;
        }),
  );
}

const id = new URLSearchParams(location.search).get('id');
void (id === null ? listPage() : eventPage(id));
