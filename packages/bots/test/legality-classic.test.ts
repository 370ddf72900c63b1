// One file per variant, so that the variants are checked in parallel (see legality.ts).
import { describe, it } from 'vitest';
import { checkLegality, STATES_PER_KIND } from './legality.js';

describe('every move of every level is legal', () => {
  it(`in up to ${STATES_PER_KIND} random states of each kind of classic pyramid`, () =>
    checkLegality('classic', [
      'lag',
      'break, house, the coloured ball, uncalled, any ball, more than nine balls',
      'ordinary, where it lies, the coloured ball, called, any ball, more than nine balls',
      'ordinary, where it lies, the coloured ball, called, any ball, nine balls or fewer',
      'penalty, house, the coloured ball, called, any ball, nine balls or fewer',
      'penalty, temporary-house, the coloured ball, called, any ball, nine balls or fewer',
    ]));
});
