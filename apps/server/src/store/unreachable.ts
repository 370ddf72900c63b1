/**
 * A store that does not answer (PostgreSQL stopped, restarting or cut off) is not a fault of the
 * server: the client is told the service is unavailable, and whether anything may have changed.
 * A connection never made means the request never reached the database ("nothing changed"); a
 * connection lost while a request was on it means the request may have been carried out (the
 * database may have committed it just before it died), which nobody here can know.
 */

/** Socket errors and SQLSTATEs of a database that cannot be reached at all: nothing was sent. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // cannot_connect_now: the server is starting up or shutting down.
  '57P03',
]);

/** Errors of a connection lost with a request on it (class 08: connection exception; 57P01/57P02: shutdown). */
const LOST = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P04']);

/**
 * What a store failure says about the write it interrupted: `never-sent` (the database was not
 * reached: nothing changed), `maybe-stored` (the connection went down under it), or null (another
 * fault: a bug, a constraint — the write was refused as a whole).
 */
export function unreachable(caught: unknown): 'never-sent' | 'maybe-stored' | null {
  if (!(caught instanceof Error)) return null;
  const code = (caught as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NEVER_SENT.has(code)) return 'never-sent';
    if (LOST.has(code) || code.startsWith('08')) return 'maybe-stored';
  }
  // node-postgres: a pool that could not connect in time, a socket closed under a query.
  if (/timeout exceeded when trying to connect/i.test(caught.message)) return 'never-sent';
  if (/Connection terminated/i.test(caught.message)) return 'maybe-stored';
  // An AggregateError (several addresses tried) of refused connections.
  if (caught instanceof AggregateError && caught.errors.every((e) => unreachable(e) === 'never-sent'))
    return 'never-sent';
  return null;
}
