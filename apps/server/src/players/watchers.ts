/**
 * Followers of players' pages over the WebSocket (issue 28): `player-watch` answers with the
 * matches the player plays now (`player-live`), and every news of one of them sends it again.
 *
 * Every process hears every news on one bus topic (PLAYERS_LIVE_TOPIC: a few hundred bytes per
 * stored action, once per process however many follow) and keeps its own index (live-index.ts);
 * a push is then one send per follower of that player on this process, its text made once for
 * the player himself and once for everyone else (his private tables are his alone).
 *
 * Bounds: one player per connection (watching another ends the first watch), MAX_WATCHERS_PER_PLAYER
 * connections per player and process; the watch itself reads the store once (does the player exist).
 */
import type { OnlineError, PlayerLiveServerMessage } from '@pyramid/online';
import type { Bus } from '../bus/bus.js';
import type { Store } from '../store/types.js';
import type { PlayerLiveIndex, PlayerLiveNews } from './live-index.js';

/** The one topic the news of every match in progress travel on, to every process. */
export const PLAYERS_LIVE_TOPIC = 'players-live';

/** Connections of one process that follow one player at most. */
export const MAX_WATCHERS_PER_PLAYER = 5_000;

/** What the watchers need of a connection. */
export interface PlayerWatcher {
  readonly id: number;
  readonly player: { readonly id: string };
  send(text: string): void;
}

export interface PlayerWatchersDeps {
  readonly bus: Bus;
  readonly store: Pick<Store, 'player'>;
  readonly index: PlayerLiveIndex;
  readonly log: (message: string) => void;
}

export class PlayerWatchers {
  /** Connection id → the player it follows. */
  private readonly following = new Map<number, string>();
  /** Player id → his followers on this process. */
  private readonly byPlayer = new Map<string, Map<number, PlayerWatcher>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: PlayerWatchersDeps) {
    this.unsubscribe = deps.bus.subscribe(PLAYERS_LIVE_TOPIC, (payload) => {
      try {
        this.heard(JSON.parse(payload) as PlayerLiveNews);
      } catch (caught) {
        deps.log(`players-live: a news not applied: ${(caught as Error).message}`);
      }
    });
  }

  /** News applied to the index; the followers of each player whose list changed are sent it. */
  heard(news: PlayerLiveNews): void {
    for (const playerId of this.deps.index.apply(news)) this.push(playerId);
  }

  private push(playerId: string): void {
    const followers = this.byPlayer.get(playerId);
    if (followers === undefined) return;
    let own: string | null = null;
    let others: string | null = null;
    for (const connection of followers.values()) {
      if (connection.player.id === playerId) {
        own ??= this.message(playerId, playerId);
        connection.send(own);
      } else {
        others ??= this.message(playerId, null);
        connection.send(others);
      }
    }
  }

  private message(playerId: string, viewer: string | null): string {
    const message: PlayerLiveServerMessage = {
      type: 'player-live',
      playerId,
      matches: this.deps.index.matchesOf(playerId, viewer),
    };
    return JSON.stringify(message);
  }

  /** Followers of `playerId` on this process. */
  watchers(playerId: string): number {
    return this.byPlayer.get(playerId)?.size ?? 0;
  }

  async watch(connection: PlayerWatcher, playerId: string): Promise<OnlineError | null> {
    if (this.following.get(connection.id) !== playerId && this.watchers(playerId) >= MAX_WATCHERS_PER_PLAYER)
      return {
        code: 'player/too-many',
        field: '/playerId',
        message: 'this player’s page has too many followers here',
      };
    if ((await this.deps.store.player(playerId)) === null)
      return { code: 'player/not-found', field: '/playerId', message: 'no such player' };
    // One player at a time: the watch of another ends.
    this.unwatch(connection);
    this.following.set(connection.id, playerId);
    const followers = this.byPlayer.get(playerId) ?? new Map<number, PlayerWatcher>();
    followers.set(connection.id, connection);
    this.byPlayer.set(playerId, followers);
    connection.send(this.message(playerId, connection.player.id));
    return null;
  }

  unwatch(connection: PlayerWatcher): void {
    const playerId = this.following.get(connection.id);
    if (playerId === undefined) return;
    this.following.delete(connection.id);
    const followers = this.byPlayer.get(playerId);
    followers?.delete(connection.id);
    if (followers?.size === 0) this.byPlayer.delete(playerId);
  }

  /** The connection closed. */
  forget(connection: PlayerWatcher): void {
    this.unwatch(connection);
  }

  close(): void {
    this.unsubscribe();
  }
}
