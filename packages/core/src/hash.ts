/**
 * Stable hashing of JSON values: keys are sorted, so two equal states hash equally whatever order
 * their objects were built in. 64-bit FNV-1a (Fowler–Noll–Vo) over the UTF-8 bytes of the canonical
 * JSON text, printed as 16 hex digits: the standard test vectors hold ("" → cbf29ce484222325,
 * "a" → af63dc4c8601ec8c, "foobar" → 85944171f73967e8).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite number in JSON');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/** FNV-1a 64 of the UTF-8 encoding of `text`, as 16 lower-case hex digits. */
export function hashString(text: string): string {
  // The 64-bit state as two unsigned 32-bit halves (no BigInt: this runs on every simulation).
  let lo = 0x84222325;
  let hi = 0xcbf29ce4;
  const step = (byte: number) => {
    lo = (lo ^ byte) >>> 0;
    // (hi:lo) × 0x100000001b3 mod 2^64 = (hi:lo) × 0x1b3 + (lo << 40). Every product stays below 2^53.
    const low = lo * 0x1b3;
    const carry = Math.floor(low / 4294967296);
    hi = (hi * 0x1b3 + ((lo << 8) >>> 0) + carry) >>> 0;
    lo = low >>> 0;
  };
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    // A surrogate pair is one code point; a lone surrogate is encoded as U+FFFD, as TextEncoder does.
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else code = 0xfffd;
    } else if (code >= 0xdc00 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) step(code);
    else if (code < 0x800) {
      step(0xc0 | (code >> 6));
      step(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      step(0xe0 | (code >> 12));
      step(0x80 | ((code >> 6) & 0x3f));
      step(0x80 | (code & 0x3f));
    } else {
      step(0xf0 | (code >> 18));
      step(0x80 | ((code >> 12) & 0x3f));
      step(0x80 | ((code >> 6) & 0x3f));
      step(0x80 | (code & 0x3f));
    }
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

export function hashJson(value: unknown): string {
  return hashString(canonicalJson(value));
}
