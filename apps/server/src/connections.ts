/**
 * Caps on the sockets the HTTP server holds (issue 23 §3.7), WebSockets included (each starts as an
 * HTTP connection): `total` in all (Node's `server.maxConnections`: a socket past it is closed at
 * once) and `perClient` from one client (its address, IPv6 by /64: limits.ts `clientOf`). A socket
 * past a cap is destroyed before a byte of it is read, so idle sockets of one client can never lock
 * the others out. Behind a reverse proxy every socket comes from the proxy: there the proxy caps
 * clients, and `perClient` is off (server.ts).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { type ConnectionLimits, clientOf } from './limits.js';
import { securityEvent } from './security-log.js';

export function capConnections(
  server: Server,
  limits: ConnectionLimits,
  log: (message: string) => void,
): { readonly open: () => number } {
  server.maxConnections = limits.total;
  const byClient = new Map<string, number>();
  // A refusal is logged once per client until its sockets are all gone (the count is the client's).
  const refusedLogged = new Set<string>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open += 1;
    const client = clientOf(socket.remoteAddress);
    const count = (byClient.get(client) ?? 0) + 1;
    byClient.set(client, count);
    socket.once('close', () => {
      open -= 1;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left <= 0) {
        byClient.delete(client);
        refusedLogged.delete(client);
      } else byClient.set(client, left);
    });
    if (limits.perClient !== null && count > limits.perClient) {
      if (!refusedLogged.has(client)) {
        refusedLogged.add(client);
        securityEvent(log, 'connection-cap', { client, cap: limits.perClient });
      }
      socket.destroy();
    }
  });
  // Past the cap in all Node closes each new socket itself ('drop'): logged once a minute at most.
  let droppedLoggedAt = Number.NEGATIVE_INFINITY;
  server.on('drop', () => {
    const now = Date.now();
    if (now - droppedLoggedAt < 60_000) return;
    droppedLoggedAt = now;
    securityEvent(log, 'connection-cap', { client: 'all', cap: limits.total });
  });
  return { open: () => open };
}
