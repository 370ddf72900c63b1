/**
 * The events HTTP API and the page's session. The session is the game page's own (the online
 * lobby's sign-in, kept under the same storage key), so a director signed in there is signed in
 * here; a visitor who only follows an event gets a guest session of his own for the WebSocket.
 */
import { OnlineApi, type Session } from '@pyramid/online';
import type { Shown } from './model.js';

/** The online lobby's storage key (apps/web/src/online/session.ts SESSION_KEY). */
export const SESSION_KEY = 'pyramid:online-session';
/** A follower's own guest session, so that following an event does not sign anyone in to play. */
const VIEWER_KEY = 'pyramid:event-viewer';

/** The server's answer to a scoring-link request (paths on its own origin). */
export interface ScoringLinkShown {
  readonly liveId: string;
  readonly capability: string;
  /** `/scorer.html#live=<liveId>&cap=<capability>` */
  readonly scorerUrl: string;
  /** `/overlay.html?live=<liveId>` */
  readonly overlayUrl: string;
  /** `/live.html?match=<liveId>` (absent in a link kept from before the server gave it). */
  readonly pageUrl?: string;
}

const scoringPath = (id: string, match: string) =>
  `/api/events/${encodeURIComponent(id)}/matches/${encodeURIComponent(match)}/scoring`;

export type Reply<T> = { ok: true; value: T } | { ok: false; message: string };

function read(key: string): Session | null {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return null;
    const session = JSON.parse(text) as Session;
    return session.expiresAt > Date.now() ? session : null;
  } catch {
    return null;
  }
}

export class EventsApi {
  readonly online: OnlineApi;
  session: Session | null;

  constructor(readonly baseUrl: string) {
    this.online = new OnlineApi({ baseUrl, fetch: (input, init) => fetch(input, init) });
    this.session = read(SESSION_KEY);
  }

  /** Signs in as a guest (the lobby's sign-in) and keeps the session where the game page finds it. */
  async signIn(name: string): Promise<Reply<Session>> {
    const result = await this.online.guest({ name });
    if (!result.ok) return { ok: false, message: result.error.message };
    this.session = result.value;
    localStorage.setItem(SESSION_KEY, JSON.stringify(result.value));
    return { ok: true, value: result.value };
  }

  /** A token for the WebSocket: the signed-in session's, or a follower's guest session. */
  async viewerToken(): Promise<string | null> {
    if (this.session !== null) return this.session.token;
    const kept = read(VIEWER_KEY);
    if (kept !== null) return kept.token;
    const result = await this.online.guest({ name: 'Зритель' });
    if (!result.ok) return null;
    localStorage.setItem(VIEWER_KEY, JSON.stringify(result.value));
    return result.value.token;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const token = this.session?.token;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // A 204 (a revoke) has no body.
    const data = (response.status === 204 ? {} : await response.json()) as T & {
      code?: string;
      field?: string;
      message?: string;
    };
    if (!response.ok)
      return { ok: false, message: `${data.message ?? response.status} (${data.field ?? ''})` };
    return { ok: true, value: data };
  }

  get(id: string): Promise<Reply<Shown>> {
    return this.call('GET', `/api/events/${encodeURIComponent(id)}`);
  }

  act(id: string, action: Record<string, unknown>): Promise<Reply<Shown>> {
    return this.call('POST', `/api/events/${encodeURIComponent(id)}/actions`, action);
  }

  /** A director's scoring link for one match of his event: a new capability, shown once. */
  scoringLink(id: string, match: string): Promise<Reply<ScoringLinkShown>> {
    return this.call('POST', scoringPath(id, match));
  }

  /** Revokes every scoring link of the match: a phone holding one writes no more. */
  revokeScoring(id: string, match: string): Promise<Reply<unknown>> {
    return this.call('DELETE', scoringPath(id, match));
  }
}
