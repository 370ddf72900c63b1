import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashJson, hashString } from '../src/index.js';

/** FNV-1a 64 by the definition, with BigInt, over TextEncoder's UTF-8: the reference. */
function reference(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

describe('hashString: FNV-1a 64 over UTF-8', () => {
  it('gives the published test vectors', () => {
    // From the FNV reference test suite (Landon Curt Noll, "FNV test vectors").
    expect(hashString('')).toBe('cbf29ce484222325');
    expect(hashString('a')).toBe('af63dc4c8601ec8c');
    expect(hashString('foobar')).toBe('85944171f73967e8');
  });

  it('agrees with the definition on any text, non-ASCII and lone surrogates included', () => {
    expect(hashString('шар 5 — ½ ✓ 🎱')).toBe(reference('шар 5 — ½ ✓ 🎱'));
    expect(hashString('\ud800x\udc00')).toBe(reference('\ud800x\udc00'));
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        (text) => hashString(text) === reference(text),
      ),
      {
        numRuns: 300,
      },
    );
  });
});

describe('canonicalJson and hashJson', () => {
  it('ignore key order and undefined members, keep array order', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }], u: undefined })).toBe(
      '{"a":[2,{"c":"x","d":null}],"b":1}',
    );
    expect(hashJson({ x: 1, y: 2 })).toBe(hashJson({ y: 2, x: 1 }));
    expect(hashJson([1, 2])).not.toBe(hashJson([2, 1]));
    expect(hashJson({ a: 1 })).toBe(reference('{"a":1}'));
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow('non-finite');
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow('non-finite');
  });
});
