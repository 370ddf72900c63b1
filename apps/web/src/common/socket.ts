/**
 * A WebSocket to the server that stays open by itself: `hello` with the session token, then the
 * caller's subscriptions (sent again after every reconnect, so a watcher never has to reload), and
 * every message after that to the caller. A dropped socket is opened again after a growing pause
 * (500 ms doubling to 5 s): a stream overlay or a scorer on a club's Wi-Fi rides out a dropout.
 */
import { PROTOCOL_VERSION, type WebSocketFactory, type WebSocketLike } from '@pyramid/online';

export type SocketStatus = 'connecting' | 'live' | 'closed';

export interface SocketOptions {
  readonly url: string;
  readonly token: () => Promise<string | null>;
  /** Called once the server has welcomed us, after every (re)connect: send the subscriptions here. */
  readonly onWelcome: (send: (message: unknown) => void) => void;
  readonly onMessage: (message: { readonly type: string } & Record<string, unknown>) => void;
  readonly onStatus?: (status: SocketStatus) => void;
  /** The WebSocket to open (default the browser's; a unit test passes a stand-in). */
  readonly WebSocket?: WebSocketFactory;
}

/** `WebSocket.OPEN`, for any implementation of the interface. */
const OPEN = 1;

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;

export class LiveSocket {
  private ws: WebSocketLike | null = null;
  private delay = FIRST_DELAY_MS;
  private stopped = false;
  private welcomed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: SocketOptions) {
    void this.open();
  }

  /** Whether the server has welcomed this connection (messages sent now reach it). */
  get live(): boolean {
    return this.welcomed && this.ws?.readyState === OPEN;
  }

  /** Sends when connected; returns false (nothing sent) otherwise. */
  send(message: unknown): boolean {
    if (!this.live || this.ws === null) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Closes this socket and opens a new one at once (the browser says the network is back). */
  reconnect(): void {
    if (this.stopped) return;
    this.delay = FIRST_DELAY_MS;
    const old = this.ws;
    this.ws = null;
    if (old !== null) {
      old.onclose = null;
      old.close();
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    void this.open();
  }

  private async open(): Promise<void> {
    const { url, onWelcome, onMessage, onStatus } = this.options;
    this.welcomed = false;
    onStatus?.('connecting');
    // The browser knows it has no network: no futile connection (the `online` event brings a reconnect).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.retry();
      return;
    }
    const token = await this.options.token().catch(() => null);
    if (this.stopped) return;
    if (token === null) {
      this.retry();
      return;
    }
    const Socket = this.options.WebSocket ?? (WebSocket as unknown as WebSocketFactory);
    const ws = new Socket(url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
    ws.onmessage = (event) => {
      let data: { type: string } & Record<string, unknown>;
      try {
        data = JSON.parse(String(event.data)) as typeof data;
      } catch {
        return;
      }
      if (data.type === 'welcome') {
        this.welcomed = true;
        this.delay = FIRST_DELAY_MS;
        onStatus?.('live');
        onWelcome((message) => ws.send(JSON.stringify(message)));
        return;
      }
      onMessage(data);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.welcomed = false;
      this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    this.options.onStatus?.('closed');
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.open();
    }, this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
  }

  close(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }
}
