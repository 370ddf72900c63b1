import { nameSkeleton } from '../../names.js';
import { type PlayerRow, type SessionRow, toPlayer, toSession } from '../rows.js';
import type { StoredPlayer, StoredSession } from '../types.js';
import { PostgresBase } from './base.js';
export abstract class PostgresAccounts extends PostgresBase {
  async createPlayer(player: StoredPlayer): Promise<void> {
    const account = player.passwordHash !== null;
    await this.pool.query(
      'INSERT INTO players (id, name, name_key, name_skeleton, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        player.id,
        player.name,
        account ? player.name.toLowerCase() : null,
        account ? nameSkeleton(player.name) : null,
        player.passwordHash,
        player.createdAt,
      ],
    );
  }

  async player(id: string): Promise<StoredPlayer | null> {
    const { rows } = await this.pool.query<PlayerRow>('SELECT * FROM players WHERE id = $1', [id]);
    return rows[0] === undefined ? null : toPlayer(rows[0]);
  }

  async players(ids: readonly string[]): Promise<StoredPlayer[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const { rows } = await this.pool.query<PlayerRow>('SELECT * FROM players WHERE id = ANY($1)', [unique]);
    const byId = new Map(rows.map((r) => [r.id, toPlayer(r)]));
    return unique.flatMap((id) => {
      const found = byId.get(id);
      return found === undefined ? [] : [found];
    });
  }

  async accountByName(name: string): Promise<StoredPlayer | null> {
    const { rows } = await this.pool.query<PlayerRow>(
      `SELECT * FROM players WHERE name_key = $1 OR name_skeleton = $2
         ORDER BY (name_key = $1) IS TRUE DESC LIMIT 1`,
      [name.toLowerCase(), nameSkeleton(name)],
    );
    return rows[0] === undefined ? null : toPlayer(rows[0]);
  }

  async makeAccount(id: string, name: string, passwordHash: string): Promise<boolean> {
    try {
      const result = await this.pool.query(
        'UPDATE players SET name = $1, name_key = $2, name_skeleton = $3, password_hash = $4 WHERE id = $5',
        [name, name.toLowerCase(), nameSkeleton(name), passwordHash, id],
      );
      return result.rowCount === 1;
    } catch (caught) {
      // 23505: unique_violation — the name is another account's.
      if ((caught as { code?: string }).code === '23505') return false;
      throw caught;
    }
  }

  async createSession(session: StoredSession): Promise<void> {
    await this.pool.query(
      'INSERT INTO sessions (id, player_id, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5)',
      [session.id, session.playerId, session.createdAt, session.expiresAt, session.revokedAt],
    );
  }

  async session(id: string): Promise<StoredSession | null> {
    const { rows } = await this.pool.query<SessionRow>('SELECT * FROM sessions WHERE id = $1', [id]);
    return rows[0] === undefined ? null : toSession(rows[0]);
  }

  async extendSession(id: string, expiresAt: number): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE sessions SET expires_at = GREATEST(expires_at, $1) WHERE id = $2 AND revoked_at IS NULL',
      [expiresAt, id],
    );
    return result.rowCount === 1;
  }

  async revokeSession(id: string, at: number): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL',
      [at, id],
    );
    return result.rowCount === 1;
  }

  async revokeSessions(playerId: string, at: number): Promise<number> {
    const result = await this.pool.query(
      'UPDATE sessions SET revoked_at = $1 WHERE player_id = $2 AND revoked_at IS NULL',
      [at, playerId],
    );
    return result.rowCount ?? 0;
  }

  async revokedSessions(since: number, now: number): Promise<{ id: string; expiresAt: number }[]> {
    const { rows } = await this.pool.query<{ id: string; expires_at: number }>(
      'SELECT id, expires_at FROM sessions WHERE revoked_at >= $1 AND expires_at > $2 ORDER BY id',
      [since, now],
    );
    return rows.map((r) => ({ id: r.id, expiresAt: r.expires_at }));
  }

  async pruneSessions(before: number): Promise<number> {
    const result = await this.pool.query('DELETE FROM sessions WHERE expires_at < $1', [before]);
    return result.rowCount ?? 0;
  }
}
