/**
 * Every word of a Russian explanation is Russian: replaying the whole fixture corpus and the example
 * records, no Russian explanation (nor the Russian text of any reason) contains a Latin-script word,
 * other than the codes of balls and pockets. The players' labels ("Игрок A") are stand-ins for their
 * names (`namePlayers`), so they are checked with Russian names put in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { POCKET_IDS } from '@pyramid/table';
import { describe, expect, it } from 'vitest';
import { describeTurn, namePlayers, replayRecord } from '../src/index.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const RECORDS = [
  ...jsonFiles(join(ROOT, 'fixtures', 'referee')).map((file) => ({
    file,
    record: (JSON.parse(readFileSync(file, 'utf8')) as { record: unknown }).record,
  })),
  ...jsonFiles(join(ROOT, 'examples', 'records')).map((file) => ({
    file,
    record: JSON.parse(readFileSync(file, 'utf8')) as unknown,
  })),
];

const NAMES = ['Анна', 'Борис'] as const;
/** A ball is named by its number; a pocket may be named by its code. */
const CODES = new Set<string>(POCKET_IDS);

/** The Latin-script words of a Russian text that are not codes. */
export function latinWords(text: string): string[] {
  return [...namePlayers(text, NAMES).matchAll(/\p{Script=Latin}+/gu)]
    .map((m) => m[0])
    .filter((word) => !CODES.has(word));
}

describe('Russian explanations are in Russian', () => {
  it('finds the Latin words it must refuse', () => {
    expect(latinWords('Нарушение [п.22.3, п.26 (reading)]; Игрок A бьёт в BL')).toEqual(['reading']);
    expect(latinWords('Игрок B выигрывает партию [§1]')).toEqual([]);
  });

  it('in every ruling of the fixture corpus and the example records', () => {
    const offending: string[] = [];
    let rulings = 0;
    for (const { file, record } of RECORDS) {
      const replay = replayRecord(record);
      if (!replay.ok) continue;
      replay.value.steps.forEach((step, index) => {
        rulings += 1;
        const texts = [
          step.ruling.explanation.ru,
          ...step.ruling.reasons.map((reason) => reason.ru),
          describeTurn(step.ruling.next, 'ru'),
        ];
        for (const text of texts) {
          const words = latinWords(text);
          if (words.length > 0)
            offending.push(`${relative(ROOT, file)} [${index}]: ${words.join(', ')} in «${text}»`);
        }
      });
    }
    expect(rulings).toBeGreaterThan(500);
    expect(offending).toEqual([]);
  });
});
