// One file per variant, so that the variants are checked in parallel (see legality.ts).
import { describe, it } from 'vitest';
import { checkLegality, STATES_PER_VARIANT } from './legality.js';

describe('every move of every level is legal', () => {
  it(`in ${STATES_PER_VARIANT} random states of free pyramid`, () => checkLegality('free'));
});
