import pg from 'pg';
import type { TablePatch } from '../types.js';

export const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** A lease row as read. */
export interface Lease {
  readonly owner: string;
  readonly token: number;
  readonly expiresAt: number;
  /** The database's clock when it was read. */
  readonly now: number;
}

/** Any number key of the advisory lock that serialises migrations between processes. */
export const MIGRATION_LOCK = 0x70797261;
/** The first key of the advisory locks that serialise each quick-match queue (the second: the queue's hash). */
export const QUEUE_LOCK = 0x70797271;
/** The advisory lock that serialises rotations of the session secret (and the first one's making). */
export const SECRET_LOCK = 0x70797273;

/** BIGINT (int8) columns hold milliseconds and ids well inside 2^53: read them as numbers. */
export const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** The columns a patch sets, with their SQL values, in a fixed order. */
export function patchColumns(patch: TablePatch, at: number): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (patch.status !== undefined) out.push(['status', patch.status]);
  if (patch.seats !== undefined) out.push(['seat0', patch.seats[0]], ['seat1', patch.seats[1]]);
  if (patch.seq !== undefined) out.push(['seq', patch.seq]);
  if (patch.lagWinner !== undefined) out.push(['lag_winner', patch.lagWinner]);
  if (patch.clock !== undefined)
    out.push(['clock', patch.clock === null ? null : JSON.stringify(patch.clock)]);
  if (patch.winner !== undefined) out.push(['winner', patch.winner]);
  if (patch.framesWon !== undefined) out.push(['frames_won', JSON.stringify(patch.framesWon)]);
  if (patch.scores !== undefined) out.push(['scores', JSON.stringify(patch.scores)]);
  out.push(['updated_at', at]);
  return out;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;
