/**
 * The live feed of your player page: its own WebSocket (the lobby holds no table connection),
 * `hello` with the session token, then `player-watch` for you, answered by `player-live` now and
 * after each action stored in one of your matches. A dropped socket is opened again, and the watch
 * sent again, after a growing pause.
 */
import {
  type PlayerLiveMatch,
  PROTOCOL_VERSION,
  type WebSocketFactory,
  type WebSocketLike,
} from '@pyramid/online';

export interface PlayerFeedOptions {
  readonly url: string;
  readonly token: string;
  readonly playerId: string;
  readonly WebSocket: WebSocketFactory;
  readonly onLive: (matches: readonly PlayerLiveMatch[]) => void;
}

export class PlayerFeed {
  private ws: WebSocketLike | null = null;
  private delay = 500;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: PlayerFeedOptions) {
    this.open();
  }

  get playerId(): string {
    return this.options.playerId;
  }

  private open(): void {
    const { url, token, playerId } = this.options;
    const ws = new this.options.WebSocket(url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as {
        type: string;
        playerId?: string;
        matches?: PlayerLiveMatch[];
      };
      if (data.type === 'welcome') ws.send(JSON.stringify({ type: 'player-watch', playerId }));
      else if (data.type === 'player-live' && data.playerId === playerId && data.matches !== undefined) {
        this.delay = 500;
        this.options.onLive(data.matches);
      }
    };
    ws.onerror = () => {};
    ws.onclose = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10_000);
    };
  }

  close(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.ws?.close();
  }
}
