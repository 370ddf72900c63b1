/**
 * ScorerSync, the scorer's offline-first queue, against a small in-memory stand-in of the server's
 * rules (seq = stored count + 1, a resend acknowledged again, a conflict or a gap answered with the
 * log, one writer by lease): out-of-order and repeated acknowledgements, a lost acknowledgement, a
 * reload and a reconnect, a conflict, a refusal, a takeover.
 */
import { describe, expect, it } from 'vitest';
import {
  type ClientMessage,
  type LiveEntry,
  type LiveHeader,
  type QueueStore,
  reconcile,
  type ScorerQueue,
  ScorerSync,
  type ServerMessage,
  type StoredLiveEntry,
  type SyncEvent,
  sameEntry,
} from '../src/index.js';

const LIVE = 'L'.repeat(22);
const CAP = 'c'.repeat(43);
const HEADER: LiveHeader = {
  variant: 'free',
  tableSize: '12ft',
  settings: {},
  framesToWin: 2,
  players: ['Anna', 'Boris'],
  breaker: 0,
  table: '3',
  event: null,
};

const action = (n: number): LiveEntry => ({
  kind: 'action',
  action: { type: 'foul', player: n % 2, foul: 'slow-play' },
});

/** The server's rules for one live match, in memory; what it sends goes to each device's inbox. */
class FakeServer {
  log: StoredLiveEntry[] = [];
  lease: { device: string; epoch: number } | null = null;
  dropAcks = false;
  revoked = false;
  /** The match has ended: entries are refused as expired, the log is still given on open. */
  finished = false;
  /** Answer the next batch with `server/outcome-unknown` after storing it. */
  outcomeUnknownOnce = false;
  received: ClientMessage[] = [];

  handle(device: string, message: ClientMessage, reply: (m: ServerMessage) => void): void {
    this.received.push(message);
    const state = (writer: boolean): ServerMessage => ({
      type: 'score-state',
      liveId: LIVE,
      header: HEADER,
      entries: this.log,
      seq: this.log.length,
      writer,
      epoch: this.lease?.epoch ?? 0,
      finished: this.finished,
    });
    switch (message.type) {
      case 'score-open':
        if (this.revoked) {
          const ref = message.ref ?? '';
          reply({ type: 'error', code: 'auth/capability-revoked', field: '/capability', message: 'no', ref });
          return;
        }
        if (this.lease === null) this.lease = { device, epoch: 1 };
        reply(state(this.lease.device === device));
        return;
      case 'score-take':
        this.lease = { device, epoch: (this.lease?.epoch ?? 0) + 1 };
        reply(state(true));
        return;
      case 'score-entries': {
        const ref = message.ref ?? '';
        if (this.finished) {
          reply({
            type: 'error',
            code: 'auth/capability-expired',
            field: '/capability',
            message: 'ended',
            ref,
          });
          return;
        }
        if (this.lease?.device !== device || this.lease.epoch !== message.epoch) {
          reply({ type: 'error', code: 'score/not-writer', field: '/epoch', message: 'no', ref });
          return;
        }
        let seq = message.seq;
        for (const [i, entry] of message.entries.entries()) {
          if (seq <= this.log.length) {
            if (!sameEntry((this.log[seq - 1] as StoredLiveEntry).entry, entry)) {
              reply({ type: 'error', code: 'score/conflict', field: `/entries/${i}`, message: 'x', ref });
              reply(state(true));
              return;
            }
          } else if (seq > this.log.length + 1) {
            reply({ type: 'error', code: 'score/gap', field: '/seq', message: 'x', ref });
            reply(state(true));
            return;
          } else if (entry.kind === 'action' && (entry.action as { type: string }).type === 'bad') {
            if (seq > message.seq) reply({ type: 'score-ack', liveId: LIVE, seq: seq - 1 });
            reply({
              type: 'error',
              code: 'score/refused',
              field: `/entries/${i}/action/type`,
              message: 'no such action',
              detail: 'invalid-action',
              ref,
            });
            return;
          } else {
            this.log.push({ seq, entry, by: { id: device, name: device }, at: 0 });
          }
          seq++;
        }
        if (this.outcomeUnknownOnce) {
          this.outcomeUnknownOnce = false;
          reply({ type: 'error', code: 'server/outcome-unknown', field: '', message: 'lost', ref });
          return;
        }
        if (!this.dropAcks) reply({ type: 'score-ack', liveId: LIVE, seq: seq - 1 });
        return;
      }
      default:
        return;
    }
  }

