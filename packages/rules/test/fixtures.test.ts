/**
 * Runs every scenario fixture in fixtures/referee: a match record written from the rule text,
 * with the rulings and final state a referee expects. Fixtures are data a person can read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { replayRecord, summarise } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import { mismatches } from './fixture-match.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'referee');

interface Fixture {
  title: string;
  checks: string[];
  record: unknown;
  expect?: { index: number; ruling: unknown }[];
  final?: unknown;
  error?: { index: number | null; code: string; field?: string };
}

function listFixtures(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFixtures(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

export const FIXTURE_FILES = listFixtures(ROOT).sort();

export function loadFixture(file: string): Fixture {
  return JSON.parse(readFileSync(file, 'utf8')) as Fixture;
}

describe('referee scenario fixtures', () => {
  for (const file of FIXTURE_FILES) {
    const fixture = loadFixture(file);
    it(`${relative(ROOT, file)}: ${fixture.title}`, () => {
      expect(fixture.checks.length, 'a fixture names the paragraphs it checks').toBeGreaterThan(0);
      expect(fixture.expect !== undefined || fixture.final !== undefined || fixture.error !== undefined).toBe(
        true,
      );
      const result = replayRecord(fixture.record);
      if (fixture.error !== undefined) {
        expect(result.ok, 'the record must be rejected').toBe(false);
        if (!result.ok) expect(mismatches(fixture.error, result.error)).toEqual([]);
        return;
      }
      if (!result.ok)
        throw new Error(
          `replay failed at action ${result.error.index}: ${result.error.field}: ${result.error.message}`,
        );
      const replay = result.value;
      const problems: string[] = [];
      for (const step of fixture.expect ?? []) {
        const actual = replay.steps[step.index];
        if (actual === undefined) problems.push(`no action ${step.index}`);
        else problems.push(...mismatches(step.ruling, actual.ruling, `actions[${step.index}]`));
      }
      if (fixture.final !== undefined)
        problems.push(...mismatches(fixture.final, summarise(replay.final), 'final'));
      expect(problems).toEqual([]);
    });
  }
});
