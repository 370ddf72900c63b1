import { apply, newMatch, type MatchState } from '@pyramid/rules';
function run(state: MatchState, actions: unknown[]) {
  for (const a of actions) {
    const r = apply(state, a);
    if (!r.ok) { console.log('ERR', r.error); return state; }
    console.log(JSON.stringify(a), '=>', r.value.ruling.verdict, r.value.ruling.fouls, 'scores', r.value.state.scores, 'table', r.value.state.table.join(','), 'shelves', JSON.stringify(r.value.state.shelves), 'turn', JSON.stringify(r.value.state.turn));
    state = r.value.state;
  }
  return state;
}
for (const variant of ['free', 'combined', 'dynamic', 'classic'] as const) {
  console.log('---', variant);
  run(newMatch(variant, { breaker: 0, settings: { rebreakAfterIncorrectBreak: true } }), [
    { type: 'shot', player: 0, cueBall: 0, facts: { firstContact: 1, pocketed: [{ ball: 1, pocket: 'BL' }], breakCushionBalls: [2, 3] } },
    { type: 'interference', restorable: false },
    { type: 'lag', winner: 1, first: 1 },
    { type: 'shot', player: 1, cueBall: 0, facts: { firstContact: 2 } },
  ]);
}
