/**
 * Warms up, while the page is idle, the exact code a person's first shot runs: the simulator, the
 * bridge from its events to the referee's facts, the referee, and building and sampling the
 * animation — on a throwaway break of the variant on the table about to be played. A fresh page
 * runs all of it cold (the engine has not compiled its hot loops, the table's geometry and boundary
 * are built on first use), which a player would feel as a pause between the release and the balls
 * moving. Each variant and table is warmed once per page.
 */
import { rackedMatch, simulateShot } from '@pyramid/match';
import { applyAction, type TableSize, type Variant } from '@pyramid/rules';
import { animationFrom } from './animation.js';
import { shotTemplate, suggestPlacement } from './state/index.js';

const warmed = new Set<string>();

/** Plays two throwaway breaks (soft and hard) of `variant` on `size` through the shot's whole path. */
export function warmUpShot(variant: Variant, size: TableSize): void {
  const key = `${variant}/${size}`;
  if (warmed.has(key)) return;
  warmed.add(key);
  const match = rackedMatch(variant, { breaker: 0, tableSize: size });
  const template = shotTemplate(match);
  const cueBall = template?.cueBalls[0];
  if (template === null || cueBall === undefined) return;
  const placement = suggestPlacement(match, template, cueBall, null);
  for (const speed of [3, 6]) {
    const simulated = simulateShot(match, {
      cueBall,
      call: template.calls?.[0] ?? null,
      placement,
      strike: { speed, angleDeg: 0 },
    });
    if (!simulated.ok) continue;
    applyAction(match, simulated.value.action);
    const animation = animationFrom(simulated.value.simulation);
    for (let i = 0; i <= 8; i++) animation.sample((animation.duration * i) / 8);
  }
}

/** `warmUpShot` when the page is next idle (it takes tens of milliseconds on a cold engine). */
export function warmUpWhenIdle(variant: Variant, size: TableSize): void {
  if (warmed.has(`${variant}/${size}`)) return;
  const run = () => warmUpShot(variant, size);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 200);
}
