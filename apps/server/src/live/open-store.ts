/** The live store of a server's store: the same database, SQLite or PostgreSQL. */
import { PostgresStore } from '../store/postgres.js';
import { SqliteStore } from '../store/sqlite.js';
import type { Store } from '../store/types.js';
import { PostgresLiveStore } from './postgres-store.js';
import { SqliteLiveStore } from './sqlite-store.js';
import type { LiveStore } from './store.js';

/** The live store beside a server's store (the same database); null for another kind of store. */
export function liveStoreOf(store: Store): LiveStore | null {
  if (store instanceof SqliteStore) return new SqliteLiveStore(store);
  if (store instanceof PostgresStore) return new PostgresLiveStore(store);
  return null;
}
