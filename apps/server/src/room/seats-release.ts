/**
 * Seats of a match that has not started (issue 23 §3.3, §3.4): a seat is held only by a player who
 * is there. A player who leaves a waiting table gives the seat back at once; a seat whose player
 * was given it (the table's creator, a quick-match pair) and has not come is given back after
 * `seatReleaseMs` (default a minute). So a guest joining every open table and disconnecting sinks
 * none of them, a stranger who took an invited friend's seat and left does not keep it, and a
 * quick-match partner who never joins leaves his opponent at an open table. A waiting table with no
 * seat held is closed by the tables' sweep.
 */

/** How long a seat of a match not yet started waits for its player (ms). */
export const DEFAULT_SEAT_RELEASE_MS = 60_000;

/** The timers that give seats back, one a seat, as the room's deps make them. */
export class SeatRelease<S extends object> {
  private readonly timers = new Map<S, unknown>();

  constructor(
    private readonly setTimer: (callback: () => void, ms: number) => unknown,
    private readonly clearTimer: (handle: unknown) => void,
    private readonly ms: number,
  ) {}

  /** Gives `seat` back (by `release`) unless `stop` is called first. */
  arm(seat: S, release: () => void): void {
    this.stop(seat);
    this.timers.set(
      seat,
      this.setTimer(() => {
        this.timers.delete(seat);
        release();
      }, this.ms),
    );
  }

  stop(seat: S): void {
    const timer = this.timers.get(seat);
    if (timer === undefined) return;
    this.clearTimer(timer);
    this.timers.delete(seat);
  }

  dispose(): void {
    for (const timer of this.timers.values()) this.clearTimer(timer);
    this.timers.clear();
  }
}
