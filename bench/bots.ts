/**
 * `npm run bench` (bots part): how long each level takes to choose its move, one core.
 *
 * States come from seeded frames between two amateurs in all four variants, from the rack, with
 * positions known (as a game has them); every state where a shot is due is kept. Each level then
 * chooses a move in a sample of those states, timed one by one; medians and p95 are reported.
 * Decisions (penalty ball, option, lag) are not timed: they cost far less than a shot.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseAction, type Level, playTurn } from '@pyramid/bots';
import { rackedMatch } from '@pyramid/match';
import { type MatchState, VARIANTS } from '@pyramid/rules';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results.json');

const states: MatchState[] = [];
for (const variant of VARIANTS) {
  for (let frame = 1; frame <= 2; frame++) {
    let state = rackedMatch(variant, { breaker: 0, seed: frame });
    for (let step = 0; step < 400 && state.turn.kind !== 'match-over'; step++) {
      if (state.turn.kind === 'shot' && state.turn.terms.kind !== 'break') states.push(state);
      const turn = playTurn(state, 'amateur', frame * 1000 + step);
      if (turn === null || !turn.ok) break;
      state = turn.value.state;
    }
  }
}

function time(level: Level, sample: readonly MatchState[]): number[] {
  const times: number[] = [];
  sample.forEach((state, k) => {
    const start = process.hrtime.bigint();
    chooseAction(state, level, k + 1);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  });
  return times.sort((a, b) => a - b);
}

const every = (n: number) => states.filter((_, k) => k % Math.max(1, Math.floor(states.length / n)) === 0);
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

time('amateur', every(10)); // warm-up
const novice = time('novice', every(200));
const amateur = time('amateur', every(200));
const master = time('master', every(60));

const figures = {
  'bots.noviceDecisionMedianMs': Number(quantile(novice, 0.5).toFixed(1)),
  'bots.amateurDecisionMedianMs': Number(quantile(amateur, 0.5).toFixed(1)),
  'bots.amateurDecisionP95Ms': Number(quantile(amateur, 0.95).toFixed(1)),
  'bots.masterDecisionMedianMs': Number(quantile(master, 0.5).toFixed(1)),
  'bots.masterDecisionP95Ms': Number(quantile(master, 0.95).toFixed(1)),
};
console.log(
  `\nBots: time to choose a shot, one core (${states.length} states from amateur frames, all variants)`,
);
console.log(`novice   median ${figures['bots.noviceDecisionMedianMs']} ms over ${novice.length} states`);
console.log(
  `amateur  median ${figures['bots.amateurDecisionMedianMs']} ms, p95 ${figures['bots.amateurDecisionP95Ms']} ms over ${amateur.length} states (target ≤ 100 ms)`,
);
console.log(
  `master   median ${figures['bots.masterDecisionMedianMs']} ms, p95 ${figures['bots.masterDecisionP95Ms']} ms over ${master.length} states (target ≤ 1 s, ≤ 2 s)`,
);
const previous: Record<string, unknown> = existsSync(RESULTS)
  ? JSON.parse(readFileSync(RESULTS, 'utf8'))
  : {};
writeFileSync(RESULTS, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
console.log(`written to ${RESULTS}`);
