/**
 * The stream overlay (overlay.html): a transparent score bug for OBS or any browser source. It
 * follows a live match (`?match=<liveId>`, the server's `live` pushes) or the match of a club event
 * called to a table (`?event=<id>&table=<name>`: the event's pushes, applied as they come, so when
 * the director calls the next match to that table the overlay moves to it by itself) — the
 * following is common/live-follow.ts, shared with the live page. It shows
 * the players, the frame's points, the frames, the race, who is at the table and, for a few
 * seconds, the last ruling; it reconnects by itself. Layout from the query (model.ts).
 */
import './overlay.css';
import type { LiveHeader, MatchLive } from '@pyramid/online';
import { detectLang, translator } from '../common/lang.js';
import { type Following, type FollowNote, findLive, LiveFollower } from '../common/live-follow.js';
import { LiveSocket, type SocketStatus } from '../common/socket.js';
import { EventsApi } from '../events/api.js';
import { h } from '../scorer/dom.js';
import { type OverlayOptions, overlayView, parseOverlayOptions, rulingText } from './model.js';
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
  let match: string | null = null;
  new LiveFollower({
    source: options.source,
    open: (socket) => new LiveSocket({ ...socket, url: api.online.wsUrl(), token: () => api.viewerToken() }),
    findLive: (eventId, m) => findLive(api, eventId, m),
    onStatus: (s) => {
      status = s;
      render();
    },
    onChange: (following: Following | null, why: FollowNote | null) => {
      probe.match = following?.match ?? null;
      if (following === null) {
        if (match !== null) rulingSeq = -1;
        match = null;
        shown = null;
        note =
          why === 'no-match' && options.source.kind === 'table'
            ? t('noMatch', { name: options.source.table })
            : why === 'not-found'
              ? t('notFound')
              : t('waiting');
        render();
        return;
      }
      if (following.match !== match) rulingSeq = -1;
      match = following.match;
      // The server words the ruling in English: replayed here in the overlay's language.
      const complete = following.header !== null && following.entries.length === following.live.seq;
      const words = complete
        ? rulingText(following.header as LiveHeader, following.entries, options.lang)
        : null;
      show({
        players: following.players,
        live: { ...following.live, lastRuling: words ?? following.live.lastRuling },
        table: following.table,
      });
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
