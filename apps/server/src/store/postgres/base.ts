import type pg from 'pg';
import { skeletonsToFill } from '../skeletons.js';
import type { StoredSecret } from '../types.js';
import { PG_MIGRATIONS } from './migrations.js';
import { MIGRATION_LOCK, type Queryable, SECRET_LOCK } from './sql.js';

export abstract class PostgresBase {
  readonly pool: pg.Pool;

  protected constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /** Runs `body` in one transaction on one pooled connection (rolled back if it throws). */
  async transaction<T>(body: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query('COMMIT');
      return result;
    } catch (caught) {
      await client.query('ROLLBACK').catch(() => {});
      throw caught;
    } finally {
      client.release();
    }
  }

  /** Applies the migrations not yet applied; returns the versions applied now. */
  async migrate(): Promise<number[]> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
      );
      const done = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (r) => r.version,
        ),
      );
      const applied: number[] = [];
      for (const migration of PG_MIGRATIONS) {
        if (done.has(migration.version)) continue;
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          migration.version,
          Date.now(),
        ]);
        applied.push(migration.version);
      }
      await this.fillSkeletons(client);
      return applied;
    });
  }

  /** Gives each account made before skeletons were stored its skeleton (under the migration lock). */
  protected async fillSkeletons(client: Queryable): Promise<void> {
    const { rows } = await client.query<{ id: string; name: string }>(
      'SELECT id, name FROM players WHERE password_hash IS NOT NULL AND name_skeleton IS NULL ORDER BY created_at, id',
    );
    if (rows.length === 0) return;
    const taken = await client.query<{ name_skeleton: string }>(
      'SELECT name_skeleton FROM players WHERE name_skeleton IS NOT NULL',
    );
    for (const { id, skeleton } of skeletonsToFill(rows, new Set(taken.rows.map((r) => r.name_skeleton)))) {
      await client.query('UPDATE players SET name_skeleton = $1 WHERE id = $2', [skeleton, id]);
    }
  }

  async secrets(): Promise<StoredSecret[]> {
    return this.readSecrets(this.pool);
  }

  protected async readSecrets(client: Queryable): Promise<StoredSecret[]> {
    const rows = await client.query<{ id: string; value: string; created_at: number }>(
      'SELECT id, value, created_at FROM secrets ORDER BY created_at DESC, id DESC',
    );
    return rows.rows.map((r) => ({ id: r.id, value: r.value, createdAt: Number(r.created_at) }));
  }

  async rotateSecret(
    secret: StoredSecret,
    drop: readonly string[],
    ifNewest?: string | null,
  ): Promise<StoredSecret[]> {
    return this.transaction(async (client) => {
      if (ifNewest !== undefined) {
        // One rotation at a time across processes; the loser reads the winner's secret back.
        await client.query('SELECT pg_advisory_xact_lock($1)', [SECRET_LOCK]);
        const newest = (await this.readSecrets(client))[0]?.id ?? null;
        if (newest !== ifNewest) return this.readSecrets(client);
      }
      await client.query('INSERT INTO secrets (id, value, created_at) VALUES ($1, $2, $3)', [
        secret.id,
        secret.value,
        secret.createdAt,
      ]);
      const gone = drop.filter((id) => id !== secret.id);
      if (gone.length > 0) await client.query('DELETE FROM secrets WHERE id = ANY($1)', [gone]);
      return this.readSecrets(client);
    });
  }

  private closed = false;
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
