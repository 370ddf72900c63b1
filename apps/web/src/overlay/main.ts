/**
 * The stream overlay (overlay.html): a transparent score bug for OBS or any browser source. It
 * follows a live match (`?match=<liveId>`, the server's `live` pushes) or the match of a club event
 * called to a table (`?event=<id>&table=<name>`, the event's `event` and `event-live` pushes: when
 * the director calls the next match to that table the overlay moves to it by itself). It shows
 * the players, the frame's points, the frames, the race, who is at the table and, for a few
 * seconds, the last ruling; it reconnects by itself. Layout from the query (model.ts).
 */
import './overlay.css';
import type { LiveEntry, LiveHeader, MatchLive, StoredLiveEntry } from '@pyramid/online';
import { detectLang, translator } from '../common/lang.js';
import { LiveSocket, type SocketStatus } from '../common/socket.js';
import { EventsApi } from '../events/api.js';
import { h } from '../scorer/dom.js';
import {
  calledMatch,
  type EventForOverlay,
  emptyLive,
  isNewer,
  type OverlayOptions,
  overlayView,
  parseOverlayOptions,
  rulingText,
} from './model.js';
import { OVERLAY_STRINGS } from './words.js';

/** Read by the browser tests (never written by them). */
declare global {
  interface Window {
    __overlay?: { seq: number; status: SocketStatus; updates: number; match: string | null };
  }
}

const root = document.getElementById('overlay') as HTMLElement;
const parsed = parseOverlayOptions(location.search, detectLang(navigator.languages));
const probe = { seq: 0, status: 'connecting' as SocketStatus, updates: 0, match: null as string | null };
window.__overlay = probe;

interface Shown {
  players: readonly [string, string];
  live: MatchLive;
  table: string | null;
}

