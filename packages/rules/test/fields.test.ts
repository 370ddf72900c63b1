/**
 * Errors name their field as a JSON Pointer (RFC 6901) into the action or the record header:
 * every key has one path — the empty key is `/`, `~` and `/` inside a key are `~0` and `~1` — and
 * a value quoted in a message is described within bounds, however deeply it is nested.
 */
import { pointerKeys } from '@pyramid/core';
import { apply, newMatch, replayRecord } from '@pyramid/rules';
import { nested, setOwn } from '@pyramid/testkit';
import { describe, expect, it } from 'vitest';

const state = newMatch('free', { breaker: 0 });
const shot = (facts: Record<string, unknown>) => ({ type: 'shot', player: 0, cueBall: 0, facts });
const field = (input: unknown) => {
  const result = apply(state, input);
  return result.ok ? null : result.error.field;
};

describe('field paths are JSON Pointers', () => {
  it('names nested fields with / and array indices', () => {
    expect(field(shot({ firstContact: 1, pocketed: [{ ball: 99, pocket: 'FL' }] }))).toBe(
      '/facts/pocketed/0/ball',
    );
    expect(field({ type: 'shot', player: 7, facts: {} })).toBe('/player');
    expect(field(42)).toBe('');
  });

  it('tells the empty key from the action itself, and escapes ~ and / in keys', () => {
    const facts: Record<string, unknown> = {};
    setOwn(facts, '', 1);
    expect(field(shot(facts))).toBe('/facts/');
    expect(field({ ...shot({}), 'a/b': 1 })).toBe('/a~1b');
    expect(field({ ...shot({}), '~x': 1 })).toBe('/~0x');
    expect(pointerKeys('/a~1b')).toEqual(['a/b']);
    expect(pointerKeys('/~0x')).toEqual(['~x']);
  });

  it('takes a prototype key as a key like any other', () => {
    const input = shot({});
    setOwn(input, '__proto__', { player: 1 });
    expect(field(input)).toBe('/__proto__');
    const positions = {};
    setOwn(positions, 'constructor', { x: 1, y: 2 });
    expect(field({ ...shot({}), facts: { positions } })).toBe('/facts/positions/constructor');
  });

  it('a header key: the unknown key of a record, even the empty one', () => {
    const record = { format: 'pyramid-match-record', version: 1, variant: 'free', actions: [] };
    setOwn(record, '', 0);
    const result = replayRecord(record);
    expect(!result.ok && result.error.field).toBe('/');
  });
});

describe('a value quoted in a message is bounded', () => {
  it('an unknown ball nested 10,000 levels deep', () => {
    const result = apply(state, { type: 'penalty-ball', player: 1, ball: nested(10_000, 'array', 16) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.field).toBe('/ball');
    expect(result.error.message.length).toBeLessThan(200);
  });

  it('a record version nested 10,000 levels deep, or a megabyte long', () => {
    for (const version of [nested(10_000, 'object'), 'x'.repeat(1_000_000)]) {
      const result = replayRecord({ format: 'pyramid-match-record', version, variant: 'free', actions: [] });
      expect(!result.ok && result.error.field).toBe('/version');
      expect(!result.ok && result.error.message.length).toBeLessThan(200);
    }
  });
});

describe("a record's free-form meta", () => {
  const record = (meta: unknown) => ({
    format: 'pyramid-match-record',
    version: 1,
    variant: 'free',
    actions: [],
    meta,
  });
  it('is taken as it is when it is an ordinary object', () => {
    expect(replayRecord(record({ event: 'club night', notes: [{ by: 'A', text: 'x' }] })).ok).toBe(true);
  });
  it('is refused, naming where, when nested deeper than any program can write back', () => {
    const result = replayRecord(record({ notes: nested(10_000, 'array') }));
    expect(!result.ok && result.error.code).toBe('invalid-setup');
    expect(!result.ok && result.error.field).toBe(`/meta/notes${'/0'.repeat(31)}`);
  });
});
