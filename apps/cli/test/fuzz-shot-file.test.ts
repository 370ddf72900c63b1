/**
 * Fuzzed shot files through the reader of `pyramid simulate` (the testkit's adversarial
 * generators, seeded): each is accepted or refused with a JSON Pointer into the file and a short
 * message, never a throw; and what the reader accepts, the simulator accepts too.
 */
import { Random } from '@pyramid/core';
import { boundaryOf, simulate } from '@pyramid/physics';
import { anyRandomShot, fuzzShotFile } from '@pyramid/testkit';
import { describe, expect, it } from 'vitest';
import { parseShot } from '../src/simulate-input.js';

describe('fuzzed shot files', () => {
  const setup = new Random(15);
  const shots = Array.from({ length: 9 }, () => anyRandomShot(setup));

  it('are accepted or refused clearly, never thrown on', () => {
    const faults: string[] = [];
    for (let i = 0; i < 700; i++) {
      const outcome = fuzzShotFile(new Random(i), shots, parseShot);
      if (outcome.verdict !== 'fine') faults.push(`seed ${i}: ${outcome.verdict}: ${outcome.detail ?? ''}`);
    }
    expect(faults).toEqual([]);
  });

  it('what the reader accepts, the simulator takes (its checks agree)', () => {
    for (let i = 0; i < 150; i++) {
      const random = new Random(10_000 + i);
      let accepted: ReturnType<typeof parseShot> | null = null;
      fuzzShotFile(random, shots, (text) => {
        accepted = parseShot(text);
        return accepted;
      });
      const read = accepted as ReturnType<typeof parseShot> | null;
      if (read === null || !read.ok) continue;
      const shot = read.value;
      const run = simulate(shot.setups, shot.strike, boundaryOf(shot.geometry), {
        ...shot.params,
        maxEvents: 1,
      });
      // A cap of one event stops the run at once: only the input check is exercised.
      if (!run.ok) expect(run.error.code, `seed ${10_000 + i}`).toBe('event-cap');
    }
  });
});
