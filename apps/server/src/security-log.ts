/**
 * Security events in the server's log, one line each (issue 23 §3.9): `security: <event> k=v…`.
 * Logins (made, failed, locked), registrations, sign-outs (and the sockets they closed), and limits
 * reached (rate limits, connection caps, WebSockets dropped). A value is an id,
 * a number or an address, never text a client typed (no name, no password typed in the name field,
 * no control characters written into the log); events a client could repeat at will are logged
 * once per window by their callers (`OnceEach`).
 */
export type SecurityEvent =
  | 'login'
  | 'login-failed'
  | 'login-locked'
  | 'register'
  | 'logout'
  | 'rate-limited'
  | 'connection-cap'
  /** A WebSocket dropped for too many refused messages (hub.ts). */
  | 'socket-abuse'
  /** A WebSocket closed for not saying hello in time. */
  | 'socket-no-hello'
  /** A WebSocket cut for not reading what it was sent (its send buffer passed the bound). */
  | 'socket-slow-reader'
  /** Live WebSockets of signed-out sessions closed. */
  | 'socket-signed-out';

const SAFE = /^[A-Za-z0-9_.:/@+-]{1,80}$/;

export function securityEvent(
  log: (message: string) => void,
  event: SecurityEvent,
  fields: Readonly<Record<string, string | number>>,
): void {
  const parts = Object.entries(fields).map(([key, value]) => {
    const text = String(value);
    return `${key}=${SAFE.test(text) ? text : '?'}`;
  });
  log(`security: ${event}${parts.length === 0 ? '' : ` ${parts.join(' ')}`}`);
}
