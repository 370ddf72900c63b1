/**
 * The live feed of one club event: the server's WebSocket, `hello` with the session token, then
 * `event-watch`. Every `event` message is the event as stored; the highest `version` wins, so a
 * push that crosses the first answer changes nothing. A dropped socket is opened again, and the
 * watch sent again, after a growing pause.
 */
import { type MatchLive, PROTOCOL_VERSION } from '@pyramid/online';
import type { Shown } from './model.js';

export interface FeedOptions {
  readonly url: string;
  readonly token: string;
  readonly eventId: string;
  readonly onEvent: (shown: Shown) => void;
  /** `event-live`: the running score of a match played now (online.ts). */
  readonly onLive?: (match: string, live: MatchLive) => void;
  readonly onStatus: (status: 'connecting' | 'live' | 'closed', message?: string) => void;
}

export class EventFeed {
  private ws: WebSocket | null = null;
  private version = 0;
  private delay = 500;
  private stopped = false;

  constructor(private readonly options: FeedOptions) {
    this.open();
  }

  private open(): void {
    const { url, token, eventId, onEvent, onStatus } = this.options;
    onStatus('connecting');
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as {
        type: string;
        shown?: Shown;
        eventId?: string;
        message?: string;
        match?: string;
        live?: MatchLive;
      };
      if (data.type === 'welcome') ws.send(JSON.stringify({ type: 'event-watch', eventId }));
      else if (data.type === 'event' && data.eventId === eventId && data.shown !== undefined) {
        this.delay = 500;
        onStatus('live');
        if (data.shown.version <= this.version) return;
        this.version = data.shown.version;
        onEvent(data.shown);
      } else if (data.type === 'event-live' && data.eventId === eventId && data.live !== undefined)
        this.options.onLive?.(data.match ?? '', data.live);
      else if (data.type === 'error') onStatus('closed', data.message);
    };
    ws.onclose = () => {
      if (this.stopped) return;
      onStatus('closed');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10_000);
    };
  }

  /** A newer state came another way (the answer to a director's action). */
  seen(version: number): void {
    this.version = Math.max(this.version, version);
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
