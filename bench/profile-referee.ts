/**
 * Profiling aid (not part of `npm run bench`): builds the referee corpus, then applies it in a loop
 * so that `node --cpu-prof` sees only the referee. Run: `node scripts/bench.mjs --profile`.
 */
import { apply, type MatchState, VARIANTS } from '@pyramid/rules';
import { playRandomMatch, viaJson } from '@pyramid/testkit';

const items: { state: MatchState; input: unknown }[] = [];
for (const variant of VARIANTS) {
  for (let seed = 1; seed <= 300; seed++) {
    const match = playRandomMatch(variant, seed, {});
    match.actions.forEach((action, i) => {
      items.push({ state: match.states[i]!, input: viaJson(action) });
    });
  }
}
const start = performance.now();
let rulings = 0;
for (let run = 0; run < 30; run++) {
  for (const item of items) if (apply(item.state, item.input).ok) rulings++;
}
const seconds = (performance.now() - start) / 1000;
console.log(`${Math.round(rulings / seconds).toLocaleString('en-US')} rulings/s over ${rulings} rulings`);
