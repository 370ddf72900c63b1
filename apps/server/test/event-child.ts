/**
 * A second server process for the event tests: opens the store at argv[2] (a folder for SQLite, a
 * postgres:// URL), applies the action given as JSON in argv[3] to event argv[4], prints the
 * outcome. With PYRAMID_TEST_FAULT set it may be killed in the middle (src/events/store.ts).
 */
import type { EventAction } from '@pyramid/events';
import { PostgresEventStore, SqliteEventStore } from '../src/events/store.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';

const [place, action, id] = process.argv.slice(2) as [string, string, string];
const store = place.startsWith('postgres')
  ? await PostgresStore.open(place, { poolSize: 1 })
  : new SqliteStore(place);
const events =
  store instanceof PostgresStore ? new PostgresEventStore(store) : new SqliteEventStore(store as SqliteStore);
const result = await events.act(id, JSON.parse(action) as EventAction, Date.now());
process.stdout.write(`${JSON.stringify(result?.ok ?? null)}\n`);
await store.close();