  /** Another device's entry, stored directly. */
  other(entry: LiveEntry): void {
    this.log.push({ seq: this.log.length + 1, entry, by: { id: 'other', name: 'other' }, at: 0 });
  }
}

class MemoryStore implements QueueStore {
  saved: ScorerQueue | null = null;
  saves = 0;
  async load() {
    return this.saved;
  }
  async save(queue: ScorerQueue) {
    this.saves++;
    this.saved = structuredClone(queue) as ScorerQueue;
  }
}

/** A device: its sync, a link to the server that can be cut, and what it was told. */
async function device(server: FakeServer, store = new MemoryStore(), id = 'device-aaaaaaaaaaaa') {
  let connected = false;
  const inbox: ServerMessage[] = [];
  const events: SyncEvent[] = [];
  const sync: ScorerSync = await ScorerSync.open({
    liveId: LIVE,
    capability: CAP,
    device: id,
    store,
    send: (message) => {
      if (!connected) throw new Error('sent while offline');
      server.handle(id, message, (m) => inbox.push(m));
    },
  });
  sync.on((e) => events.push(e));
  /** Delivers what the server sent so far (and what that makes the device send), in order. */
  const deliver = (filter: (m: ServerMessage) => boolean = () => true) => {
    while (inbox.length > 0) {
      const m = inbox.shift() as ServerMessage;
      if (connected && filter(m)) sync.receive(m);
    }
  };
  return {
    sync,
    store,
    events,
    inbox,
    deliver,
    connect() {
      connected = true;
      sync.online();
      deliver();
    },
    disconnect() {
      connected = false;
      inbox.length = 0;
      sync.offline();
    },
  };
}

