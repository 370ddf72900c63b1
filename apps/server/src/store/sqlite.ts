import type { Player, Variant } from '@pyramid/rules';
import { LEADERBOARD_SQL, PAIR_SQL } from './queries.js';
import { isPublic, type QueueRow, type TableRow, toQueueEntry, toTable } from './rows.js';
import { SqliteAccounts } from './sqlite/accounts.js';
import type {
  LeaderboardRule,
  RatingUpdate,
  Store,
  StoredAction,
  StoredChat,
  StoredQueueEntry,
  StoredRating,
  StoredStatus,
  StoredTable,
  TablePatch,
} from './types.js';

export { MIGRATIONS } from './sqlite/migrations.js';

/** The columns a patch sets, with their SQL values. */
function patchColumns(patch: TablePatch): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (patch.status !== undefined) out.status = patch.status;
  if (patch.seats !== undefined) {
    out.seat0 = patch.seats[0];
    out.seat1 = patch.seats[1];
  }
  if (patch.seq !== undefined) out.seq = patch.seq;
  if (patch.lagWinner !== undefined) out.lag_winner = patch.lagWinner;
  if (patch.clock !== undefined) out.clock = patch.clock === null ? null : JSON.stringify(patch.clock);
  if (patch.winner !== undefined) out.winner = patch.winner;
  if (patch.framesWon !== undefined) out.frames_won = JSON.stringify(patch.framesWon);
  if (patch.scores !== undefined) out.scores = JSON.stringify(patch.scores);
  return out;
}

