/**
 * The live feed of a player page: its own WebSocket (the lobby holds no table connection), kept
 * open by the app's reconnecting socket (common/socket.ts), with `player-watch` for the page's
 * player after every welcome, answered by `player-live` now and after each action stored in one of
 * his matches.
 */
import type { PlayerLiveMatch, WebSocketFactory } from '@pyramid/online';
import { LiveSocket } from '../common/socket.js';

export interface PlayerFeedOptions {
  readonly url: string;
  readonly token: string;
  readonly playerId: string;
  readonly WebSocket: WebSocketFactory;
  readonly onLive: (matches: readonly PlayerLiveMatch[]) => void;
}

export class PlayerFeed {
  private readonly socket: LiveSocket;

  constructor(private readonly options: PlayerFeedOptions) {
    const { url, token, playerId, WebSocket, onLive } = options;
    this.socket = new LiveSocket({
      url,
      WebSocket,
      token: async () => token,
      onWelcome: (send) => send({ type: 'player-watch', playerId }),
      onMessage: (message) => {
        if (message.type === 'player-live' && message.playerId === playerId && Array.isArray(message.matches))
          onLive(message.matches as PlayerLiveMatch[]);
      },
    });
  }

  get playerId(): string {
    return this.options.playerId;
  }

  close(): void {
    this.socket.close();
  }
}
