/**
 * docs/match-record.md shows a full example frame of each variant; those blocks must be exactly
 * the records in examples/records (which the CLI tests replay), so the document cannot go stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'match-record.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Example frames'));
const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => JSON.parse(match[1]!));

describe('docs/match-record.md example frames', () => {
  it('shows one block per variant, in order', () => {
    expect(blocks.map((record) => record.variant)).toEqual(['free', 'combined', 'dynamic', 'classic']);
  });

  for (const variant of ['free', 'combined', 'dynamic', 'classic']) {
    it(`shows examples/records/${variant}.json exactly (regenerate with node scripts/docs-examples.mjs)`, () => {
      const file = JSON.parse(readFileSync(join(ROOT, 'examples', 'records', `${variant}.json`), 'utf8'));
      expect(blocks.find((record) => record.variant === variant)).toEqual(file);
    });
  }
});
