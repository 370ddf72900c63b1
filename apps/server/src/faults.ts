/**
 * Test-only fault points: `PYRAMID_TEST_FAULT=<point>:<n>:<signal>` makes this process send itself
 * `signal` (KILL or STOP) the n-th time it reaches the named point, so that the cluster tests can
 * kill (or freeze) an owner at an exact moment of a commit. Unset (always, outside those tests), a
 * fault point does nothing.
 *
 * Points: `before-append` (the action is ruled, not yet stored), `after-append` (stored, not yet
 * broadcast), `decision` (a decision intent arrived, nothing done yet).
 */
export type FaultPoint = 'before-append' | 'after-append' | 'decision';

const spec = /^(before-append|after-append|decision):(\d+):(KILL|STOP)$/.exec(
  process.env.PYRAMID_TEST_FAULT ?? '',
);
let remaining = spec === null ? 0 : Number(spec[2]);

export function faultPoint(point: FaultPoint): void {
  if (spec === null || spec[1] !== point || remaining <= 0) return;
  remaining--;
  if (remaining === 0) process.kill(process.pid, spec[3] === 'KILL' ? 'SIGKILL' : 'SIGSTOP');
}