function start(options: OverlayOptions): void {
  const t = translator(OVERLAY_STRINGS, options.lang);
  document.documentElement.lang = options.lang;
  document.title = t('title');
  root.className = `overlay corner-${options.corner} size-${options.size}`;
  let shown: Shown | null = null;
  let note: string | null = t('waiting');
  let status: SocketStatus = 'connecting';
  /** The seq whose ruling is on screen, and when it goes. */
  let rulingSeq = -1;
  let rulingTimer: ReturnType<typeof setTimeout> | null = null;
  let rulingVisible = false;
  // A table's match: the one called to it now (its id), and the players' names.
  let tableMatch: { match: string; players: readonly [string, string]; race: number } | null = null;

  const render = () => {
    probe.status = status;
    probe.seq = shown?.live.seq ?? 0;
    root.dataset.status = status;
    if (shown === null) {
      root.replaceChildren(h('div', { class: 'bug note', testid: 'overlay-note', text: note ?? '' }));
      return;
    }
    const view = overlayView(shown.players, shown.live, shown.table);
    const side = (p: 0 | 1) =>
      h(
        'div',
        { class: `side${view.atTable === p ? ' at-table' : ''}`, testid: `overlay-side-${p}` },
        h('span', { class: 'turn', text: view.atTable === p ? '▶' : '' }),
        h('span', { class: 'name', testid: `overlay-name-${p}`, text: view.players[p] }),
        h('span', { class: 'frames', testid: `overlay-frames-${p}`, text: String(view.frames[p]) }),
        h('span', { class: 'points', testid: `overlay-points-${p}`, text: String(view.points[p]) }),
      );
    const meta = [t('race', { n: view.race }), view.table === null ? null : t('table', { name: view.table })]
      .filter((s) => s !== null)
      .join(' · ');
    root.replaceChildren(
      h(
        'div',
        { class: 'bug', testid: 'overlay', attrs: { 'data-seq': String(view.seq) } },
        h(
          'div',
          { class: 'head' },
          h('span', { class: 'meta', testid: 'overlay-meta', text: meta }),
          h('span', { class: 'label', text: t('frames') }),
          h('span', { class: 'label', text: t('points') }),
        ),
        side(0),
        side(1),
        status === 'live'
          ? null
          : h('div', { class: 'offline', testid: 'overlay-offline', text: t('offline') }),
      ),
      rulingVisible && view.lastRuling !== null
        ? h('div', { class: 'ruling', testid: 'overlay-ruling', text: view.lastRuling })
        : '',
    );
  };

  const show = (next: Shown) => {
    const samePlayers = shown !== null && shown.players.join('\n') === next.players.join('\n');
    if (shown !== null && !isNewer(shown.live, next.live) && samePlayers) return;
    shown = next;
    probe.updates++;
    // A new ruling shows for `rulingSeconds`; the first state after (re)connecting shows none (it is old news).
    if (next.live.seq !== rulingSeq && next.live.lastRuling !== null && options.rulingSeconds > 0) {
      const fresh = rulingSeq !== -1 || Date.now() - next.live.at < options.rulingSeconds * 1000;
      rulingSeq = next.live.seq;
      if (fresh) {
        rulingVisible = true;
        if (rulingTimer !== null) clearTimeout(rulingTimer);
        rulingTimer = setTimeout(() => {
          rulingVisible = false;
          render();
        }, options.rulingSeconds * 1000);
      }
    } else if (rulingSeq === -1) rulingSeq = next.live.seq;
    render();
  };

  const api = new EventsApi(location.origin);
  const source = options.source;
  // The live match followed (`live-watch`): its entries, replayed here to word the ruling in the
  // overlay's language. A table's is found when a match is called to it (GET /api/events/:id/live).
  let followed: { liveId: string; entries: LiveEntry[]; broken: boolean } | null =
    source.kind === 'live' ? { liveId: source.liveId, entries: [], broken: false } : null;
  const watch = (send: (message: unknown) => void) => {
    if (followed !== null)
      send({ type: 'live-watch', liveId: followed.liveId, after: followed.entries.length });
  };
  /** A `live` push of the followed match: its entries appended in seq order, its ruling in our words. */
  const heard = (header: LiveHeader, live: MatchLive, entries: readonly StoredLiveEntry[]) => {
    if (followed === null) return;
    for (const e of entries) {
      if (e.seq === followed.entries.length + 1) followed.entries.push(e.entry);
      else if (e.seq > followed.entries.length + 1) followed.broken = true;
    }
    const words = followed.broken ? null : rulingText(header, followed.entries, options.lang);
    const players = tableMatch?.players ?? header.players;
    show({ players, live: { ...live, lastRuling: words ?? live.lastRuling }, table: header.table });
  };
  let finding = false;
  const findTableLive = async (eventId: string, match: string) => {
    if (finding) return;
    finding = true;
    const reply = await api
      .call<{ matches: { match: string; liveId: string; finished: boolean }[] }>(
        'GET',
        `/api/events/${encodeURIComponent(eventId)}/live`,
      )
      .finally(() => {
        finding = false;
      });
    if (!reply.ok || tableMatch?.match !== match) return;
    const found = reply.value.matches.find((m) => m.match === match);
    if (found === undefined || followed?.liveId === found.liveId) return;
    if (followed !== null) socket.send({ type: 'live-unwatch', liveId: followed.liveId });
    followed = { liveId: found.liveId, entries: [], broken: false };
    watch((message) => socket.send(message));
  };
  const socket: LiveSocket = new LiveSocket({
    url: api.online.wsUrl(),
    token: () => api.viewerToken(),
    onStatus: (s) => {
      status = s;
      render();
    },
    onWelcome: (send) => {
      if (source.kind === 'table') send({ type: 'event-watch', eventId: source.eventId });
      watch(send);
    },
    onMessage: (message) => {
      if (source.kind === 'live') {
        if (message.type === 'live' && message.liveId === source.liveId) {
          heard(
            message.header as LiveHeader,
            message.live as MatchLive,
            message.entries as readonly StoredLiveEntry[],
          );
        } else if (message.type === 'error') {
          note = t('notFound');
          if (shown === null) render();
        }
        return;
      }
      if (message.type === 'live' && followed !== null && message.liveId === followed.liveId) {
        heard(
          message.header as LiveHeader,
          message.live as MatchLive,
          message.entries as readonly StoredLiveEntry[],
        );
        return;
      }
      if (message.type === 'event' && message.eventId === source.eventId) {
        const called = calledMatch(message.shown as EventForOverlay, source.table);
        probe.match = called?.match ?? null;
        if (called === null) {
          // The match just played stays on screen with its final score until the next is called.
          const last = (message.shown as EventForOverlay).matches.find((m) => m.id === tableMatch?.match);
          if (last?.state === 'finished') return;
          tableMatch = null;
          shown = null;
          note = t('noMatch', { name: source.table });
          render();
          return;
        }
        if (tableMatch?.match !== called.match) {
          // Another match at this table: start from its own score, not the last one's.
          shown = null;
          rulingSeq = -1;
          if (followed !== null) socket.send({ type: 'live-unwatch', liveId: followed.liveId });
          followed = null;
        }
        tableMatch = called;
        if (followed === null) void findTableLive(source.eventId, called.match);
        show({
          players: called.players,
          live: shown?.live ?? emptyLive(called.race, source.table),
          table: source.table,
        });
      } else if (
        message.type === 'event-live' &&
        message.eventId === source.eventId &&
        tableMatch !== null &&
        message.match === tableMatch.match &&
        // The live match, once followed, words the ruling in the overlay's language: it has the say.
        followed === null
      ) {
        show({ players: tableMatch.players, live: message.live as MatchLive, table: source.table });
        // Scored live (its link made after the overlay opened): follow it from now on.
        if ((message.live as MatchLive).source.kind === 'scorer')
          void findTableLive(source.eventId, tableMatch.match);
      } else if (message.type === 'error' && shown === null) {
        note = t('notFound');
        render();
      }
    },
  });
  render();
}

if (parsed.ok) start(parsed.options);
else {
  const t = translator(OVERLAY_STRINGS, detectLang(navigator.languages));
  root.className = 'overlay corner-bottom-left size-m';
  root.replaceChildren(
    h('div', {
      class: 'bug note error',
      testid: 'overlay-error',
      text: t('badQuery', { field: parsed.field, message: parsed.message }),
    }),
  );
}
