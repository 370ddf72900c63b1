/**
 * The store's cases, run the same on both implementations: the embedded SQLite file and a real
 * PostgreSQL server started on loopback for this file (each case on a database of its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store, StoredTable } from '../src/store/types.js';
import { type LocalPostgres, startPostgres } from '../test-support/services.js';
import { freshDatabase, removeTempDirs, tempDir } from './support.js';

interface Kind {
  readonly name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A fresh, empty place to keep a store (a folder, a database). */
  place(): Promise<string>;
  open(place: string): Promise<Store & { migrate(): number[] | Promise<number[]> }>;
  /** Runs SQL on a store behind its back (to make rows as an older version left them). */
  raw(store: Store, sql: string): Promise<void>;
}

let postgres: LocalPostgres | null = null;
let databases = 0;

const kinds: Kind[] = [
  {
    name: 'SQLite',
    async setUp() {},
    async tearDown() {
      removeTempDirs();
    },
    async place() {
      return tempDir();
    },
    async open(place) {
      return new SqliteStore(place);
    },
    async raw(store, sql) {
      (store as SqliteStore).db.exec(sql);
    },
  },
  {
    name: 'PostgreSQL',
    async setUp() {
      postgres = await startPostgres();
    },
    async tearDown() {
      await postgres?.stop();
    },
    async place() {
      return freshDatabase(postgres as LocalPostgres, `case${++databases}`);
    },
    async open(place) {
      return PostgresStore.open(place, { poolSize: 4 });
    },
    async raw(store, sql) {
      await (store as PostgresStore).pool.query(sql);
    },
  },
];

const table = (id: string, over: Partial<StoredTable> = {}): StoredTable => ({
  id,
  options: { variant: 'free', tableSize: 12, rated: false },
  start: { from: 'rack', breaker: 0 },
  status: 'waiting',
  seats: ['p1', null],
  seq: 0,
  lagWinner: null,
  clock: null,
  winner: null,
  framesWon: [0, 0],
  scores: [0, 0],
  createdAt: 1000,
  updatedAt: 1000,
  ...over,
});

const player = (id: string, name: string, at = 1) => ({ id, name, passwordHash: null, createdAt: at });
/** Every rating on the leaderboard, however new. */
const ANY_RATING = { minGames: 0, minOpponents: 0 };
const rating = (r: number, games: number) => ({ rating: r, rd: 200.5, volatility: 0.06, games });

