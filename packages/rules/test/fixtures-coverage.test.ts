/**
 * The scenario fixtures must cover every clause of the four variant texts, every §29.1 item, §27,
 * п.28 and each setting's non-default value. This test reads the `checks` each fixture declares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, SETTING_NAMES } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'referee');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

const fixtures = jsonFiles(ROOT).map(
  (file) => JSON.parse(readFileSync(file, 'utf8')) as { checks: string[] },
);
const checked = new Set(fixtures.flatMap((fixture) => fixture.checks));

const range = (prefix: string, items: readonly (string | number)[]) =>
  items.map((item) => `${prefix}${item}`);

const REQUIRED: readonly string[] = [
  ...range('29.1(', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).map((code) => `${code})`),
  '29.2',
  '§27',
  'п.28',
  'п.12.1',
  'п.20',
  'п.21',
  'п.22.3',
  'п.25',
  'п.26',
  ...range('Free ', [1, 2, 4, '5.1', '5.2', '5.3', '5.4', '5.5', '5.6', 6, 7, 8]),
  ...range('Combined ', [1, 2, 4, '5.1', '5.2', '5.3', '5.4', 6, 7, 8]),
  ...range('Dynamic ', [1, 2, 4, '5.1', '5.2', '5.3', '5.4', 6, '7(1)', '7(2)', 8]),
  ...range('Classic ', [1, 2, 3, 4, '5.1', '5.2', '5.3', '5.4', '5.5', '5.6', '5.7', '5.8', 6]),
];

describe('fixture coverage', () => {
  it('has at least 100 scenario fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(100);
  });

  it('checks every clause of the variant texts, every §29.1 item, §27 and п.28', () => {
    expect(REQUIRED.filter((clause) => !checked.has(clause))).toEqual([]);
  });

  it("checks each setting's non-default value", () => {
    const missing = SETTING_NAMES.filter((name) => {
      const prefix = `setting:${name}=`;
      const values = [...checked]
        .filter((check) => check.startsWith(prefix))
        .map((check) => check.slice(prefix.length));
      return !values.some(
        (value) =>
          value !== JSON.stringify(DEFAULT_SETTINGS[name]) && value !== String(DEFAULT_SETTINGS[name]),
      );
    });
    expect(missing).toEqual([]);
  });
});
