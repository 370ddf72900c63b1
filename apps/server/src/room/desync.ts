/**
 * What answers a desync report and a request for the log (issue 23 §3.1). A desync costs the
 * client about 90 bytes; answering it with the whole snapshot (every ruling of the match) cost the
 * server megabytes and milliseconds a report. So it is answered with the table's state alone, the
 * rulings are sent on request a page at a time, and the server's log notes a table's desyncs once
 * per window instead of once a report (the reports' number is the client's to choose).
 */
import { LOG_PAGE_SIZE, type LogEntry, type ServerMessage, type TableState } from '@pyramid/online';
import { OnceEach } from '../limits.js';

/** What a room shows of itself for these answers. */
export interface RoomView {
  readonly id: string;
  readonly seq: number;
  readonly hash: string | null;
  readonly log: readonly LogEntry[];
  tableState(): TableState;
}

/** The answer to a desync report: the state as the server holds it, without the log. */
export function resyncMessage(room: RoomView): Extract<ServerMessage, { type: 'resync' }> {
  return { type: 'resync', tableId: room.id, ...room.tableState() };
}

/** The rulings after seq `after`, at most LOG_PAGE_SIZE of them. */
export function logPage(room: RoomView, after: number): Extract<ServerMessage, { type: 'log' }> {
  // The log holds seq 1, 2, … in order: the entry with seq `after` + 1 is at index `after`.
  const from = Math.min(Math.max(0, after), room.log.length);
  const entries = room.log.slice(from, from + LOG_PAGE_SIZE);
  return {
    type: 'log',
    tableId: room.id,
    after,
    entries,
    seq: room.seq,
    more: from + entries.length < room.log.length,
  };
}

/** Desyncs of one table are written to the server's log once in this window. */
export const DESYNC_LOG_WINDOW_MS = 10 * 60_000;

/** The server's log lines for desync reports: the first of each table per window, with the count since. */
export class DesyncReports {
  private readonly once = new OnceEach(10_000);
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly log: (message: string) => void,
    private readonly now: () => number,
  ) {}

  report(room: RoomView, playerId: string, seq: number, hash: string): void {
    const unlogged = (this.counts.get(room.id) ?? 0) + 1;
    if (!this.once.first(room.id, this.now(), DESYNC_LOG_WINDOW_MS)) {
      this.counts.set(room.id, unlogged);
      if (this.counts.size > 10_000) this.counts.delete(this.counts.keys().next().value as string);
      return;
    }
    this.counts.delete(room.id);
    const before = unlogged - 1;
    this.log(
      `table ${room.id}: desync reported by ${playerId} at seq ${seq} (client ${hash}, server ${room.hash})` +
        (before > 0 ? `; ${before} more reports in the last window` : ''),
    );
  }
}

const reporters = new WeakMap<(message: string) => void, DesyncReports>();

/** The one reporter of a server (its log function). */
export function desyncReports(log: (message: string) => void, now: () => number): DesyncReports {
  let reports = reporters.get(log);
  if (reports === undefined) {
    reports = new DesyncReports(log, now);
    reporters.set(log, reports);
  }
  return reports;
}
