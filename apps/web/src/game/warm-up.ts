/**
 * Warms the simulator up while the page is idle: the first simulation in a fresh page runs cold
 * (the engine has not compiled its hot loops yet) and takes several times longer than later ones,
 * which a player would feel as a delay between releasing the cue and the balls moving.
 */
import { rackedMatch, simulateShot } from '@pyramid/match';

export function warmUpSimulator(): void {
  const run = () => {
    const match = rackedMatch('free', { breaker: 0 });
    for (const speed of [3, 6]) {
      simulateShot(match, {
        cueBall: 0,
        call: null,
        placement: { x: 687.5, y: 887.5 },
        strike: { speed, angleDeg: 0 },
      });
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 500);
}
