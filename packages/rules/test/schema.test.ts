/**
 * The JSON Schema documents the record format; the referee is the authority. These tests keep the
 * two in step: every record the referee accepts satisfies the schema, and structurally broken
 * records fail both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayRecord, TABLE_SIZES } from '@pyramid/rules';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const schema = JSON.parse(
  readFileSync(join(ROOT, 'packages', 'rules', 'schema', 'match-record.schema.json'), 'utf8'),
);
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validate = ajv.compile(schema);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

function acceptedRecords(): { name: string; record: unknown }[] {
  const records: { name: string; record: unknown }[] = [];
  for (const file of jsonFiles(join(ROOT, 'fixtures', 'referee'))) {
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { record: unknown };
    records.push({ name: file, record: fixture.record });
  }
  for (const file of jsonFiles(join(ROOT, 'examples', 'records'))) {
    records.push({ name: file, record: JSON.parse(readFileSync(file, 'utf8')) });
  }
  return records.filter(({ record }) => replayRecord(record).ok);
}

const base = {
  format: 'pyramid-match-record',
  version: 1,
  variant: 'free',
  start: { from: 'rack', breaker: 0 },
};
const breakShot = { type: 'shot', player: 0, facts: { firstContact: 1, breakCushionBalls: [2, 3] } };

const BROKEN: [string, unknown][] = [
  ['no actions', { ...base }],
  ['an unknown variant', { ...base, variant: 'snooker', actions: [] }],
  ['an unknown setting', { ...base, settings: { completion: 'one' }, actions: [] }],
  ['a ball numbered 16', { ...base, actions: [{ ...breakShot, facts: { firstContact: 16 } }] }],
  [
    'an unknown pocket',
    {
      ...base,
      actions: [{ ...breakShot, facts: { firstContact: 1, pocketed: [{ ball: 1, pocket: 'X' }] } }],
    },
  ],
  ['a player 2', { ...base, actions: [{ ...breakShot, player: 2 }] }],
  ['an unknown action type', { ...base, actions: [{ type: 'resign', player: 0 }] }],
  ['facts and events together', { ...base, actions: [{ ...breakShot, events: [] }] }],
  ['an unknown fact', { ...base, actions: [{ ...breakShot, facts: { firstBall: 1 } }] }],
  [
    'a dynamic option 3',
    { ...base, variant: 'dynamic', actions: [{ type: 'dynamic-option', player: 0, option: 3 }] },
  ],
  ['a wrong version', { ...base, version: 2, actions: [] }],
  ['a 13 ft table', { ...base, start: { ...base.start, tableSize: '13ft' }, actions: [] }],
];

describe('match-record JSON Schema', () => {
  it('accepts every record the referee accepts (fixtures and examples)', () => {
    const records = acceptedRecords();
    expect(records.length).toBeGreaterThan(10);
    const failures = records
      .filter(({ record }) => !validate(record))
      .map(({ name }) => `${name}: ${ajv.errorsText(validate.errors)}`);
    expect(failures).toEqual([]);
  });

  it('lists the table sizes the referee knows', () => {
    expect(schema.$defs.tableSize.enum).toEqual([...TABLE_SIZES]);
  });

  for (const [name, record] of BROKEN) {
    it(`rejects a record with ${name}, as the referee does`, () => {
      expect(validate(record)).toBe(false);
      expect(replayRecord(record).ok).toBe(false);
    });
  }
});