describe('ScorerSync', () => {
  it('queues entries offline, sends them in order once online, and keeps them until acknowledged', async () => {
    const server = new FakeServer();
    const d = await device(server);
    for (let n = 1; n <= 45; n++) expect(await d.sync.record(action(n))).toBe(n);
    expect(d.sync.status).toBe('offline');
    expect(d.sync.pending).toHaveLength(45);
    d.connect();
    expect(d.sync.status).toBe('writing');
    // 45 entries go as batches of at most 20, in seq order, each acknowledged before the window moves on.
    const batches = server.received.filter((m) => m.type === 'score-entries');
    expect(batches.map((b) => [b.seq, b.entries.length])).toEqual([
      [1, 20],
      [21, 20],
      [41, 5],
    ]);
    expect(server.log.map((e) => e.entry)).toEqual(Array.from({ length: 45 }, (_, i) => action(i + 1)));
    expect(d.sync.pending).toHaveLength(0);
    expect(d.sync.entries()).toEqual(server.log.map((e) => e.entry));
    await d.sync.saved();
    expect(d.store.saved?.stored).toHaveLength(45);
    expect(d.store.saved?.pending).toHaveLength(0);
  });

  it('takes an acknowledgement as covering every entry before it, and ignores older or repeated ones', async () => {
    const server = new FakeServer();
    server.dropAcks = true;
    const d = await device(server);
    d.connect();
    for (let n = 1; n <= 3; n++) await d.sync.record(action(n));
    expect(server.log).toHaveLength(3);
    expect(d.sync.pending).toHaveLength(3);
    // The acknowledgements arrive out of order: 3 first (1 and 2 with it), then a late 1, then 3 again.
    d.sync.receive({ type: 'score-ack', liveId: LIVE, seq: 3 });
    expect(d.sync.pending).toHaveLength(0);
    d.sync.receive({ type: 'score-ack', liveId: LIVE, seq: 1 });
    d.sync.receive({ type: 'score-ack', liveId: LIVE, seq: 3 });
    expect(d.sync.entries()).toEqual([action(1), action(2), action(3)]);
    // Another live match's acknowledgement is not ours.
    d.sync.receive({ type: 'score-ack', liveId: 'M'.repeat(22), seq: 9 });
    expect(d.sync.entries()).toHaveLength(3);
    expect(server.log).toHaveLength(3);
  });

  it('after a lost acknowledgement resends, is acknowledged again, and the server holds each entry once', async () => {
    const server = new FakeServer();
    const d = await device(server);
    d.connect();
    server.outcomeUnknownOnce = true;
    await d.sync.record(action(1));
    d.deliver();
    // The server stored it, said the outcome is unknown; the scorer resent it; the server answered
    // the resend with an acknowledgement and stored nothing twice.
    const sent = server.received.filter((m) => m.type === 'score-entries');
    expect(sent.map((m) => m.seq)).toEqual([1, 1]);
    expect(server.log).toHaveLength(1);
    expect(d.sync.pending).toHaveLength(0);
    expect(d.sync.entries()).toEqual([action(1)]);
  });

  it('after a drop with entries in flight, takes the stored ones from the server and sends only the rest', async () => {
    const server = new FakeServer();
    server.dropAcks = true;
    const d = await device(server);
    d.connect();
    await d.sync.record(action(1));
    await d.sync.record(action(2));
    d.disconnect();
    server.dropAcks = false;
    await d.sync.record(action(3));
    expect(d.sync.pending.map((p) => p.seq)).toEqual([1, 2, 3]);
    const before = server.received.length;
    d.connect();
    const after = server.received.slice(before).filter((m) => m.type === 'score-entries');
    expect(after.map((m) => [m.seq, m.entries.length])).toEqual([[3, 1]]);
    expect(server.log.map((e) => e.entry)).toEqual([action(1), action(2), action(3)]);
    expect(d.sync.pending).toHaveLength(0);
  });

  it('keeps the queue across a reload (a new sync on the same store) and sends it when online', async () => {
    const server = new FakeServer();
    const store = new MemoryStore();
    const first = await device(server, store);
    first.connect();
    await first.sync.record(action(1));
    first.deliver();
    first.disconnect();
    await first.sync.record(action(2));
    await first.sync.record(action(3));
    await first.sync.saved();
    // The page is reloaded while offline: the queue comes back from the store.
    const second = await device(server, store);
    expect(second.sync.entries()).toEqual([action(1), action(2), action(3)]);
    expect(second.sync.pending.map((p) => p.seq)).toEqual([2, 3]);
    second.connect();
    expect(server.log.map((e) => e.entry)).toEqual([action(1), action(2), action(3)]);
    expect(second.sync.pending).toHaveLength(0);
  });

  it("on a conflict takes the server's log and reports the entries dropped", async () => {
    const server = new FakeServer();
    const d = await device(server);
    d.connect();
    await d.sync.record(action(1));
    d.disconnect();
    await d.sync.record(action(2));
    await d.sync.record(action(3));
    // Meanwhile another device wrote seq 2 (it took the lease and gave it back, say).
    server.other({ kind: 'undo' });
    d.connect();
    const dropped = d.events.filter((e) => e.type === 'dropped');
    expect(dropped).toEqual([
      {
        type: 'dropped',
        reason: 'conflict',
        entries: [
          { seq: 2, entry: action(2) },
          { seq: 3, entry: action(3) },
        ],
      },
    ]);
    expect(d.sync.entries()).toEqual([action(1), { kind: 'undo' }]);
    expect(server.log).toHaveLength(2);
  });

  it('answers a conflict found by the server (score/conflict then its log) the same way', async () => {
    const server = new FakeServer();
    const d = await device(server);
    d.connect();
    // The other device's entry lands between the open and the send.
    server.other(action(8));
    await d.sync.record(action(1));
    d.deliver();
    expect(server.received.some((m) => m.type === 'score-entries')).toBe(true);
    expect(d.events.some((e) => e.type === 'dropped' && e.reason === 'conflict')).toBe(true);
    expect(d.sync.entries()).toEqual([action(8)]);
    expect(server.log).toHaveLength(1);
  });

  it('drops queued entries past a gap in what the server holds (its log counts)', () => {
    const stored = [action(1), action(2)];
    expect(
      reconcile(stored, [
        { seq: 2, entry: action(2) },
        { seq: 4, entry: action(4) },
        { seq: 5, entry: action(5) },
      ]),
    ).toEqual({
      kept: [],
      dropped: [
        { seq: 4, entry: action(4) },
        { seq: 5, entry: action(5) },
      ],
    });
    expect(reconcile(stored, [{ seq: 3, entry: action(3) }])).toEqual({
      kept: [{ seq: 3, entry: action(3) }],
      dropped: [],
    });
  });

  it('drops an entry the referee refused and the ones after it, keeping those before', async () => {
    const server = new FakeServer();
    const d = await device(server);
    await d.sync.record(action(1));
    await d.sync.record({ kind: 'action', action: { type: 'bad' } });
    await d.sync.record(action(3));
    d.connect();
    expect(server.log.map((e) => e.entry)).toEqual([action(1)]);
    const dropped = d.events.find((e) => e.type === 'dropped');
    expect(dropped).toMatchObject({ reason: 'refused', entries: [{ seq: 2 }, { seq: 3 }] });
    expect(d.sync.pending).toHaveLength(0);
    // Scoring goes on from the server's log.
    expect(await d.sync.record(action(4))).toBe(2);
    expect(server.log.map((e) => e.entry)).toEqual([action(1), action(4)]);
  });

  it('stops writing when another device takes over, and writes again after taking the lease back', async () => {
    const server = new FakeServer();
    const a = await device(server, new MemoryStore(), 'device-aaaaaaaaaaaa');
    const b = await device(server, new MemoryStore(), 'device-bbbbbbbbbbbb');
    a.connect();
    b.connect();
    expect(a.sync.status).toBe('writing');
    expect(b.sync.status).toBe('watching');
    await a.sync.record(action(1));
    b.sync.take();
    b.deliver();
    expect(b.sync.status).toBe('writing');
    a.sync.receive({ type: 'score-superseded', liveId: LIVE, epoch: 2 });
    expect(a.sync.status).toBe('watching');
    const sentBefore = server.received.length;
    await a.sync.record(action(2));
    expect(server.received.length).toBe(sentBefore);
    await b.sync.record(action(3));
    expect(server.log.map((e) => e.entry)).toEqual([action(1), action(3)]);
    // A takes the lease back: its queued entry contradicts the log and is dropped.
    a.sync.take();
    a.deliver();
    expect(a.sync.status).toBe('writing');
    expect(a.events.some((e) => e.type === 'dropped' && e.entries[0]?.seq === 2)).toBe(true);
    expect(a.sync.entries()).toEqual([action(1), action(3)]);
  });

  it('takes entries a writer on another device stored while it watches (live pushes)', async () => {
    const server = new FakeServer();
    const d = await device(server);
    server.lease = { device: 'someone-else-000', epoch: 1 };
    d.connect();
    expect(d.sync.status).toBe('watching');
    server.other(action(1));
    d.sync.receive({
      type: 'live',
      liveId: LIVE,
      header: HEADER,
      live: {
        source: { kind: 'scorer', table: '3' },
        frames: [0, 0],
        points: [0, 0],
        race: 2,
        atTable: 'a',
        seq: 1,
        lastRuling: null,
        at: 0,
      },
      entries: server.log,
      finished: false,
    });
    expect(d.sync.entries()).toEqual([action(1)]);
  });

  it('after the match ended with an acknowledgement lost, takes the final log and drops only what it lacks', async () => {
    const server = new FakeServer();
    server.dropAcks = true;
    const d = await device(server);
    d.connect();
    await d.sync.record(action(1));
    await d.sync.record(action(2));
    // The server stored both (the second ended the match); the acknowledgements were lost; one more
    // entry was scored meanwhile.
    server.finished = true;
    await d.sync.record(action(3));
    d.sync.receive({
      type: 'error',
      code: 'auth/capability-expired',
      field: '/capability',
      message: 'ended',
      ref: 'live-entries:3',
    });
    d.deliver();
    expect(d.sync.status).toBe('finished');
    expect(d.sync.entries()).toEqual([action(1), action(2)]);
    expect(d.events.filter((e) => e.type === 'dropped')).toEqual([
      { type: 'dropped', reason: 'finished', entries: [{ seq: 3, entry: action(3) }] },
    ]);
  });

  it('undoes offline an action never sent by taking it out of the queue (never sent), across a reload too', async () => {
    const server = new FakeServer();
    const store = new MemoryStore();
    const first = await device(server, store);
    first.connect();
    await first.sync.record(action(1));
    first.deliver();
    expect(first.sync.snapshot.stored).toEqual([action(1)]);
    first.disconnect();
    await first.sync.record(action(2));
    await first.sync.record(action(3));
    expect(first.sync.mayWrite).toBe(true);
    expect(await first.sync.undo()).toBe('withdrawn');
    expect(first.sync.pending).toEqual([{ seq: 2, entry: action(2) }]);
    await first.sync.saved();
    // Reloaded offline: the queue comes back with the undo applied; the next undo withdraws 2 the
    // same way, and the one after it (1 is acknowledged) becomes a correction.
    const second = await device(server, store);
    expect(second.sync.entries()).toEqual([action(1), action(2)]);
    second.sync.offline();
    expect(await second.sync.undo()).toBe('withdrawn');
    expect(await second.sync.undo()).toBe('queued');
    expect(second.sync.pending).toEqual([{ seq: 2, entry: { kind: 'undo' } }]);
    expect(second.sync.entries()).toEqual([action(1), { kind: 'undo' }]);
    // Nothing stands: nothing more to undo.
    expect(await second.sync.undo()).toBeNull();
    await second.sync.record(action(4));
    second.connect();
    expect(server.log.map((e) => e.entry)).toEqual([action(1), { kind: 'undo' }, action(4)]);
    const sent = server.received.flatMap((m) => (m.type === 'score-entries' ? m.entries : []));
    // Every entry ever sent, in order: the withdrawn 2 and 3 never were.
    expect(sent).toEqual([action(1), { kind: 'undo' }, action(4)]);
    expect(second.sync.pending).toHaveLength(0);
  });

  it('undoes an action that was sent but not acknowledged by an undo entry, also after a reload, stored once', async () => {
    const server = new FakeServer();
    server.dropAcks = true;
    const store = new MemoryStore();
    const first = await device(server, store);
    first.connect();
    await first.sync.record(action(1));
    // Stored on the server, the acknowledgement lost, then the connection.
    expect(server.log).toHaveLength(1);
    first.disconnect();
    expect(first.sync.pending).toHaveLength(1);
    await first.sync.saved();
    const second = await device(server, store);
    second.sync.offline();
    expect(second.sync.snapshot.sent).toBe(1);
    expect(await second.sync.undo()).toBe('queued');
    expect(second.sync.entries()).toEqual([action(1), { kind: 'undo' }]);
    server.dropAcks = false;
    second.connect();
    expect(server.log.map((e) => e.entry)).toEqual([action(1), { kind: 'undo' }]);
    expect(second.sync.pending).toHaveLength(0);
    expect(second.sync.entries()).toEqual([action(1), { kind: 'undo' }]);
  });

  it('after a refusal, an entry queued again at the refused seq was never sent: its undo takes it out', async () => {
    const server = new FakeServer();
    const d = await device(server);
    d.connect();
    await d.sync.record({ kind: 'action', action: { type: 'bad' } });
    d.deliver();
    expect(d.events.some((e) => e.type === 'dropped' && e.reason === 'refused')).toBe(true);
    d.disconnect();
    expect(await d.sync.record(action(2))).toBe(1);
    expect(await d.sync.undo()).toBe('withdrawn');
    d.connect();
    expect(server.log).toHaveLength(0);
    expect(d.sync.entries()).toEqual([]);
  });

  it('only the device holding the lease undoes: not while watching, nor offline once told of a takeover, nor after a reload', async () => {
    const server = new FakeServer();
    const storeA = new MemoryStore();
    const a = await device(server, storeA, 'device-aaaaaaaaaaaa');
    const b = await device(server, new MemoryStore(), 'device-bbbbbbbbbbbb');
    a.connect();
    b.connect();
    await a.sync.record(action(1));
    a.deliver();
    expect(a.sync.pending).toHaveLength(0);
    expect(b.sync.status).toBe('watching');
    expect(b.sync.mayWrite).toBe(false);
    expect(await b.sync.undo()).toBeNull();
    b.sync.take();
    b.deliver();
    a.sync.receive({ type: 'score-superseded', liveId: LIVE, epoch: 2 });
    a.disconnect();
    // Offline, but told another device took over: it neither records an undo nor withdraws one.
    expect(a.sync.mayWrite).toBe(false);
    expect(await a.sync.undo()).toBeNull();
    expect(a.sync.entries()).toEqual([action(1)]);
    await a.sync.saved();
    const reloaded = await device(server, storeA, 'device-aaaaaaaaaaaa');
    reloaded.sync.offline();
    expect(reloaded.sync.mayWrite).toBe(false);
    expect(await reloaded.sync.undo()).toBeNull();
    expect(reloaded.sync.pending).toHaveLength(0);
    // The new writer offline may.
    b.disconnect();
    expect(b.sync.mayWrite).toBe(true);
    expect(server.log.map((e) => e.entry)).toEqual([action(1)]);
  });

  it('stops for good on a refused capability and sends nothing', async () => {
    const server = new FakeServer();
    const d = await device(server);
    server.revoked = true;
    await d.sync.record(action(1));
    d.connect();
    expect(d.sync.status).toBe('refused');
    expect(d.events).toContainEqual({
      type: 'error',
      error: expect.objectContaining({ code: 'auth/capability-revoked' }),
    });
    d.disconnect();
    d.connect();
    expect(d.sync.status).toBe('refused');
    expect(server.received.filter((m) => m.type === 'score-entries')).toHaveLength(0);
    expect(server.log).toHaveLength(0);
    // The queue is kept on the device (nothing is lost), but never sent.
    expect(d.sync.pending).toHaveLength(1);
  });
});
