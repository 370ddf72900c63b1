/**
 * Describing untrusted values within bounds, and naming fields by JSON Pointer (RFC 6901 §3–4:
 * `~0` for `~`, `~1` for `/`, '' for the whole value).
 */
import { describe, expect, it } from 'vitest';
import { describeValue, fieldPointer, jsonPointer, pointerJoin, pointerKeys } from '../src/index.js';

function deepArray(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('describeValue', () => {
  it('shows small values as JSON would', () => {
    expect(describeValue(16)).toBe('16');
    expect(describeValue('NaN')).toBe('"NaN"');
    expect(describeValue([1, 'a', null])).toBe('[1, "a", null]');
    expect(describeValue({ x: 1e200 })).toBe('{"x": 1e+200}');
    expect(describeValue(-0)).toBe('-0');
    expect(describeValue(undefined)).toBe('undefined');
  });

  it('stops at two levels and sixty characters, however deep or long the value', () => {
    expect(describeValue(deepArray(100_000))).toBe('[[[…]]]');
    const long = describeValue({
      text: 'x'.repeat(1_000_000),
      more: Array.from({ length: 1e5 }, (_, i) => i),
    });
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
    expect(describeValue(Array.from({ length: 1e6 }, () => 0)).length).toBeLessThanOrEqual(60);
  });
});

describe('JSON Pointer', () => {
  it('escapes ~ and / in keys, so every key has one pointer (RFC 6901 §3)', () => {
    expect(jsonPointer(['facts', 'pocketed', 0, 'ball'])).toBe('/facts/pocketed/0/ball');
    expect(jsonPointer([])).toBe('');
    expect(jsonPointer([''])).toBe('/');
    expect(jsonPointer(['a/b', 'm~n'])).toBe('/a~1b/m~0n');
    expect(pointerJoin('/facts', '~1')).toBe('/facts/~01');
  });

  it('reads a pointer back into its keys, and refuses what is not one', () => {
    for (const keys of [[], [''], ['a/b', 'm~n'], ['~1', '0', ' ']])
      expect(pointerKeys(jsonPointer(keys))).toEqual(keys);
    expect(pointerKeys('facts.pocketed')).toBeNull();
    expect(pointerKeys('/a~2')).toBeNull();
  });

  it('turns a path of names written in code into a pointer, and leaves a pointer as it is', () => {
    expect(fieldPointer('facts.pocketed[0].ball')).toBe('/facts/pocketed/0/ball');
    expect(fieldPointer('start.shelves[1][2]')).toBe('/start/shelves/1/2');
    expect(fieldPointer('')).toBe('');
    expect(fieldPointer('/a~1b')).toBe('/a~1b');
  });
});
