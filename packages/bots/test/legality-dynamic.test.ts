// One file per variant, so that the variants are checked in parallel (see legality.ts).
import { describe, it } from 'vitest';
import { checkLegality, STATES_PER_KIND } from './legality.js';

describe('every move of every level is legal', () => {
  it(`in up to ${STATES_PER_KIND} random states of each kind of dynamic pyramid`, () =>
    checkLegality('dynamic', [
      'lag',
      'break, house, the coloured ball, uncalled, any ball, more than nine balls',
      'ordinary, where it lies, the coloured ball, uncalled, any ball, more than nine balls',
      'ordinary, where it lies, the coloured ball, uncalled, any ball, nine balls or fewer',
      'penalty, anywhere, the coloured ball, uncalled, object balls only, more than nine balls',
      'penalty, anywhere, the coloured ball, uncalled, object balls only, nine balls or fewer',
      'premium, anywhere, the coloured ball, uncalled, object balls only, more than nine balls',
      'penalty-ball',
      'exchange-ball',
      'dynamic-option',
    ]));
});
