/**
 * The live page (live.html): a live match to follow on a phone or a screen — `?match=<liveId>` (a
 * friendly match shared live, or an event's match) or `?event=<id>&table=<name>` (a venue table: it
 * follows whichever match the director calls there). It shows the players, the race, the frames,
 * the frame's points, who is at the table, the frame's rulings newest first with the paragraphs
 * they applied, the connection, and links to the stream overlay and, once the match is over, its
 * record. It follows the server's pushes (common/live-follow.ts, shared with the overlay) and
 * reconnects by itself; it needs no sign-in (it follows as a guest).
 */
import './live.css';
import { downloadText, recordFileName } from '../common/files.js';
import { detectLang, translator } from '../common/lang.js';
import { type Following, type FollowNote, findLive, LiveFollower } from '../common/live-follow.js';
import { LiveSocket, type SocketStatus } from '../common/socket.js';
import { EventsApi } from '../events/api.js';
import { type OverlaySource, rulingText } from '../overlay/model.js';
import { button, h } from '../scorer/dom.js';
import {
  corrections,
  type FrameLog,
  type LoggedRuling,
  matchLog,
  overlayPath,
  parseLivePage,
} from './model.js';
import { LIVE_STRINGS } from './words.js';

/** Read by the browser tests (never written by them). */
declare global {
  interface Window {
    __live?: {
      seq: number;
      status: SocketStatus;
      updates: number;
      match: string | null;
      liveId: string | null;
    };
  }
}

const root = document.getElementById('live') as HTMLElement;
const parsed = parseLivePage(location.search, detectLang(navigator.languages));
const probe = {
  seq: 0,
  status: 'connecting' as SocketStatus,
  updates: 0,
  match: null as string | null,
  liveId: null as string | null,
};
window.__live = probe;

if (parsed.ok) start(parsed.source, parsed.lang);
else {
  const t = translator(LIVE_STRINGS, detectLang(navigator.languages));
  root.replaceChildren(
    h(
      'main',
      { class: 'live-page' },
      h('p', {
        class: 'card error',
        testid: 'live-error',
        attrs: { role: 'alert' },
        text: t('badQuery', { field: parsed.field, message: parsed.message }),
      }),
    ),
  );
}