describe.each(kinds)('the store on $name', (kind) => {
  const open: Store[] = [];
  let store: Store & { migrate(): number[] | Promise<number[]> };
  let place: string;

  beforeAll(async () => {
    await kind.setUp();
  }, 30_000);
  afterAll(async () => {
    for (const s of open.splice(0)) await s.close();
    await kind.tearDown();
  });

  async function fresh(): Promise<void> {
    place = await kind.place();
    store = await kind.open(place);
    open.push(store);
    await store.createPlayer(player('p1', 'Anna'));
    await store.createPlayer(player('p2', 'Boris', 2));
  }

  it('applies its migrations at open, once: opening again applies none and keeps the data', async () => {
    await fresh();
    await store.createTable(table('t1'));
    expect(await store.migrate()).toEqual([]);
    const again = await kind.open(place);
    open.push(again);
    expect(await again.migrate()).toEqual([]);
    expect((await again.table('t1'))?.id).toBe('t1');
    expect((await again.player('p2'))?.name).toBe('Boris');
  });

  it('keeps players and accounts; an account name is unique whatever its case', async () => {
    await fresh();
    expect(await store.player('nobody')).toBeNull();
    expect((await store.players(['p2', 'p1', 'p2', 'nobody'])).map((p) => p.id)).toEqual(['p2', 'p1']);
    expect(await store.accountByName('anna')).toBeNull();
    expect(await store.makeAccount('p1', 'Anna', 'scrypt$hash')).toBe(true);
    expect(await store.accountByName('ANNA')).toEqual({
      id: 'p1',
      name: 'Anna',
      passwordHash: 'scrypt$hash',
      createdAt: 1,
    });
    expect(await store.makeAccount('p2', 'aNNa', 'scrypt$other')).toBe(false);
    expect((await store.player('p2'))?.passwordHash).toBeNull();
    expect(await store.makeAccount('nobody', 'Vera', 'x')).toBe(false);
  });

  it('compares account names by their look: a Cyrillic, fullwidth or upper-case twin is the same account', async () => {
    await fresh();
    expect(await store.makeAccount('p1', 'Anna', 'scrypt$a')).toBe(true);
    for (const twin of ['Аnna' /* Cyrillic А */, 'ＡＮＮＡ', 'ANNA']) {
      expect((await store.accountByName(twin))?.id).toBe('p1');
      expect(await store.makeAccount('p2', twin, 'scrypt$b')).toBe(false);
    }
    // I, l and 1 look alike; so do m and rn.
    expect(await store.makeAccount('p2', 'Ivan', 'scrypt$b')).toBe(true);
    await store.createPlayer(player('p3', 'x'));
    expect(await store.makeAccount('p3', 'lvan', 'scrypt$c')).toBe(false);
    expect((await store.accountByName('1van'))?.id).toBe('p2');
    expect(await store.makeAccount('p3', 'Mila', 'scrypt$c')).toBe(true);
    expect((await store.accountByName('rnila'))?.id).toBe('p3');
    expect(await store.accountByName('Vera')).toBeNull();
  });

  it('gives accounts made before skeletons their skeleton at open; look-alike old accounts still log in', async () => {
    await fresh();
    // Two accounts as the store before its security migration kept them: no skeleton, look-alike names.
    await kind.raw(
      store,
      `INSERT INTO players (id, name, name_key, password_hash, created_at) VALUES
         ('old1', 'Olga', 'olga', 'scrypt$1', 5), ('old2', 'О1ga', 'о1ga', 'scrypt$2', 6)`,
    );
    const again = await kind.open(place);
    open.push(again);
    expect((await again.accountByName('olga'))?.id).toBe('old1');
    // The younger twin keeps its name and its login by its exact name…
    expect((await again.accountByName('о1ga'))?.id).toBe('old2');
    // …and nobody can register a third look-alike (Cyrillic О): the older one holds the skeleton.
    await again.createPlayer(player('p9', 'x'));
    expect(await again.makeAccount('p9', 'Оlga', 'scrypt$9')).toBe(false);
    expect(await again.makeAccount('p9', 'Olya', 'scrypt$9')).toBe(true);
  });

  it('keeps sessions: extended while live, revoked one by one or all at once, pruned once expired', async () => {
    await fresh();
    const s = (id: string, playerId: string, expiresAt: number) => ({
      id,
      playerId,
      createdAt: 10,
      expiresAt,
      revokedAt: null,
    });
    await store.createSession(s('s1', 'p1', 100));
    await store.createSession(s('s2', 'p1', 100));
    await store.createSession(s('s3', 'p2', 100));
    expect(await store.session('s1')).toEqual(s('s1', 'p1', 100));
    expect(await store.session('nope')).toBeNull();
    expect(await store.extendSession('s1', 200)).toBe(true);
    expect(await store.extendSession('s1', 150)).toBe(true);
    expect((await store.session('s1'))?.expiresAt).toBe(200);
    expect(await store.revokeSession('s1', 50)).toBe(true);
    expect(await store.revokeSession('s1', 51)).toBe(false);
    expect(await store.extendSession('s1', 300)).toBe(false);
    expect((await store.session('s1'))?.revokedAt).toBe(50);
    expect(await store.revokeSessions('p1', 60)).toBe(1);
    expect(await store.revokedSessions(0, 0)).toEqual([
      { id: 's1', expiresAt: 200 },
      { id: 's2', expiresAt: 100 },
    ]);
    expect(await store.revokedSessions(55, 0)).toEqual([{ id: 's2', expiresAt: 100 }]);
    expect(await store.revokedSessions(0, 150)).toEqual([{ id: 's1', expiresAt: 200 }]);
    expect(await store.pruneSessions(150)).toBe(2);
    expect((await store.session('s1'))?.id).toBe('s1');
    expect(await store.session('s3')).toBeNull();
  });

  it("lists a player's private tables only to the players sitting at them; counts his waiting tables", async () => {
    await fresh();
    await store.createPlayer(player('p3', 'Cara', 3));
    const secret = { variant: 'free', tableSize: '12ft', rated: false, public: false };
    await store.createTable(table('open', { seats: ['p1', 'p2'], updatedAt: 3 }));
    await store.createTable(table('hidden', { options: secret, seats: ['p1', 'p2'], updatedAt: 2 }));
    await store.createTable(table('mine', { options: secret, seats: ['p1', null], updatedAt: 1 }));
    const ids = async (viewer: string | null | undefined) =>
      (await store.tablesOfPlayer('p1', 10, viewer === undefined ? undefined : { viewer })).map((t) => t.id);
    expect(await ids(undefined)).toEqual(['open', 'hidden', 'mine']);
    expect(await ids(null)).toEqual(['open']);
    expect(await ids('p3')).toEqual(['open']);
    expect(await ids('p2')).toEqual(['open', 'hidden']);
    expect(await ids('p1')).toEqual(['open', 'hidden', 'mine']);
    expect(await store.countWaitingTables('p1')).toBe(3);
    await store.updateTable('open', { status: 'playing' }, 4);
    expect(await store.countWaitingTables('p1')).toBe(2);
    expect(await store.countWaitingTables('p3')).toBe(0);
  });

  it('keeps provisional ratings off the leaderboard: too few matches, or too few different opponents', async () => {
    await fresh();
    await store.createPlayer(player('p3', 'Cara', 3));
    await store.createPlayer(player('p4', 'Dima', 4));
    let n = 0;
    /** A rated free match won by `a` against `b` at time `at`: its last action with both ratings. */
    const play = async (a: string, b: string, at: number) => {
      const id = `m${++n}`;
      await store.createTable(table(id, { seats: [a, b], status: 'playing' }));
      const before = [await store.rating(a, 'free'), await store.rating(b, 'free')].map(
        (r) => r ?? rating(1500, 0),
      ) as [ReturnType<typeof rating>, ReturnType<typeof rating>];
      await store.appendAction(
        id,
        { seq: 1, action: { n }, stroke: null, by: 0, at },
        { status: 'finished', winner: 0 },
        [
          {
            playerId: a,
            variant: 'free',
            before: before[0],
            after: rating(before[0].rating + 10, before[0].games + 1),
          },
          {
            playerId: b,
            variant: 'free',
            before: before[1],
            after: rating(before[1].rating - 10, before[1].games + 1),
          },
        ],
      );
    };
    // p1 farms p2 four times; p3 beats three different players once each.
    for (let i = 0; i < 4; i++) await play('p1', 'p2', 100 + i);
    await play('p3', 'p1', 200);
    await play('p3', 'p2', 201);
    await play('p3', 'p4', 202);
    const board = async (minGames: number, minOpponents: number) =>
      (await store.leaderboard('free', 10, { minGames, minOpponents })).map((e) => e.playerId);
    expect(await board(0, 0)).toEqual(['p1', 'p3', 'p4', 'p2']);
    expect(await board(3, 0)).toEqual(['p1', 'p3', 'p2']);
    // p1 met two opponents (p2, p3), p2 two, p3 three.
    expect(await board(3, 3)).toEqual(['p3']);
    expect(await board(5, 2)).toEqual(['p1', 'p2']);
    expect(await store.ratedMatchesBetween('p1', 'p2', 'free', 0)).toBe(4);
    expect(await store.ratedMatchesBetween('p2', 'p1', 'free', 0)).toBe(4);
    expect(await store.ratedMatchesBetween('p1', 'p2', 'free', 102)).toBe(2);
    expect(await store.ratedMatchesBetween('p1', 'p2', 'classic', 0)).toBe(0);
    expect(await store.ratedMatchesBetween('p3', 'p4', 'free', 0)).toBe(1);
  });

  it('keeps session secrets: none on a fresh store, then rotations newest first, dropped ones gone', async () => {
    await fresh();
    expect(await store.secrets()).toEqual([]);
    const first = { id: 'k1', value: 'u'.repeat(43), createdAt: 100 };
    await store.rotateSecret(first, []);
    expect(await store.secrets()).toEqual([first]);
    const next = { id: 'k2', value: 'v'.repeat(43), createdAt: 110 };
    await store.rotateSecret(next, []);
    expect((await store.secrets()).map((s) => s.id)).toEqual(['k2', 'k1']);
    await store.rotateSecret({ id: 'k3', value: 'w'.repeat(43), createdAt: 120 }, ['k1']);
    expect((await store.secrets()).map((s) => s.id)).toEqual(['k3', 'k2']);
  });

  it('keeps tables: create, patch, and the lists by status and by player', async () => {
    await fresh();
    const clock = { player: 1 as const, deadline: 5000, remainingMs: 45_000 };
    await store.createTable(table('t1'));
    await store.createTable(table('t2', { seats: ['p2', 'p1'], status: 'playing', createdAt: 1001 }));
    await store.createTable(table('t3', { seats: ['p2', null], status: 'finished', createdAt: 1002 }));
    expect(await store.table('t1')).toEqual(table('t1'));
    expect(await store.table('none')).toBeNull();
    await store.updateTable('t1', { seats: ['p1', 'p2'], status: 'playing', clock, lagWinner: 1 }, 2000);
    expect(await store.table('t1')).toEqual(
      table('t1', { seats: ['p1', 'p2'], status: 'playing', clock, lagWinner: 1, updatedAt: 2000 }),
    );
    await store.updateTable('t1', { clock: null }, 2001);
    expect((await store.table('t1'))?.clock).toBeNull();
    expect((await store.unfinishedTables()).map((t) => t.id)).toEqual(['t1', 't2']);
    expect((await store.tablesByStatus('playing', 10)).map((t) => t.id)).toEqual(['t1', 't2']);
    expect((await store.tablesByStatus('playing', 1)).map((t) => t.id)).toEqual(['t1']);
    expect((await store.tablesOfPlayer('p2', 10)).map((t) => t.id).sort()).toEqual(['t1', 't2', 't3']);
    expect(await store.tablesOfPlayer('p3', 10)).toEqual([]);
  });

  it('appends each action with the table row in one transaction; a taken seq changes nothing', async () => {
    await fresh();
    await store.createTable(table('t1', { seats: ['p1', 'p2'], status: 'playing' }));
    const shot = { seq: 1, action: { kind: 'shot', n: 1 }, stroke: { speed: 2.5 }, by: 0 as const, at: 3000 };
    expect(await store.appendAction('t1', shot, { scores: [1, 0] })).toBe(true);
    expect(
      await store.appendAction('t1', { ...shot, action: { kind: 'other' }, at: 3100 }, { scores: [9, 9] }),
    ).toBe(false);
    const slow = { seq: 2, action: { kind: 'slow-play' }, stroke: null, by: null, at: 3200 };
    expect(await store.appendAction('t1', slow, { scores: [1, 1], winner: 1, status: 'finished' })).toBe(
      true,
    );
    expect(await store.actions('t1')).toEqual([shot, slow]);
    expect(await store.table('t1')).toMatchObject({
      seq: 2,
      scores: [1, 1],
      winner: 1,
      status: 'finished',
      updatedAt: 3200,
    });
    expect(await store.actions('none')).toEqual([]);
  });

  it('of two appends racing for one seq exactly one is stored', async () => {
    await fresh();
    await store.createTable(table('t1', { seats: ['p1', 'p2'], status: 'playing' }));
    const results = await Promise.all(
      [0, 1, 2, 3].map((n) =>
        store.appendAction(
          't1',
          { seq: 1, action: { n }, stroke: null, by: 0, at: 10 + n },
          { scores: [n, 0] },
        ),
      ),
    );
    expect(results.filter((r) => r)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(await store.actions('t1')).toEqual([
      { seq: 1, action: { n: winner }, stroke: null, by: 0, at: 10 + winner },
    ]);
    expect((await store.table('t1'))?.scores).toEqual([winner, 0]);
  });

  it('writes the ratings with the action that ends a rated match, or nothing when any part fails', async () => {
    await fresh();
    await store.createTable(table('t1', { seats: ['p1', 'p2'], status: 'playing' }));
    const updates = [
      { playerId: 'p1', variant: 'free' as const, before: rating(1500, 0), after: rating(1662.3, 1) },
      { playerId: 'p2', variant: 'free' as const, before: rating(1500, 0), after: rating(1337.7, 1) },
    ];
    const last = { seq: 1, action: { kind: 'shot' }, stroke: null, by: 0 as const, at: 50 };
    // A rating of a player the store does not know breaks the transaction: no action, no rating.
    await expect(
      store.appendAction('t1', last, { winner: 0 }, [
        ...updates,
        { playerId: 'ghost', variant: 'free', before: rating(1500, 0), after: rating(1400, 1) },
      ]),
    ).rejects.toThrow();
    expect(await store.actions('t1')).toEqual([]);
    expect(await store.table('t1')).toMatchObject({ seq: 0, winner: null });
    expect(await store.rating('p1', 'free')).toBeNull();

    expect(await store.appendAction('t1', last, { winner: 0, status: 'finished' }, updates)).toBe(true);
    expect(await store.rating('p1', 'free')).toEqual(rating(1662.3, 1));
    expect(await store.rating('p1', 'dynamic')).toBeNull();
    expect(await store.ratings('p2')).toEqual({ free: rating(1337.7, 1) });
    expect((await store.ratingChanges('t1')).sort((a, b) => a.playerId.localeCompare(b.playerId))).toEqual(
      updates,
    );
    expect(await store.leaderboard('free', 10, ANY_RATING)).toEqual([
      { playerId: 'p1', rating: rating(1662.3, 1) },
      { playerId: 'p2', rating: rating(1337.7, 1) },
    ]);
    expect(await store.leaderboard('free', 1, ANY_RATING)).toHaveLength(1);
    expect(await store.leaderboard('classic', 10, ANY_RATING)).toEqual([]);
  });

  it('finishes a forfeited match without an action: the row and the ratings together, or nothing', async () => {
    await fresh();
    await store.createTable(table('t1', { seats: ['p1', 'p2'], status: 'adjourned' }));
    const updates = [
      { playerId: 'p1', variant: 'free' as const, before: rating(1500, 0), after: rating(1662.3, 1) },
      { playerId: 'p2', variant: 'free' as const, before: rating(1500, 0), after: rating(1337.7, 1) },
    ];
    const ghost = {
      playerId: 'ghost',
      variant: 'free' as const,
      before: rating(1500, 0),
      after: rating(1400, 1),
    };
    await expect(
      store.finishTable('t1', { status: 'finished', winner: 0 }, [...updates, ghost], 70),
    ).rejects.toThrow();
    expect(await store.table('t1')).toMatchObject({ status: 'adjourned', winner: null });
    expect(await store.rating('p1', 'free')).toBeNull();
    await store.finishTable('t1', { status: 'finished', winner: 0 }, updates, 80);
    expect(await store.table('t1')).toMatchObject({ status: 'finished', winner: 0, updatedAt: 80, seq: 0 });
    expect(await store.rating('p1', 'free')).toEqual(rating(1662.3, 1));
    expect(await store.rating('p2', 'free')).toEqual(rating(1337.7, 1));
    expect(await store.actions('t1')).toEqual([]);
  });

  it('keeps quick-match places, one per player, oldest first', async () => {
    await fresh();
    await store.createTable(table('t1'));
    await store.putQueueEntry({
      playerId: 'p2',
      variant: 'free',
      rated: true,
      since: 20,
      lastSeen: 20,
      tableId: null,
    });
    await store.putQueueEntry({
      playerId: 'p1',
      variant: 'dynamic',
      rated: false,
      since: 10,
      lastSeen: 15,
      tableId: null,
    });
    expect((await store.queueEntries()).map((e) => e.playerId)).toEqual(['p1', 'p2']);
    await store.putQueueEntry({
      playerId: 'p1',
      variant: 'free',
      rated: true,
      since: 30,
      lastSeen: 31,
      tableId: 't1',
    });
    expect(await store.queueEntries()).toEqual([
      { playerId: 'p2', variant: 'free', rated: true, since: 20, lastSeen: 20, tableId: null },
      { playerId: 'p1', variant: 'free', rated: true, since: 30, lastSeen: 31, tableId: 't1' },
    ]);
    expect(await store.removeQueueEntry('p2')).toBe(true);
    expect(await store.removeQueueEntry('p2')).toBe(false);
    expect((await store.queueEntries()).map((e) => e.playerId)).toEqual(['p1']);
  });

  it('keeps chat in order and returns the last lines', async () => {
    await fresh();
    await store.createTable(table('t1'));
    await store.createTable(table('t2'));
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await store.addChat({
          tableId: 't1',
          playerId: 'p1',
          role: i % 2 === 0 ? 'player' : 'spectator',
          text: `line ${i}`,
          at: i,
        }),
      );
    }
    await store.addChat({ tableId: 't2', playerId: 'p2', role: 'player', text: 'elsewhere', at: 9 });
    expect(new Set(ids).size).toBe(5);
    const last = await store.chat('t1', 3);
    expect(last.map((l) => l.text)).toEqual(['line 2', 'line 3', 'line 4']);
    expect(last[0]).toEqual({
      id: ids[2],
      tableId: 't1',
      playerId: 'p1',
      role: 'player',
      text: 'line 2',
      at: 2,
    });
    expect(await store.chat('none', 3)).toEqual([]);
  });
});

