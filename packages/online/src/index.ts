/**
 * @pyramid/online: the online protocol of pyramid — typed messages both ways, their JSON Schemas,
 * the HTTP API and `OnlineClient`, the one client library the browser app, the tests and the load
 * benchmark share. Environment-neutral: give it `fetch` and a WebSocket constructor.
 *
 * @example
 * import { OnlineApi, OnlineClient } from '@pyramid/online';
 * const api = new OnlineApi({ baseUrl: 'http://127.0.0.1:8080', fetch });
 * const session = await api.guest({ name: 'Anna' });
 * if (session.ok) {
 *   const client = new OnlineClient({ url: api.wsUrl(), token: session.value.token, WebSocket });
 *   await client.connect();
 *   const table = await api.createTable({ variant: 'free' });
 *   if (table.ok) await client.join(table.value.table.id, 'player');
 * }
 */
export * from './api.js';
export * from './client.js';
export * from './live.js';
export * from './live-schema.js';
export * from './player-live.js';
export * from './protocol.js';
export * from './schema.js';
export * from './scorer-sync.js';
export * from './text.js';