function start(source: OverlaySource, lang: 'ru' | 'en'): void {
  const t = translator(LIVE_STRINGS, lang);
  document.documentElement.lang = lang;
  document.title = source.kind === 'table' ? t('tableTitle', { name: source.table }) : t('title');
  const api = new EventsApi(location.origin);
  let status: SocketStatus = 'connecting';
  let shown: Following | null = null;
  let note: FollowNote | null = 'waiting';

  const statusBar = () =>
    h(
      'header',
      { class: `bar ${status}`, testid: 'live-status', attrs: { 'data-status': status, role: 'status' } },
      h('span', { class: 'dot' }),
      h('span', { class: 'title', text: document.title }),
      h('span', {
        class: 'state',
        text: status === 'live' ? t('live') : status === 'connecting' ? t('connecting') : t('offline'),
      }),
    );

  const links = (f: Following | null) =>
    h(
      'nav',
      { class: 'links' },
      h('a', {
        testid: 'live-overlay-link',
        text: t('overlay'),
        attrs: { href: `.${overlayPath(f?.liveId == null ? source : { kind: 'live', liveId: f.liveId })}` },
      }),
      f?.finished === true && f.liveId !== null
        ? button(t('record'), {
            class: 'small',
            testid: 'live-record',
            onClick: () => void saveRecord(f.liveId as string),
          })
        : null,
    );

  const saveRecord = async (liveId: string) => {
    const reply = await api.call<{ record: { variant: string } }>(
      'GET',
      `/api/live/${encodeURIComponent(liveId)}`,
    );
    if (reply.ok)
      downloadText(recordFileName(reply.value.record.variant), JSON.stringify(reply.value.record, null, 2));
  };

  const rulingItem = (r: LoggedRuling, players: readonly [string, string]) =>
    h(
      'li',
      { class: `ruling ${r.verdict}`, testid: `live-ruling-${r.n}`, attrs: { value: String(r.n) } },
      h('div', {
        class: 'verdict',
        text: r.player === null ? r.view.verdict : `${players[r.player]}: ${r.view.verdict}`,
      }),
      h('div', { class: 'score-line', text: r.view.score }),
      h(
        'ul',
        { class: 'reasons' },
        ...r.view.reasons.map((reason) =>
          h('li', {}, h('span', { class: 'cite', text: reason.cite }), ` ${reason.text}`),
        ),
      ),
    );

  const frameList = (frame: FrameLog, testid: string, players: readonly [string, string]) =>
    h('ol', { class: 'log', testid }, ...frame.rulings.map((r) => rulingItem(r, players)));

  const logSection = (f: Following) => {
    const complete = f.header !== null && f.entries.length === f.live.seq;
    if (!complete) {
      // Not (yet) every entry: the server's words of the last ruling.
      return f.live.lastRuling === null
        ? null
        : h(
            'section',
            { class: 'card', testid: 'live-log' },
            h('h2', { text: t('serverWords') }),
            h('p', { testid: 'live-last-ruling', text: f.live.lastRuling }),
          );
    }
    const header = f.header as NonNullable<Following['header']>;
    const frames = matchLog(header, f.entries, lang) ?? [];
    const current = frames[0];
    const undone = f.entries.at(-1)?.kind === 'undo';
    const fixed = corrections(f.entries);
    return h(
      'section',
      { class: 'card', testid: 'live-log', attrs: { 'data-frame': String(current?.frame ?? 1) } },
      h('h2', { text: t('log', { n: current?.frame ?? 1 }) }),
      undone
        ? h('p', {
            class: 'withdrawn',
            testid: 'live-withdrawn',
            text: rulingText(header, f.entries, lang) ?? t('withdrawn'),
          })
        : null,
      current === undefined
        ? h('p', { class: 'hint', text: t('noRulings') })
        : frameList(current, 'live-frame-log', header.players),
      fixed === 0
        ? null
        : h('p', { class: 'hint', testid: 'live-corrections', text: t('corrections', { n: fixed }) }),
      f.finished && frames.length > 1
        ? h(
            'details',
            { class: 'whole', testid: 'live-whole-match' },
            h('summary', { text: t('wholeMatch') }),
            ...frames
              .slice(1)
              .flatMap((frame) => [
                h('h3', { text: t('frame', { n: frame.frame }) }),
                frameList(frame, `live-frame-${frame.frame}`, header.players),
              ]),
          )
        : null,
    );
  };

  const render = () => {
    probe.status = status;
    probe.seq = shown?.live.seq ?? 0;
    probe.match = shown?.match ?? null;
    probe.liveId = shown?.liveId ?? null;
    root.dataset.status = status;
    if (shown === null) {
      const words =
        note === 'no-match' && source.kind === 'table'
          ? t('noMatch', { name: source.table })
          : note === 'not-found'
            ? t('notFound')
            : t('connecting');
      root.replaceChildren(
        statusBar(),
        h(
          'main',
          { class: 'live-page' },
          h('p', { class: 'card note', testid: 'live-note', text: words }),
          links(null),
        ),
      );
      return;
    }
    const f = shown;
    const { players, live } = f;
    const at = live.atTable === 'a' ? 0 : live.atTable === 'b' ? 1 : null;
    const winner = f.finished
      ? live.frames[0] >= live.race
        ? 0
        : live.frames[1] >= live.race
          ? 1
          : null
      : null;
    const side = (p: 0 | 1) =>
      h(
        'div',
        {
          class: `side${at === p ? ' at-table' : ''}${winner === p ? ' winner' : ''}`,
          testid: `live-side-${p}`,
        },
        h('span', { class: 'turn', text: at === p ? '▶' : '' }),
        h('span', { class: 'name', testid: `live-name-${p}`, text: players[p] }),
        h('span', { class: 'frames', testid: `live-frames-${p}`, text: String(live.frames[p]) }),
        h('span', { class: 'points', testid: `live-points-${p}`, text: String(live.points[p]) }),
      );
    const meta = [
      t('race', { n: live.race }),
      f.table === null || f.table === '' ? null : t('table', { name: f.table }),
    ]
      .filter((s) => s !== null)
      .join(' · ');
    const turn =
      winner !== null
        ? t('finished', { name: players[winner] })
        : at !== null
          ? t('atTable', { name: players[at] })
          : live.seq === 0
            ? t('notStarted')
            : t('betweenFrames');
    root.replaceChildren(
      statusBar(),
      h(
        'main',
        { class: 'live-page', testid: 'live', attrs: { 'data-seq': String(live.seq) } },
        h(
          'section',
          { class: 'card score', testid: 'live-score' },
          h('div', { class: 'meta', testid: 'live-meta', text: meta }),
          h(
            'div',
            { class: 'head' },
            h('span', {}),
            h('span', {}),
            h('span', { class: 'label', text: t('frames') }),
            h('span', { class: 'label', text: t('points') }),
          ),
          side(0),
          side(1),
          h('p', { class: 'turn-line', testid: 'live-turn', text: turn }),
        ),
        logSection(f),
        links(f),
      ),
    );
  };

  new LiveFollower({
    source,
    open: (socket) => new LiveSocket({ ...socket, url: api.online.wsUrl(), token: () => api.viewerToken() }),
    findLive: (eventId, match) => findLive(api, eventId, match),
    onStatus: (s) => {
      status = s;
      render();
    },
    onChange: (following, why) => {
      shown = following;
      note = why;
      probe.updates++;
      render();
    },
  });
  render();
}
