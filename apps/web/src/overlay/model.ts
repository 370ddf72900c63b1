/**
 * The stream overlay's model, headless: the options read from the page's query, the match it
 * follows (a live match by id, or the match of a club event called to a named table), and what it
 * shows, derived from the server's `MatchLive` only. The overlay decides nothing: every number on
 * it is one the server's referee produced.
 */
import { type LiveEntry, type LiveHeader, liveRecord, type MatchLive } from '@pyramid/online';
import { namePlayers, replayRecord } from '@pyramid/rules';
import { isLang, type Lang } from '../common/lang.js';

export const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom'] as const;
export type Corner = (typeof CORNERS)[number];

export const SIZES = ['s', 'm', 'l'] as const;
export type Size = (typeof SIZES)[number];

/** What the overlay follows. */
export type OverlaySource =
  | { readonly kind: 'live'; readonly liveId: string }
  | { readonly kind: 'table'; readonly eventId: string; readonly table: string };

export interface OverlayOptions {
  readonly source: OverlaySource;
  readonly corner: Corner;
  readonly size: Size;
  readonly lang: Lang;
  /** How long the last ruling stays on screen after it arrives (seconds; 0 hides rulings). */
  readonly rulingSeconds: number;
}

export type Parsed = { ok: true; options: OverlayOptions } | { ok: false; field: string; message: string };

/** Short forms of the corners, for hand-typed URLs. */
const CORNER_ALIASES: Readonly<Record<string, Corner>> = {
  tl: 'top-left',
  tr: 'top-right',
  bl: 'bottom-left',
  br: 'bottom-right',
};

/** Longest id or table name read from the query (the server's own limits are smaller). */
const MAX_PARAM = 100;

/**
 * Reads `?match=<liveId>` (or `?live=`, the server's overlay link) or `?event=<id>&table=<name>`,
 * and the layout: `corner` (top-left … bottom-right, tl/tr/bl/br, top, bottom; default
 * bottom-left), `size` (s, m, l; default m), `lang` (ru, en; default the browser's), `ruling`
 * (seconds the last ruling stays; default 6). A bad value is refused with its field, so a typo in
 * an OBS source shows on the stream preview rather than a silently different layout.
 */
export function parseOverlayOptions(search: string, fallbackLang: Lang): Parsed {
  const q = new URLSearchParams(search);
  const get = (name: string) => {
    const v = q.get(name);
    return v === null || v === '' ? null : v;
  };
  const tooLong = ['match', 'live', 'event', 'table'].find((name) => (get(name)?.length ?? 0) > MAX_PARAM);
  if (tooLong !== undefined) return { ok: false, field: tooLong, message: `longer than ${MAX_PARAM}` };
  const liveId = get('match') ?? get('live');
  const eventId = get('event');
  const table = get('table');
  let source: OverlaySource;
  if (liveId !== null) {
    if (eventId !== null || table !== null)
      return { ok: false, field: 'match', message: 'give either match or event and table, not both' };
    source = { kind: 'live', liveId };
  } else if (eventId !== null && table !== null) {
    source = { kind: 'table', eventId, table };
  } else if (eventId !== null) {
    return { ok: false, field: 'table', message: 'an event needs the table whose match to show' };
  } else {
    return { ok: false, field: 'match', message: 'give ?match=<live id> or ?event=<id>&table=<name>' };
  }
  const cornerText = get('corner') ?? 'bottom-left';
  const corner = CORNER_ALIASES[cornerText] ?? cornerText;
  if (!(CORNERS as readonly string[]).includes(corner))
    return { ok: false, field: 'corner', message: `one of ${CORNERS.join(', ')}` };
  const size = get('size') ?? 'm';
  if (!(SIZES as readonly string[]).includes(size))
    return { ok: false, field: 'size', message: `one of ${SIZES.join(', ')}` };
  const langText = get('lang');
  if (langText !== null && !isLang(langText)) return { ok: false, field: 'lang', message: 'ru or en' };
  const rulingText = get('ruling') ?? '6';
  const rulingSeconds = Number(rulingText);
  if (!/^\d{1,3}$/.test(rulingText) || rulingSeconds > 600)
    return { ok: false, field: 'ruling', message: 'whole seconds from 0 to 600' };
  return {
    ok: true,
    options: {
      source,
      corner: corner as Corner,
      size: size as Size,
      lang: langText ?? fallbackLang,
      rulingSeconds,
    },
  };
}

/** What the overlay shows now. */
export interface OverlayView {
  readonly players: readonly [string, string];
  readonly points: readonly [number, number];
  readonly frames: readonly [number, number];
  readonly race: number;
  /** The player at the table (0 = a, 1 = b), or null between frames and after the end. */
  readonly atTable: 0 | 1 | null;
  readonly seq: number;
  readonly lastRuling: string | null;
  /** A table's match: the table's name. */
  readonly table: string | null;
}

export function overlayView(
  players: readonly [string, string],
  live: MatchLive,
  table: string | null,
): OverlayView {
  return {
    players,
    points: live.points,
    frames: live.frames,
    race: live.race,
    atTable: live.atTable === 'a' ? 0 : live.atTable === 'b' ? 1 : null,
    seq: live.seq,
    lastRuling: live.lastRuling,
    table,
  };
}

/** The part of an event's view (`event` message) the overlay reads. */
export interface EventForOverlay {
  readonly event: { readonly entries: readonly { readonly id: string; readonly name: string }[] };
  readonly matches: readonly {
    readonly id: string;
    readonly a: string | null;
    readonly b: string | null;
    readonly state: string;
    readonly table: string | null;
    readonly race: number;
  }[];
}

/** The match called to `table` now, with its players' names; null when none is. */
export function calledMatch(
  shown: EventForOverlay,
  table: string,
): { readonly match: string; readonly players: readonly [string, string]; readonly race: number } | null {
  const found = shown.matches.find((m) => m.state === 'called' && m.table === table);
  if (found === undefined) return null;
  const names = new Map(shown.event.entries.map((e) => [e.id, e.name]));
  const name = (slot: string | null) => (slot === null ? '…' : (names.get(slot) ?? slot));
  return { match: found.id, players: [name(found.a), name(found.b)], race: found.race };
}

/** A called match before its first action: nothing scored yet. */
export function emptyLive(race: number, table: string): MatchLive {
  return {
    source: { kind: 'scorer', table },
    frames: [0, 0],
    points: [0, 0],
    race,
    atTable: null,
    seq: 0,
    lastRuling: null,
    at: 0,
  };
}

/**
 * Whether `next` should replace `shown`: a newer seq only (pushes may cross a reconnect's first
 * answer; the highest seq is the server's latest).
 */
export function isNewer(shown: MatchLive | null, next: MatchLive): boolean {
  return shown === null || next.seq > shown.seq;
}

const WITHDRAWN = {
  ru: 'Последнее действие отменено (исправление).',
  en: 'The last action was withdrawn (a correction).',
} as const;

/**
 * The last ruling in the overlay's language: the server's `lastRuling` is in English, so the
 * overlay replays the live match's entries with the same referee (the header and every entry, as
 * `live-watch` gives them) and words its last ruling itself. Null when nothing is ruled yet or the
 * entries do not replay (then the server's words are shown).
 */
export function rulingText(header: LiveHeader, entries: readonly LiveEntry[], lang: Lang): string | null {
  if (entries.at(-1)?.kind === 'undo') return WITHDRAWN[lang];
  const replay = replayRecord(liveRecord(header, entries));
  if (!replay.ok) return null;
  const last = replay.value.steps.at(-1);
  return last === undefined ? null : namePlayers(last.ruling.explanation[lang], header.players);
}
