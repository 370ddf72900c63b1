/**
 * The rows both stores read (the same schema on SQLite and PostgreSQL: JSON as TEXT, times as
 * integers) and how they become the store's records.
 */
import type { Player, Variant } from '@pyramid/rules';
import type { StoredPlayer, StoredQueueEntry, StoredSession, StoredStatus, StoredTable } from './types.js';

export interface TableRow {
  id: string;
  options: string;
  start: string;
  status: StoredStatus;
  seat0: string | null;
  seat1: string | null;
  seq: number;
  lag_winner: number | null;
  clock: string | null;
  winner: number | null;
  frames_won: string;
  scores: string;
  created_at: number;
  updated_at: number;
}

export interface PlayerRow {
  id: string;
  name: string;
  password_hash: string | null;
  created_at: number;
}

export const toPlayer = (row: PlayerRow): StoredPlayer => ({
  id: row.id,
  name: row.name,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
});

export const toTable = (row: TableRow): StoredTable => ({
  id: row.id,
  options: JSON.parse(row.options) as unknown,
  start: JSON.parse(row.start) as unknown,
  status: row.status,
  seats: [row.seat0, row.seat1],
  seq: row.seq,
  lagWinner: row.lag_winner === null ? null : (row.lag_winner as Player),
  clock: row.clock === null ? null : (JSON.parse(row.clock) as StoredTable['clock']),
  winner: row.winner === null ? null : (row.winner as Player),
  framesWon: JSON.parse(row.frames_won) as [number, number],
  scores: JSON.parse(row.scores) as [number, number],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface QueueRow {
  player_id: string;
  variant: Variant;
  rated: number;
  since: number;
  last_seen: number;
  table_id: string | null;
}

export const toQueueEntry = (row: QueueRow): StoredQueueEntry => ({
  playerId: row.player_id,
  variant: row.variant,
  rated: row.rated === 1,
  since: row.since,
  lastSeen: row.last_seen,
  tableId: row.table_id,
});

/** Whether a table is listed for everyone (its options' `public`, true unless set false). */
export const isPublic = (table: StoredTable): boolean =>
  (table.options as { public?: unknown } | null)?.public !== false;

export interface SessionRow {
  id: string;
  player_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export const toSession = (row: SessionRow): StoredSession => ({
  id: row.id,
  playerId: row.player_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});