export class SqliteStore extends SqliteAccounts implements Store {
  async createTable(table: StoredTable): Promise<void> {
    this.prepared(
      `INSERT INTO tables (id, options, start, status, seat0, seat1, seq, lag_winner, clock, winner,
        frames_won, scores, created_at, updated_at, is_public) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      table.id,
      JSON.stringify(table.options),
      JSON.stringify(table.start),
      table.status,
      table.seats[0],
      table.seats[1],
      table.seq,
      table.lagWinner,
      table.clock === null ? null : JSON.stringify(table.clock),
      table.winner,
      JSON.stringify(table.framesWon),
      JSON.stringify(table.scores),
      table.createdAt,
      table.updatedAt,
      isPublic(table) ? 1 : 0,
    );
  }

  async table(id: string): Promise<StoredTable | null> {
    const row = this.prepared('SELECT * FROM tables WHERE id = ?').get(id) as TableRow | undefined;
    return row === undefined ? null : toTable(row);
  }

  protected patchTable(id: string, patch: TablePatch, at: number): void {
    const columns = { ...patchColumns(patch), updated_at: at };
    const keys = Object.keys(columns).sort();
    const sql = `UPDATE tables SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`;
    this.prepared(sql).run({ ...columns, id });
  }

  async updateTable(id: string, patch: TablePatch, at: number): Promise<void> {
    this.patchTable(id, patch, at);
  }

  protected readonly appendTransaction = (
    id: string,
    action: StoredAction,
    patch: TablePatch,
    ratings: readonly RatingUpdate[],
  ): boolean =>
    this.db.transaction(() => {
      const inserted = this.prepared(
        'INSERT OR IGNORE INTO actions (table_id, seq, action, stroke, by_seat, at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(
        id,
        action.seq,
        JSON.stringify(action.action),
        action.stroke === null ? null : JSON.stringify(action.stroke),
        action.by,
        action.at,
      );
      if (inserted.changes !== 1) return false;
      this.patchTable(id, { ...patch, seq: action.seq }, action.at);
      this.writeRatings(id, ratings);
      return true;
    })();

  async appendAction(
    id: string,
    action: StoredAction,
    patch: TablePatch,
    ratings: readonly RatingUpdate[] = [],
  ): Promise<boolean> {
    return this.appendTransaction(id, action, patch, ratings);
  }

  async finishTable(
    id: string,
    patch: TablePatch,
    ratings: readonly RatingUpdate[],
    at: number,
  ): Promise<void> {
    this.db.transaction(() => {
      this.patchTable(id, patch, at);
      this.writeRatings(id, ratings);
    })();
  }

  async actions(id: string): Promise<StoredAction[]> {
    const rows = this.prepared(
      'SELECT seq, action, stroke, by_seat, at FROM actions WHERE table_id = ? ORDER BY seq',
    ).all(id) as { seq: number; action: string; stroke: string | null; by_seat: number | null; at: number }[];
    return rows.map((row) => ({
      seq: row.seq,
      action: JSON.parse(row.action) as unknown,
      stroke: row.stroke === null ? null : (JSON.parse(row.stroke) as unknown),
      by: row.by_seat === null ? null : (row.by_seat as Player),
      at: row.at,
    }));
  }

  async unfinishedTables(): Promise<StoredTable[]> {
    const rows = this.prepared(
      "SELECT * FROM tables WHERE status != 'finished' ORDER BY created_at",
    ).all() as TableRow[];
    return rows.map(toTable);
  }

  async tablesByStatus(status: StoredStatus, limit: number): Promise<StoredTable[]> {
    const rows = this.prepared('SELECT * FROM tables WHERE status = ? ORDER BY updated_at DESC LIMIT ?').all(
      status,
      limit,
    ) as TableRow[];
    return rows.map(toTable);
  }

  async tablesOfPlayer(
    playerId: string,
    limit: number,
    visibleTo?: { readonly viewer: string | null },
  ): Promise<StoredTable[]> {
    if (visibleTo === undefined) {
      const rows = this.prepared(
        'SELECT * FROM tables WHERE seat0 = ? OR seat1 = ? ORDER BY updated_at DESC LIMIT ?',
      ).all(playerId, playerId, limit) as TableRow[];
      return rows.map(toTable);
    }
    const viewer = visibleTo.viewer;
    const rows = this.prepared(
      `SELECT * FROM tables WHERE (seat0 = ? OR seat1 = ?)
         AND (is_public = 1 OR (? IS NOT NULL AND (seat0 = ? OR seat1 = ?)))
         ORDER BY updated_at DESC LIMIT ?`,
    ).all(playerId, playerId, viewer, viewer, viewer, limit) as TableRow[];
    return rows.map(toTable);
  }

  async countWaitingTables(playerId: string): Promise<number> {
    const row = this.prepared(
      "SELECT COUNT(*) AS n FROM tables WHERE status = 'waiting' AND (seat0 = ? OR seat1 = ?)",
    ).get(playerId, playerId) as { n: number };
    return row.n;
  }

  async rating(playerId: string, variant: Variant): Promise<StoredRating | null> {
    const row = this.prepared(
      'SELECT rating, rd, volatility, games FROM ratings WHERE player_id = ? AND variant = ?',
    ).get(playerId, variant) as StoredRating | undefined;
    return row ?? null;
  }

  async ratings(playerId: string): Promise<Partial<Record<Variant, StoredRating>>> {
    const rows = this.prepared(
      'SELECT variant, rating, rd, volatility, games FROM ratings WHERE player_id = ?',
    ).all(playerId) as (StoredRating & { variant: Variant })[];
    const out: Partial<Record<Variant, StoredRating>> = {};
    for (const { variant, ...rating } of rows) out[variant] = rating;
    return out;
  }

  protected writeRatings(tableId: string, updates: readonly RatingUpdate[]): void {
    for (const u of updates) {
      this.prepared(
        `INSERT INTO ratings (player_id, variant, rating, rd, volatility, games) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
           volatility = excluded.volatility, games = excluded.games`,
      ).run(u.playerId, u.variant, u.after.rating, u.after.rd, u.after.volatility, u.after.games);
      this.prepared(
        'INSERT OR REPLACE INTO rating_changes (table_id, player_id, variant, before, after) VALUES (?, ?, ?, ?, ?)',
      ).run(tableId, u.playerId, u.variant, JSON.stringify(u.before), JSON.stringify(u.after));
    }
  }

  async ratingChanges(tableId: string): Promise<RatingUpdate[]> {
    const rows = this.prepared(
      'SELECT player_id, variant, before, after FROM rating_changes WHERE table_id = ?',
    ).all(tableId) as { player_id: string; variant: Variant; before: string; after: string }[];
    return rows.map((r) => ({
      playerId: r.player_id,
      variant: r.variant,
      before: JSON.parse(r.before) as StoredRating,
      after: JSON.parse(r.after) as StoredRating,
    }));
  }

  async leaderboard(
    variant: Variant,
    limit: number,
    rule: LeaderboardRule,
  ): Promise<{ playerId: string; rating: StoredRating }[]> {
    const rows = this.prepared(LEADERBOARD_SQL).all(
      variant,
      rule.minGames,
      rule.minOpponents,
      limit,
    ) as (StoredRating & { player_id: string })[];
    return rows.map(({ player_id, ...rating }) => ({ playerId: player_id, rating }));
  }

  async ratedMatchesBetween(a: string, b: string, variant: Variant, since: number): Promise<number> {
    const row = this.prepared(PAIR_SQL).get(a, variant, a, b, b, a, since) as { n: number };
    return row.n;
  }

  async queueEntries(): Promise<StoredQueueEntry[]> {
    const rows = this.prepared(
      'SELECT player_id, variant, rated, since, last_seen, table_id FROM queue ORDER BY since, player_id',
    ).all() as QueueRow[];
    return rows.map(toQueueEntry);
  }

  async putQueueEntry(entry: StoredQueueEntry): Promise<void> {
    this.prepared(
      `INSERT INTO queue (player_id, variant, rated, since, last_seen, table_id) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET variant = excluded.variant, rated = excluded.rated,
         since = excluded.since, last_seen = excluded.last_seen, table_id = excluded.table_id`,
    ).run(entry.playerId, entry.variant, entry.rated ? 1 : 0, entry.since, entry.lastSeen, entry.tableId);
  }

  async removeQueueEntry(playerId: string): Promise<boolean> {
    return this.prepared('DELETE FROM queue WHERE player_id = ?').run(playerId).changes === 1;
  }

  async addChat(line: Omit<StoredChat, 'id'>): Promise<number> {
    const result = this.prepared(
      'INSERT INTO chat (table_id, player_id, role, text, at) VALUES (?, ?, ?, ?, ?)',
    ).run(line.tableId, line.playerId, line.role, line.text, line.at);
    return Number(result.lastInsertRowid);
  }

  async chat(tableId: string, limit: number): Promise<StoredChat[]> {
    const rows = this.prepared(
      'SELECT id, table_id, player_id, role, text, at FROM chat WHERE table_id = ? ORDER BY id DESC LIMIT ?',
    ).all(tableId, limit) as {
      id: number;
      table_id: string;
      player_id: string;
      role: 'player' | 'spectator';
      text: string;
      at: number;
    }[];
    return rows.reverse().map((r) => ({
      id: r.id,
      tableId: r.table_id,
      playerId: r.player_id,
      role: r.role,
      text: r.text,
      at: r.at,
    }));
  }
}
