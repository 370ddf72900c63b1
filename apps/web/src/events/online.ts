/**
 * Matches of the event played on online tables (issue 27), on the event page: the live score of
 * each match being played (from `event-live`, the highest `seq` kept), "Play" for the match's two
 * players and "Watch" for everybody while it is called to its table, and for a finished match
 * played online its record (download) and its replay (the game page watching the finished table,
 * with every ruling in its log).
 */
import { ONLINE_TABLE } from '@pyramid/events';
import type { MatchLive } from '@pyramid/online';
import { h } from '../scorer/dom.js';
import type { T } from './bracket.js';
import type { Shown } from './model.js';

type Match = Shown['matches'][number];

/** The running scores by match (online or scored at a real table); a push older than the one kept is dropped. */
export class LiveScores {
  private readonly byMatch = new Map<string, MatchLive>();

  /** Keeps `live` when it is newer; whether it changed anything. */
  note(match: string, live: MatchLive): boolean {
    const kept = this.byMatch.get(match);
    if (kept !== undefined && kept.seq >= live.seq && kept.source.kind === live.source.kind) return false;
    this.byMatch.set(match, live);
    return true;
  }

  /** The live score of a match still being played (a finished or uncalled match has none). */
  of(m: Match): MatchLive | null {
    if (m.state !== 'called') return null;
    return this.byMatch.get(m.id) ?? null;
  }
}

/** The online table a called match is played at, or null. */
export function onlineTable(shown: Shown, m: Match): string | null {
  const call = shown.event.calls[m.id];
  return m.state === 'called' && call?.table === ONLINE_TABLE ? (call.tableId ?? null) : null;
}

/** The table a finished match was played at online, or null. */
export function playedTable(m: Match): string | null {
  return m.state === 'finished' ? (m.result?.tableId ?? null) : null;
}

const gameLink = (param: 'table' | 'watch', tableId: string) => `./?${param}=${encodeURIComponent(tableId)}`;

/** "1:0 · 35:12": frames, then the frame's points. */
export function liveText(live: MatchLive): string {
  return `${live.frames[0]}:${live.frames[1]} · ${live.points[0]}:${live.points[1]}`;
}

/** What follows a match's line: its live score, Play / Watch, or its record and replay. */
export function onlineParts(
  shown: Shown,
  m: Match,
  me: string | null,
  live: LiveScores,
  t: T,
): HTMLElement[] {
  const parts: HTMLElement[] = [];
  const running = live.of(m);
  // A match scored from a real table shows its score with its entries (the page's live view).
  if (running !== null && running.source.kind === 'online')
    parts.push(
      h('span', { class: 'live', testid: `live-${m.id}`, text: ` ${t('liveNow')} ${liveText(running)}` }),
    );
  const table = onlineTable(shown, m);
  if (table !== null) {
    const accounts = [m.a, m.b].map((id) => shown.event.entries.find((e) => e.id === id)?.account);
    if (me !== null && accounts.includes(me))
      parts.push(
        h('a', {
          class: 'play',
          testid: `play-${m.id}`,
          text: t('play'),
          attrs: { href: gameLink('table', table) },
        }),
      );
    parts.push(
      h('a', {
        class: 'watch',
        testid: `watch-${m.id}`,
        text: t('watch'),
        attrs: { href: gameLink('watch', table) },
      }),
    );
  }
  const played = playedTable(m);
  if (played !== null) {
    parts.push(
      h('a', {
        class: 'record',
        testid: `record-${m.id}`,
        text: t('record'),
        attrs: { href: `/api/matches/${encodeURIComponent(played)}/record`, download: '' },
      }),
      h('a', {
        class: 'replay',
        testid: `replay-${m.id}`,
        text: t('replay'),
        attrs: { href: gameLink('watch', played) },
      }),
    );
  }
  return parts;
}

/** The finished matches played online, each with its record and replay. */
export function playedOnline(shown: Shown, names: ReadonlyMap<string, string>, t: T): HTMLElement | null {
  const played = shown.matches.filter((m) => playedTable(m) !== null);
  if (played.length === 0) return null;
  return h(
    'section',
    { testid: 'played-online' },
    h('h2', { text: t('playedOnline') }),
    h(
      'ul',
      { class: 'running' },
      ...played.map((m) =>
        h(
          'li',
          { testid: `played-${m.id}` },
          `${m.id}: ${names.get(m.a ?? '') ?? '?'} – ${names.get(m.b ?? '') ?? '?'} ${m.result?.frames.join(':') ?? ''} `,
          ...onlineParts(shown, m, null, new LiveScores(), t),
        ),
      ),
    ),
  );
}
