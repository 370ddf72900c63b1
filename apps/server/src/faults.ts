/**
 * Test-only fault points: `PYRAMID_TEST_FAULT=<point>:<n>:<signal>` makes this process send itself
 * `signal` (KILL or STOP) the n-th time it reaches the named point, so that the cluster tests can
 * kill (or freeze) an owner at an exact moment of a commit. Unset (always, outside those tests), a
 * fault point does nothing.
 *
 * Points: `before-append` (the action is ruled, not yet stored), `after-append` (stored, not yet
 * broadcast), `decision` (a decision intent arrived, nothing done yet), `before-chat` (a chat line
 * passed the room's checks, not yet stored).
 */
export type FaultPoint = 'before-append' | 'after-append' | 'decision' | 'before-chat';

const spec = /^(before-append|after-append|decision|before-chat):(\d+):(KILL|STOP)$/.exec(
  process.env.PYRAMID_TEST_FAULT ?? '',
);
let remaining = spec === null ? 0 : Number(spec[2]);

export function faultPoint(point: FaultPoint): void {
  if (spec === null || spec[1] !== point || remaining <= 0) return;
  remaining--;
  if (remaining === 0) process.kill(process.pid, spec[3] === 'KILL' ? 'SIGKILL' : 'SIGSTOP');
}
