/**
 * Statements both stores run as they are, written with SQLite's `?` placeholders (`numbered` makes
 * them PostgreSQL's `$1`, `$2`…).
 */

/**
 * The leaderboard: ratings of the variant with enough rated
 * matches, held by players who met enough different opponents in them.
 */
export const LEADERBOARD_SQL = `SELECT r.player_id, r.rating, r.rd, r.volatility, r.games FROM ratings r
  WHERE r.variant = ? AND r.games >= ?
    AND (SELECT COUNT(DISTINCT CASE WHEN t.seat0 = r.player_id THEN t.seat1 ELSE t.seat0 END)
         FROM rating_changes c JOIN tables t ON t.id = c.table_id
         WHERE c.player_id = r.player_id AND c.variant = r.variant) >= ?
  ORDER BY r.rating DESC, r.player_id LIMIT ?`;

/** Rated matches of a variant between two players (the rating change of the first), rated since a time. */
export const PAIR_SQL = `SELECT COUNT(*) AS n FROM rating_changes c JOIN tables t ON t.id = c.table_id
  WHERE c.player_id = ? AND c.variant = ?
    AND ((t.seat0 = ? AND t.seat1 = ?) OR (t.seat0 = ? AND t.seat1 = ?)) AND t.updated_at >= ?`;

/** A statement written with `?` placeholders, numbered for PostgreSQL. */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
