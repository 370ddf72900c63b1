/** The SQLite store's connection: the file, its pragmas, the migrations at open, the checkpoints, the session secrets. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Checkpointer, type CheckpointResult } from '../checkpointer.js';
import { skeletonsToFill } from '../skeletons.js';
import type { StoredSecret } from '../types.js';

import { MIGRATIONS } from './migrations.js';

export abstract class SqliteBase {
  readonly db: Database.Database;
  protected readonly statements = new Map<string, Database.Statement>();

  /** Opens (creating) `pyramid.sqlite` in `dataDir`, or an in-memory database for ':memory:'. */
  protected readonly checkpointer: Checkpointer | null = null;

  constructor(
    dataDir: string,
    options: { readonly checkpointEveryMs?: number; readonly log?: (message: string) => void } = {},
  ) {
    if (dataDir === ':memory:') this.db = new Database(':memory:');
    else {
      mkdirSync(dataDir, { recursive: true });
      this.db = new Database(join(dataDir, 'pyramid.sqlite'));
    }
    this.db.pragma('journal_mode = WAL');
    // NORMAL with WAL: a commit is written to the WAL file (write(2), no fsync) before it returns,
    // so it survives the process being killed (SIGKILL: the kernel has the pages); only a power cut
    // or an OS crash may lose the last commits (never corrupt the file), which FULL would fsync against.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    if (dataDir !== ':memory:') {
      const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
      // The commits no longer checkpoint (and fsync) inline: the worker does, every second.
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = new Checkpointer(
        join(dataDir, 'pyramid.sqlite'),
        options.checkpointEveryMs ?? 1000,
        (message) => {
          log(message);
        },
      );
    }
  }

  /** Runs a WAL checkpoint now in the worker (null for an in-memory store). */
  async checkpoint(): Promise<CheckpointResult | null> {
    return this.checkpointer === null ? null : this.checkpointer.now();
  }

  /** Applies the migrations not yet applied; returns the versions applied now. */
  migrate(): number[] {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    const done = new Set(
      (this.db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
        (r) => r.version,
      ),
    );
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      this.db.transaction(() => {
        this.db.exec(migration.sql);
        this.db
          .prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)')
          .run(migration.version, Date.now());
      })();
      applied.push(migration.version);
    }
    this.fillSkeletons();
    return applied;
  }

  /** Gives each account made before skeletons were stored its skeleton (the older keeps a shared one). */
  protected fillSkeletons(): void {
    const rows = this.db
      .prepare(
        'SELECT id, name FROM players WHERE password_hash IS NOT NULL AND name_skeleton IS NULL ORDER BY created_at, id',
      )
      .all() as { id: string; name: string }[];
    if (rows.length === 0) return;
    const taken = new Set(
      (
        this.db.prepare('SELECT name_skeleton FROM players WHERE name_skeleton IS NOT NULL').all() as {
          name_skeleton: string;
        }[]
      ).map((r) => r.name_skeleton),
    );
    const update = this.db.prepare('UPDATE players SET name_skeleton = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const { id, skeleton } of skeletonsToFill(rows, taken)) update.run(skeleton, id);
    })();
  }

  protected prepared(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async secrets(): Promise<StoredSecret[]> {
    const rows = this.prepared(
      'SELECT id, value, created_at FROM secrets ORDER BY created_at DESC, id DESC',
    ).all() as { id: string; value: string; created_at: number }[];
    return rows.map((r) => ({ id: r.id, value: r.value, createdAt: r.created_at }));
  }

  async rotateSecret(
    secret: StoredSecret,
    drop: readonly string[],
    ifNewest?: string | null,
  ): Promise<StoredSecret[]> {
    // IMMEDIATE: the write lock first, so that the check and the insert see one state of the file.
    this.db
      .transaction(() => {
        if (ifNewest !== undefined) {
          const newest = this.prepared(
            'SELECT id FROM secrets ORDER BY created_at DESC, id DESC LIMIT 1',
          ).get() as { id: string } | undefined;
          if ((newest?.id ?? null) !== ifNewest) return;
        }
        this.prepared('INSERT INTO secrets (id, value, created_at) VALUES (?, ?, ?)').run(
          secret.id,
          secret.value,
          secret.createdAt,
        );
        for (const id of drop)
          if (id !== secret.id) this.prepared('DELETE FROM secrets WHERE id = ?').run(id);
      })
      .immediate();
    return this.secrets();
  }

  async close(): Promise<void> {
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}
