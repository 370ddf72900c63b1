import { nameSkeleton } from '../../names.js';
import { type PlayerRow, type SessionRow, toPlayer, toSession } from '../rows.js';
import type { StoredPlayer, StoredSession } from '../types.js';

import { SqliteBase } from './base.js';

export abstract class SqliteAccounts extends SqliteBase {
  async createPlayer(player: StoredPlayer): Promise<void> {
    const account = player.passwordHash !== null;
    this.prepared(
      'INSERT INTO players (id, name, name_key, name_skeleton, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      player.id,
      player.name,
      account ? player.name.toLowerCase() : null,
      account ? nameSkeleton(player.name) : null,
      player.passwordHash,
      player.createdAt,
    );
  }

  async player(id: string): Promise<StoredPlayer | null> {
    const row = this.prepared('SELECT * FROM players WHERE id = ?').get(id) as PlayerRow | undefined;
    return row === undefined ? null : toPlayer(row);
  }

  async players(ids: readonly string[]): Promise<StoredPlayer[]> {
    const out: StoredPlayer[] = [];
    for (const id of new Set(ids)) {
      const found = await this.player(id);
      if (found !== null) out.push(found);
    }
    return out;
  }

  async accountByName(name: string): Promise<StoredPlayer | null> {
    const key = name.toLowerCase();
    const row = this.prepared(
      'SELECT * FROM players WHERE name_key = ? OR name_skeleton = ? ORDER BY name_key = ? DESC LIMIT 1',
    ).get(key, nameSkeleton(name), key) as PlayerRow | undefined;
    return row === undefined ? null : toPlayer(row);
  }

  async makeAccount(id: string, name: string, passwordHash: string): Promise<boolean> {
    try {
      const changed = this.prepared(
        'UPDATE players SET name = ?, name_key = ?, name_skeleton = ?, password_hash = ? WHERE id = ?',
      ).run(name, name.toLowerCase(), nameSkeleton(name), passwordHash, id);
      return changed.changes === 1;
    } catch (caught) {
      if ((caught as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw caught;
    }
  }

  async createSession(session: StoredSession): Promise<void> {
    this.prepared(
      'INSERT INTO sessions (id, player_id, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)',
    ).run(session.id, session.playerId, session.createdAt, session.expiresAt, session.revokedAt);
  }

  async session(id: string): Promise<StoredSession | null> {
    const row = this.prepared('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row === undefined ? null : toSession(row);
  }

  async extendSession(id: string, expiresAt: number): Promise<boolean> {
    return (
      this.prepared(
        'UPDATE sessions SET expires_at = MAX(expires_at, ?) WHERE id = ? AND revoked_at IS NULL',
      ).run(expiresAt, id).changes === 1
    );
  }

  async revokeSession(id: string, at: number): Promise<boolean> {
    return (
      this.prepared('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id)
        .changes === 1
    );
  }

  async revokeSessions(playerId: string, at: number): Promise<number> {
    return this.prepared('UPDATE sessions SET revoked_at = ? WHERE player_id = ? AND revoked_at IS NULL').run(
      at,
      playerId,
    ).changes;
  }

  async revokedSessions(since: number, now: number): Promise<{ id: string; expiresAt: number }[]> {
    const rows = this.prepared(
      'SELECT id, expires_at FROM sessions WHERE revoked_at >= ? AND expires_at > ? ORDER BY id',
    ).all(since, now) as { id: string; expires_at: number }[];
    return rows.map((r) => ({ id: r.id, expiresAt: r.expires_at }));
  }

  async pruneSessions(before: number): Promise<number> {
    return this.prepared('DELETE FROM sessions WHERE expires_at < ?').run(before).changes;
  }
}
