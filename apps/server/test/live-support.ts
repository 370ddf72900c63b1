/**
 * Helpers of the live scoring tests: a drawn club event with a match called to a table, signed-in
 * WebSocket clients that record what they receive, and a scorer — `ScorerSync` of @pyramid/online
 * on a real `ws` socket, its queue kept in memory (the browser keeps it in IndexedDB).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MatchView } from '@pyramid/events';
import {
  type LiveEntry,
  PROTOCOL_VERSION,
  type QueueStore,
  type ScorerQueue,
  ScorerSync,
  type ScoringLink,
  type ServerMessage,
} from '@pyramid/online';
import { WebSocket } from 'ws';
import { ROOT, until } from './support.js';

export interface Got {
  readonly type: string;
  readonly [key: string]: unknown;
}

export async function post(url: string, path: string, token: string | null, body: unknown, method = 'POST') {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A Free event of two players (by name, or given with their accounts), race to 1, drawn, its only match called to table "3". */
export async function calledMatch(
  url: string,
  director: string,
  entries: readonly { name: string; account?: string }[] = [{ name: 'Ivanov' }, { name: 'Petrov' }],
): Promise<{ eventId: string; match: MatchView }> {
  const created = await post(url, '/api/events', director, {
    name: 'Live cup',
    dates: { start: '2026-12-05' },
    variant: 'free',
    races: { default: 1 },
    format: { kind: 'single', thirdPlace: false },
    seeding: 'order',
    tables: ['1', '2', '3'],
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const eventId = created.body.id as string;
  const act = async (body: object) => {
    const done = await post(url, `/api/events/${eventId}/actions`, director, body);
    if (done.status !== 200) throw new Error(JSON.stringify(done.body));
    return done.body as { matches: MatchView[] };
  };
  await act({ type: 'add-entries', entries });
  const drawn = await act({ type: 'draw', seed: 1 });
  const ready = drawn.matches.find((m) => m.state === 'ready') as MatchView;
  const called = await act({ type: 'call', match: ready.id, table: '3' });
  return { eventId, match: called.matches.find((m) => m.id === ready.id) as MatchView };
}

export async function scoringLink(
  url: string,
  director: string,
  eventId: string,
  match: string,
): Promise<ScoringLink> {
  const answer = await post(url, `/api/events/${eventId}/matches/${match}/scoring`, director, undefined);
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body as unknown as ScoringLink;
}

/** The actions of a whole Free match (a lag, then 19 shots and decisions: player 0 wins 1:0). */
export function freeMatchActions(): unknown[] {
  const record = JSON.parse(readFileSync(join(ROOT, 'examples', 'records', 'free.json'), 'utf8')) as {
    actions: unknown[];
  };
  return record.actions;
}

export const actionEntry = (action: unknown): LiveEntry => ({ kind: 'action', action });

export interface Socket {
  readonly ws: WebSocket;
  readonly got: Got[];
  send(message: object): void;
  /** Everything the server sent before the answer to a ping has arrived. */
  settled(): Promise<void>;
  of(type: string): Got[];
}

/** A signed-in socket recording everything it receives; `onMessage` sees each message too. */
export async function socket(
  url: string,
  token: string,
  onMessage: (m: ServerMessage) => void = () => {},
): Promise<Socket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const got: Got[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Got;
    got.push(m);
    onMessage(m as unknown as ServerMessage);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const send = (m: object) => ws.send(JSON.stringify(m));
  send({ type: 'hello', protocol: PROTOCOL_VERSION, token });
  await until(() => got.some((m) => m.type === 'welcome'), 10_000, 'welcome');
  return {
    ws,
    got,
    send,
    of: (type) => got.filter((m) => m.type === type),
    async settled() {
      // A ping is answered ahead of the connection's queue, so it proves nothing about the messages
      // before it. A message the server refuses in turn does: its refusal comes after their answers.
      const ref = `settled-${Math.random()}`;
      send({ type: 'live-unwatch', liveId: '', ref });
      await until(() => got.some((m) => m.type === 'error' && m.ref === ref), 10_000, 'the barrier');
    },
  };
}

export class MemoryQueue implements QueueStore {
  saved: ScorerQueue | null = null;
  async load() {
    return this.saved;
  }
  async save(queue: ScorerQueue) {
    this.saved = queue;
  }
}

export interface Scorer {
  readonly sync: ScorerSync;
  socket: Socket | null;
  /** Opens a socket (again) and tells the sync it is online. */
  connect(): Promise<void>;
  /** Cuts the socket (as a phone losing the network would) and tells the sync. */
  disconnect(): void;
}

/** A scoring device: a sync over its queue, connected to `url` when asked. */
export async function scorer(
  url: () => string,
  token: string,
  link: { liveId: string; capability: string },
  device: string,
  queue: QueueStore = new MemoryQueue(),
): Promise<Scorer> {
  let current: Socket | null = null;
  const sync = await ScorerSync.open({
    liveId: link.liveId,
    capability: link.capability,
    device,
    store: queue,
    send: (m) => {
      if (current !== null && current.ws.readyState === WebSocket.OPEN) current.ws.send(JSON.stringify(m));
    },
  });
  const device_: Scorer = {
    sync,
    socket: null,
    async connect() {
      let opened: Socket | null = null;
      opened = await socket(url(), token, (m) => {
        if (opened !== null && current === opened) sync.receive(m);
      });
      current = opened;
      device_.socket = opened;
      opened.ws.on('close', () => {
        if (current === opened) {
          current = null;
          sync.offline();
        }
      });
      sync.online();
    },
    disconnect() {
      const was = current;
      current = null;
      device_.socket = null;
      sync.offline();
      was?.ws.terminate();
    },
  };
  return device_;
}
