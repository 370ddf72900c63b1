/**
 * Club events followed live across a cluster (PostgreSQL, Redis, two server processes, real `ws`
 * clients): an action stored through one process reaches a watcher connected to the other,
 * through the bus, once per action.
 */
import { PROTOCOL_VERSION } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { useCluster } from './cluster-support.js';
import { guest, until } from './support.js';

const cluster = useCluster(2);

async function post(base: string, path: string, token: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id: string; version: number } };
}

describe('club events live on a cluster', () => {
  it('pushes an action stored on one process to a watcher on the other', async () => {
    const [a, b] = cluster.servers;
    if (a === undefined || b === undefined) throw new Error('two processes expected');
    const director = (await guest(a.url, 'Director')).session.token;
    const created = await post(a.url, '/api/events', director, {
      name: 'Cluster cup',
      dates: { start: '2026-12-05' },
      variant: 'free',
      races: { default: 2 },
      format: { kind: 'single', thirdPlace: false },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const watcher = (await guest(b.url, 'Watcher')).session.token;
    const ws = new WebSocket(`${b.url.replace(/^http/, 'ws')}/ws`);
    const got: {
      type: string;
      version?: number;
      action?: { type: string; entries?: unknown[] };
      shown?: { version: number; event: { entries: unknown[] } };
    }[] = [];
    ws.on('message', (data) => got.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token: watcher }));
    await until(() => got.some((m) => m.type === 'welcome'), 10_000, 'welcome');
    ws.send(JSON.stringify({ type: 'event-watch', eventId: id }));
    const events = () => got.filter((m) => m.type === 'event');
    await until(() => events().length === 1, 10_000, 'the event');
    expect(events()[0]?.shown?.event.entries).toHaveLength(0);

    const added = await post(a.url, `/api/events/${id}/actions`, director, {
      type: 'add-entries',
      entries: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
    });
    expect(added.status).toBe(200);
    const actions = () => got.filter((m) => m.type === 'event-action');
    await until(() => actions().length === 1, 10_000, 'the push from the other process');
    expect(actions()[0]?.version).toBe(added.body.version);
    expect(actions()[0]?.action?.type).toBe('add-entries');
    expect(actions()[0]?.action?.entries).toHaveLength(3);
    // Once: a ping's answer comes after anything else the bus had for this socket.
    ws.send(JSON.stringify({ type: 'ping', t: 1 }));
    await until(() => got.some((m) => m.type === 'pong'), 10_000, 'pong');
    expect(actions()).toHaveLength(1);
    expect(events()).toHaveLength(1);
    ws.terminate();
  });
});
