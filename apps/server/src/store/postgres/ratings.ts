/** The PostgreSQL store's ratings (Glicko-2, per variant), their changes and the leaderboard. */
import type { Variant } from '@pyramid/rules';
import { LEADERBOARD_SQL, numbered, PAIR_SQL } from '../queries.js';
import type { LeaderboardRule, RatingUpdate, StoredRating } from '../types.js';
import { PostgresAccounts } from './accounts.js';
import type { Queryable } from './sql.js';
export abstract class PostgresRatings extends PostgresAccounts {
  async rating(playerId: string, variant: Variant): Promise<StoredRating | null> {
    const { rows } = await this.pool.query<StoredRating>(
      'SELECT rating, rd, volatility, games FROM ratings WHERE player_id = $1 AND variant = $2',
      [playerId, variant],
    );
    return rows[0] ?? null;
  }

  async ratings(playerId: string): Promise<Partial<Record<Variant, StoredRating>>> {
    const { rows } = await this.pool.query<StoredRating & { variant: Variant }>(
      'SELECT variant, rating, rd, volatility, games FROM ratings WHERE player_id = $1',
      [playerId],
    );
    const out: Partial<Record<Variant, StoredRating>> = {};
    for (const { variant, ...rating } of rows) out[variant] = rating;
    return out;
  }

  protected async writeRatings(
    client: Queryable,
    tableId: string,
    updates: readonly RatingUpdate[],
  ): Promise<void> {
    for (const u of updates) {
      await client.query(
        `INSERT INTO ratings (player_id, variant, rating, rd, volatility, games) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
           volatility = excluded.volatility, games = excluded.games`,
        [u.playerId, u.variant, u.after.rating, u.after.rd, u.after.volatility, u.after.games],
      );
      await client.query(
        `INSERT INTO rating_changes (table_id, player_id, variant, before, after) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (table_id, player_id) DO UPDATE SET variant = excluded.variant,
           before = excluded.before, after = excluded.after`,
        [tableId, u.playerId, u.variant, JSON.stringify(u.before), JSON.stringify(u.after)],
      );
    }
  }

  async ratingChanges(tableId: string): Promise<RatingUpdate[]> {
    const { rows } = await this.pool.query<{
      player_id: string;
      variant: Variant;
      before: string;
      after: string;
    }>(
      'SELECT player_id, variant, before, after FROM rating_changes WHERE table_id = $1 ORDER BY player_id',
      [tableId],
    );
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
    const { rows } = await this.pool.query<StoredRating & { player_id: string }>(numbered(LEADERBOARD_SQL), [
      variant,
      rule.minGames,
      rule.minOpponents,
      limit,
    ]);
    return rows.map(({ player_id, ...rating }) => ({ playerId: player_id, rating }));
  }

  async ratedMatchesBetween(a: string, b: string, variant: Variant, since: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(numbered(PAIR_SQL), [
      a,
      variant,
      a,
      b,
      b,
      a,
      since,
    ]);
    return rows[0]?.n ?? 0;
  }
}
