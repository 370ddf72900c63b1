/**
 * Your player page, live (issue 28): what the server's `player-live` says of the matches you play
 * now, turned into the page's own terms — from your side (your frames and points first, the
 * opponent's name, whether you are at the table), where it is played and where to watch it — and
 * whether a match the page showed has ended (then the page reads its history again, which has it).
 */
import type { PlayerLiveMatch } from '@pyramid/online';

export interface LiveMatchView {
  readonly key: string;
  readonly opponent: string;
  /** Yours first. */
  readonly frames: readonly [number, number];
  readonly points: readonly [number, number];
  readonly race: number;
  readonly atTable: 'me' | 'opponent' | null;
  /** An online table, or the name of the real table it is scored at (null: not named). */
  readonly place: { readonly kind: 'online' } | { readonly kind: 'table'; readonly name: string | null };
  readonly event: { readonly name: string; readonly url: string } | null;
  readonly watchUrl: string;
  readonly seq: number;
}

/** One match from `me`'s side (side 0 when he is neither: a page followed for someone else). */
export function liveView(match: PlayerLiveMatch, me: string): LiveMatchView {
  const mine = match.players[1]?.id === me ? 1 : 0;
  const other = 1 - mine;
  const pair = (p: readonly [number, number]): [number, number] => [p[mine] ?? 0, p[other] ?? 0];
  return {
    key: match.key,
    opponent: match.players[other]?.name ?? '',
    frames: pair(match.frames),
    points: pair(match.points),
    race: match.race,
    atTable: match.atTable === null ? null : match.atTable === mine ? 'me' : 'opponent',
    place: match.source.kind === 'online' ? { kind: 'online' } : { kind: 'table', name: match.source.table },
    event:
      match.event === null || match.eventUrl === null
        ? null
        : { name: match.event.name, url: match.eventUrl },
    watchUrl: match.watchUrl,
    seq: match.seq,
  };
}

/** The matches of the page as the pushes come; `ended` when one the page showed is gone. */
export class PlayerLive {
  private shown = new Set<string>();

  receive(matches: readonly PlayerLiveMatch[], me: string): { views: LiveMatchView[]; ended: boolean } {
    const now = new Set(matches.map((m) => m.key));
    const ended = [...this.shown].some((key) => !now.has(key));
    this.shown = now;
    return { views: matches.map((m) => liveView(m, me)), ended };
  }

  /** The page was closed: the next push starts afresh. */
  reset(): void {
    this.shown = new Set();
  }
}