/** What only the cluster's store does: leases and their fences, the queue shared by every process. */
describe('the PostgreSQL store of a cluster', () => {
  let pgServer: LocalPostgres;
  let store: PostgresStore;
  beforeAll(async () => {
    pgServer = await startPostgres();
    store = await PostgresStore.open(pgServer.url, { poolSize: 4 });
    await store.createPlayer(player('p1', 'Anna'));
    await store.createPlayer(player('p2', 'Boris', 2));
    await store.createPlayer(player('p3', 'Cara', 3));
  }, 30_000);
  afterAll(async () => {
    await store?.close();
    await pgServer?.stop();
  });

  it('appends actions and chat under the lease held, and refuses both under a lost one', async () => {
    await store.createTable(table('f1', { seats: ['p1', 'p2'], status: 'playing' }));
    const first = await store.acquireLease('f1', 'proc-a', 60_000);
    expect(first).toBe(1);
    const held = { owner: 'proc-a', token: first as number };
    const shot = { seq: 1, action: { kind: 'shot' }, stroke: { speed: 2 }, by: 0 as const, at: 10 };
    expect(await store.appendAction('f1', shot, { scores: [1, 0] }, [], held)).toBe(true);
    // The same seq again under the held lease: not stored twice, and no error.
    expect(await store.appendAction('f1', { ...shot, at: 11 }, { scores: [5, 5] }, [], held)).toBe(false);
    const said = await store.addChat(
      { tableId: 'f1', playerId: 'p1', role: 'player', text: 'gg', at: 12 },
      held,
    );
    // Another process takes the table over (the lease released as on a clean shutdown).
    await store.releaseLease('f1', held);
    expect(await store.acquireLease('f1', 'proc-b', 60_000)).toBe(2);
    const next = { seq: 2, action: { kind: 'shot' }, stroke: null, by: 1 as const, at: 20 };
    await expect(store.appendAction('f1', next, { scores: [2, 0] }, [], held)).rejects.toThrow(/lease/i);
    await expect(
      store.addChat({ tableId: 'f1', playerId: 'p1', role: 'player', text: 'late', at: 21 }, held),
    ).rejects.toThrow(/lease/i);
    expect(await store.actions('f1')).toEqual([shot]);
    expect((await store.table('f1'))?.scores).toEqual([1, 0]);
    expect((await store.chat('f1', 10)).map((l) => [l.id, l.text])).toEqual([[said, 'gg']]);
    // The new holder appends.
    expect(await store.appendAction('f1', next, { scores: [2, 0] }, [], { owner: 'proc-b', token: 2 })).toBe(
      true,
    );
    expect((await store.table('f1'))?.seq).toBe(2);
  });

  it('pairs players queueing at once exactly once, each pair with its table made', async () => {
    let made = 0;
    const entry = (playerId: string) => ({
      playerId,
      variant: 'combined' as const,
      rated: false,
      since: 100,
      lastSeen: 100,
      tableId: null,
    });
    const results = await Promise.all(
      ['p1', 'p2', 'p3'].map((id) =>
        store.matchFromQueue(entry(id), 0, async (other) =>
          table(`q${++made}`, { seats: [other.playerId, id] }),
        ),
      ),
    );
    // Of three players one pair is made, one player waits.
    const pairs = results.filter((r) => r !== null);
    expect(pairs).toHaveLength(1);
    const pair = pairs[0]!;
    expect(await store.table(pair.table.id)).toMatchObject({ id: pair.table.id, seats: pair.table.seats });
    const queue = await store.queueEntries();
    const [waiting, matched] = [
      queue.filter((e) => e.tableId === null),
      queue.filter((e) => e.tableId !== null),
    ];
    expect(matched).toEqual([{ ...entry(pair.other.playerId), tableId: pair.table.id }]);
    expect(waiting).toHaveLength(1);
    const seated = new Set(pair.table.seats);
    expect(seated.has(waiting[0]!.playerId)).toBe(false);
    expect(seated.size).toBe(2);
    // A place not seen since the cutoff lapses: the next player waits instead of matching it.
    expect(
      await store.matchFromQueue(
        { ...entry(pair.other.playerId), lastSeen: 500, since: 500 },
        200,
        async () => table('never'),
      ),
    ).toBeNull();
    expect(await store.table('never')).toBeNull();
  });
});
