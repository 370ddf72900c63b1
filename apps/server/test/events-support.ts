/** The two stores the event tests run on, and a fresh place in each (shared by the event tests). */
import { applyEventAction, type ClubEvent, createEvent, type EventAction } from '@pyramid/events';
import { type EventStore, PostgresEventStore, SqliteEventStore } from '../src/events/store.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { LocalPostgres } from '../test-support/services.js';
import { freshPostgres } from './shared-postgres.js';
import { freshDatabase, removeTempDirs, tempDir } from './support.js';

export interface Opened {
  readonly events: EventStore;
  /** Rows of a query (SQLite `?` placeholders). */
  rows(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export interface Kind {
  readonly name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  place(): Promise<string>;
  open(place: string): Promise<Opened>;
}

let postgres: LocalPostgres | null = null;
let databases = 0;

export const kinds: Kind[] = [
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
      const store = new SqliteStore(place);
      return {
        events: new SqliteEventStore(store),
        rows: async (sql, ...params) => store.db.prepare(sql).all(...params) as Record<string, unknown>[],
        close: () => store.close(),
      };
    },
  },
  {
    name: 'PostgreSQL',
    async setUp() {
      postgres = await freshPostgres();
    },
    async tearDown() {
      await postgres?.stop();
    },
    async place() {
      return freshDatabase(postgres as LocalPostgres, `events${++databases}`);
    },
    async open(place) {
      const store = await PostgresStore.open(place, { poolSize: 4 });
      return {
        events: new PostgresEventStore(store),
        rows: async (sql, ...params) => {
          let n = 0;
          return (
            await store.pool.query(
              sql.replace(/\?/g, () => `$${++n}`),
              params,
            )
          ).rows;
        },
        close: () => store.close(),
      };
    },
  },
];

export const DIRECTOR = 'director-1';

/** A drawn-ready event: `n` players entered in order. */
export function newEvent(n: number, format: unknown = { kind: 'double', reset: true }): ClubEvent {
  const created = createEvent(
    {
      name: 'Store cup',
      dates: { start: '2026-12-05' },
      variant: 'free',
      races: { default: 3 },
      format,
      seeding: 'order',
    },
    DIRECTOR,
    1_000,
  );
  if (!created.ok) throw new Error(created.error.message);
  const entered = applyEventAction(created.value, {
    type: 'add-entries',
    by: DIRECTOR,
    at: 1_001,
    entries: Array.from({ length: n }, (_, i) => ({ name: `Player ${i + 1}` })),
  });
  if (!entered.ok) throw new Error(entered.error.message);
  return entered.value;
}

export const act = (type: string, rest: Record<string, unknown>, at = 2_000): EventAction =>
  ({ type, by: DIRECTOR, at, ...rest }) as unknown as EventAction;
