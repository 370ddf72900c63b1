/**
 * An adjourned match ends (issue 23 §3.4): when a player has been away past his grace period the
 * match is adjourned, not lost (he may come back); but a loser must not escape a rated loss by
 * never coming back. So a match adjourned for `forfeitMs` (default 24 h, a setting) is forfeited to
 * the player who is there at that time or comes back after it, while his opponent is still away.
 * If neither comes back, it stays adjourned: nobody has a claim. A forfeit is no referee action:
 * the table is finished with that winner (rated matches rated as a win), its record ending where
 * play stopped, marked `result: "forfeit"`.
 */

export const DEFAULT_FORFEIT_MS = 24 * 3600_000;

/** The milliseconds left before a match adjourned at `adjournedAt` may be claimed (0: now). */
export function forfeitIn(adjournedAt: number, now: number, forfeitMs: number): number {
  return Math.max(0, adjournedAt + forfeitMs - now);
}
