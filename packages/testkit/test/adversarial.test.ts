/**
 * The adversarial fuzzers in `npm test`, at a size that fits its budget (a few seconds): every kind
 * of input — actions, records, situations, strikes — must be accepted or refused clearly, never
 * throw, never change the input or the state. `npm run soak` runs the same checks by the million
 * (and the shot files through the CLI's reader, in apps/cli/test). The seeds are fixed, so a
 * failure here names an input that reproduces it.
 */
import { Random } from '@pyramid/core';
import { describe, expect, it } from 'vitest';
import {
  anyRandomShot,
  copyJson,
  fuzzAction,
  fuzzRecord,
  fuzzRecords,
  fuzzSituation,
  fuzzStates,
  fuzzStrike,
  jsonText,
  mutate,
  nested,
  type Outcome,
  snapshot,
  unclearError,
} from '../src/index.js';

function expectAllFine(outcomes: readonly Outcome[]): void {
  const faults = outcomes.filter((o) => o.verdict !== 'fine');
  expect(faults.map((o) => `${o.kind}: ${o.verdict}: ${o.detail ?? ''}`)).toEqual([]);
}

describe('the generators themselves', () => {
  it('nest 10,000 levels deep, and copy, write and compare such values without overflowing', () => {
    const deep = nested(10_000, 'array', 1);
    expect(snapshot(copyJson(deep))).toBe(snapshot(deep));
    const text = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    expect(jsonText(deep)).toBe(text);
    expect(snapshot(JSON.parse(text))).toBe(snapshot(deep));
  });

  it('plant a defect in a copy, never in the original', () => {
    const random = new Random(1);
    const original = { a: [1, 2, { b: 'x' }], c: null };
    const before = snapshot(original);
    for (let k = 0; k < 200; k++) mutate(random, original);
    expect(snapshot(original)).toBe(before);
  });

  it('unclearError tells a pointer into the input from one that is not', () => {
    const input = { facts: { pocketed: [{ ball: 99 }] } };
    expect(unclearError(input, { code: 'x', field: '/facts/pocketed/0/ball', message: 'm' })).toBeNull();
    expect(unclearError(input, { code: 'x', field: '/facts/pocketed/0/pocket', message: 'm' })).toBeNull();
    expect(unclearError(input, { code: 'x', field: 'facts.pocketed[0].ball', message: 'm' })).toMatch(
      /not a JSON Pointer/,
    );
    expect(unclearError(input, { code: 'x', field: '/facts/offTable/0', message: 'm' })).toMatch(
      /does not point/,
    );
    expect(unclearError(input, { code: 'x', field: '', message: 'm'.repeat(301) })).toMatch(/301 characters/);
  });
});

describe('fuzzed input is accepted or refused clearly: no throw, no mutation', () => {
  const setup = new Random(2026);
  const states = fuzzStates(setup, 3);
  const records = fuzzRecords(setup, 8);
  const shots = Array.from({ length: 12 }, () => anyRandomShot(setup));

  it('actions against states of every variant', () => {
    expectAllFine(Array.from({ length: 800 }, (_, i) => fuzzAction(new Random(i), states)));
  });

  it('match records with a defect in the header or an action', () => {
    expectAllFine(Array.from({ length: 400 }, (_, i) => fuzzRecord(new Random(i), records)));
  });

  it('situation starts: contradictions refused, defects refused clearly', () => {
    expectAllFine(Array.from({ length: 600 }, (_, i) => fuzzSituation(new Random(i))));
  });

  it('strikes checked by the simulator', () => {
    expectAllFine(Array.from({ length: 600 }, (_, i) => fuzzStrike(new Random(i), shots)));
  });
});
