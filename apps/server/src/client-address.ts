/**
 * Who a WebSocket upgrade comes from: the client of limits.ts (`clientOf`), read exactly as fastify
 * reads `request.ip` for HTTP requests (the same `@fastify/proxy-addr`, the same reading of
 * `trustProxy`). Without it a server behind a reverse proxy would name the proxy in every
 * WebSocket security-log line (docs/deploy.md: a client is the address the proxy reports).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { clientOf } from './limits.js';

/** The server's `trustProxy`: false (clients reach it directly), true (trust every hop), or the proxies' addresses/CIDR ranges, comma-separated. */
export type TrustProxy = boolean | string;

/** The client of a raw Node request under `trustProxy`, as limits.ts groups addresses. */
export function clientAddressOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => clientOf(request.socket.remoteAddress);
  // As fastify: `true` trusts every hop; a string is a comma-separated list of addresses and ranges.
  const trusted =
    trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (request) => {
    // The nearest untrusted address on the way back from the socket's peer (fastify's `ip`).
    const chain = proxyAddr.all(request, trusted);
    return clientOf(chain[chain.length - 1]);
  };
}
