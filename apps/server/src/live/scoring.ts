/**
 * Live scoring over the WebSocket (issue 28): `score-open`, `score-take`, `score-entries`,
 * `live-watch`, `live-unwatch` (the protocol is packages/online/src/live.ts).
 */
import {
  type ClientMessage,
  LIVE_CLIENT_MESSAGE_TYPES,
  type LiveClientMessage,
  type OnlineError,
} from '@pyramid/online';

const LIVE_TYPES: ReadonlySet<string> = new Set(LIVE_CLIENT_MESSAGE_TYPES);

export function isLiveMessage(message: ClientMessage): message is LiveClientMessage {
  return LIVE_TYPES.has(message.type);
}

/** What live scoring needs of a connection. */
export interface LiveConnection {
  readonly id: number;
  readonly player: { readonly id: string; readonly name: string };
  send(text: string): void;
}

export interface LiveScoring {
  handle(connection: LiveConnection, message: LiveClientMessage): Promise<OnlineError | null>;
  /** The connection closed. */
  forget(connection: LiveConnection): void;
}
