/**
 * Which players are playing right now, in memory (issue 28, the players' pages): match key
 * (`table:<id>`, `live:<id>`) → the match as a page shows it, and player (account id) → the keys
 * of his matches. Fed only by news — one per stored action, published on the bus by the process
 * that stored it (players/sources.ts) and heard by every process — and, when a process starts, by
 * the news rebuilt from the stores. Nothing here reads the database.
 *
 * News of one match may come out of order (a table moved to another process, a rebuild racing a
 * push): the highest `seq` is kept, and a match that ended stays ended (the keys that ended lately
 * are remembered, a bounded number of them).
 */
import { MAX_PLAYER_LIVE_MATCHES, type PlayerLiveMatch } from '@pyramid/online';

/** What a stored action says of a match: its players' accounts and the match now (null: it ended). */
export interface PlayerLiveNews {
  readonly key: string;
  /** The accounts playing it (each sees it on his page). */
  readonly accounts: readonly string[];
  /** Shown to anyone (a public table, a public event); else only to its players themselves. */
  readonly public: boolean;
  readonly seq: number;
  readonly match: PlayerLiveMatch | null;
}

interface Held {
  readonly accounts: readonly string[];
  readonly public: boolean;
  readonly match: PlayerLiveMatch;
}

/** Ended matches remembered, so that a late push of one does not bring it back. */
const ENDED_KEPT = 4_096;

export class PlayerLiveIndex {
  private readonly byKey = new Map<string, Held>();
  private readonly byPlayer = new Map<string, Set<string>>();
  private readonly ended = new Set<string>();
  /** Event id → the matches of it held (their keys and the event's match ids). */
  private readonly byEvent = new Map<string, Map<string, string>>();

  /** Applies news; returns the accounts whose list changed (none for stale news). */
  apply(news: PlayerLiveNews): readonly string[] {
    if (this.ended.has(news.key)) return [];
    const held = this.byKey.get(news.key);
    if (held !== undefined && news.match !== null && news.match.seq < held.match.seq) return [];
    const before = held?.accounts ?? [];
    if (news.match === null) {
      if (held !== undefined) this.drop(news.key, held.accounts);
      this.ended.add(news.key);
      if (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.values().next().value as string);
      return before;
    }
    if (held !== undefined) this.drop(news.key, held.accounts);
    this.byKey.set(news.key, { accounts: news.accounts, public: news.public, match: news.match });
    const event = news.match.event;
    if (event !== null) {
      const matches = this.byEvent.get(event.eventId) ?? new Map<string, string>();
      matches.set(news.key, event.match);
      this.byEvent.set(event.eventId, matches);
    }
    for (const account of news.accounts) {
      const keys = this.byPlayer.get(account) ?? new Set<string>();
      keys.add(news.key);
      this.byPlayer.set(account, keys);
    }
    return [...new Set([...before, ...news.accounts])];
  }

  private drop(key: string, accounts: readonly string[]): void {
    const event = this.byKey.get(key)?.match.event;
    if (event != null) {
      const matches = this.byEvent.get(event.eventId);
      matches?.delete(key);
      if (matches?.size === 0) this.byEvent.delete(event.eventId);
    }
    this.byKey.delete(key);
    for (const account of accounts) {
      const keys = this.byPlayer.get(account);
      keys?.delete(key);
      if (keys?.size === 0) this.byPlayer.delete(account);
    }
  }

  /**
   * The matches `playerId` plays now as `viewer` may see them (his private tables only to himself),
   * the latest first, at most MAX_PLAYER_LIVE_MATCHES.
   */
  matchesOf(playerId: string, viewer: string | null): PlayerLiveMatch[] {
    const out: PlayerLiveMatch[] = [];
    for (const key of this.byPlayer.get(playerId) ?? []) {
      const held = this.byKey.get(key);
      if (held !== undefined && (held.public || viewer === playerId)) out.push(held.match);
    }
    out.sort((a, b) => b.at - a.at || (a.key < b.key ? -1 : 1));
    return out.slice(0, MAX_PLAYER_LIVE_MATCHES);
  }

  /** The matches of an event held now: key → the event's match id. */
  ofEvent(eventId: string): ReadonlyMap<string, string> {
    return this.byEvent.get(eventId) ?? new Map();
  }

  /** Matches held (for the tests and the diagnostics). */
  get size(): number {
    return this.byKey.size;
  }
}
