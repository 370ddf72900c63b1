/**
 * The live page's model, headless: what it follows (the overlay's query: a live match by id, or a
 * table of a club event), the addresses it links to, and the log of rulings — the live match's
 * entries replayed with the same referee the server ran, grouped by frame, newest first, each
 * ruling in the page's language with the paragraphs it applied. Nothing here decides a ruling.
 */
import { type LiveEntry, type LiveHeader, liveRecord } from '@pyramid/online';
import { replayRecord, type Verdict } from '@pyramid/rules';
import type { Lang } from '../common/lang.js';
import { type OverlaySource, parseOverlayOptions } from '../overlay/model.js';
import { type RulingView, rulingView } from '../scorer/words.js';

export type LivePageParsed =
  | { readonly ok: true; readonly source: OverlaySource; readonly lang: Lang }
  | { readonly ok: false; readonly field: string; readonly message: string };

/**
 * `?match=<liveId>` (or `?live=`) or `?event=<id>&table=<name>`, and `lang` (ru, en; default the
 * browser's): the overlay's own reading, so the two pages take the same addresses.
 */
export function parseLivePage(search: string, fallbackLang: Lang): LivePageParsed {
  const parsed = parseOverlayOptions(search, fallbackLang);
  if (!parsed.ok) return parsed;
  return { ok: true, source: parsed.options.source, lang: parsed.options.lang };
}

/** The page of a live match, and of a table of an event (it follows whatever match is called there). */
export function livePagePath(source: OverlaySource): string {
  return source.kind === 'live'
    ? `/live.html?match=${encodeURIComponent(source.liveId)}`
    : `/live.html?event=${encodeURIComponent(source.eventId)}&table=${encodeURIComponent(source.table)}`;
}

/** The stream overlay of the same source. */
export function overlayPath(source: OverlaySource): string {
  return source.kind === 'live'
    ? `/overlay.html?match=${encodeURIComponent(source.liveId)}`
    : `/overlay.html?event=${encodeURIComponent(source.eventId)}&table=${encodeURIComponent(source.table)}`;
}

/** One ruling of the log. */
export interface LoggedRuling {
  /** Its place among the actions that stand (1 = the first). */
  readonly n: number;
  /** The player who acted (0, 1), or null (a lag, an interference). */
  readonly player: 0 | 1 | null;
  readonly verdict: Verdict;
  /** The verdict, the score after, the paragraphs applied, in the page's language with the names. */
  readonly view: RulingView;
}

export interface FrameLog {
  /** 1-based. */
  readonly frame: number;
  /** Newest first. */
  readonly rulings: readonly LoggedRuling[];
}

/**
 * The rulings of the actions that stand, by frame — the newest frame first, and in each the newest
 * ruling first. Null when the entries do not replay (they always do when they are the server's).
 */
export function matchLog(header: LiveHeader, entries: readonly LiveEntry[], lang: Lang): FrameLog[] | null {
  const replay = replayRecord(liveRecord(header, entries));
  if (!replay.ok) return null;
  const frames: { frame: number; rulings: LoggedRuling[] }[] = [];
  let before = replay.value.initial;
  for (const [i, step] of replay.value.steps.entries()) {
    // A ruling belongs to the frame it was played in: the frame of the state before it.
    const frame = before.frame;
    if (frames.at(-1)?.frame !== frame) frames.push({ frame, rulings: [] });
    (frames.at(-1) as { rulings: LoggedRuling[] }).rulings.unshift({
      n: i + 1,
      player: step.ruling.player,
      verdict: step.ruling.verdict,
      view: rulingView(step.ruling, header.players, lang),
    });
    before = step.state;
  }
  return frames.reverse();
}

/** The log of the frame being played (or, between frames, of the one just ended); null before any. */
export function frameLog(header: LiveHeader, entries: readonly LiveEntry[], lang: Lang): FrameLog | null {
  return matchLog(header, entries, lang)?.[0] ?? null;
}

/** Corrections in the log: the undo entries (each withdrew the action before it). */
export function corrections(entries: readonly LiveEntry[]): number {
  return entries.filter((e) => e.kind === 'undo').length;
}
