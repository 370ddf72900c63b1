/**
 * Stable hashing of JSON values: keys are sorted, so two equal states hash equally whatever order
 * their objects were built in. 64-bit FNV-1a over the canonical JSON text, printed as 16 hex digits.
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

export function hashString(text: string): string {
  // Two 32-bit halves of a 64-bit FNV-1a, computed without BigInt for speed.
  let h0 = 0x84222325;
  let h1 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    // multiply (h1:h0) by the FNV prime 0x100000001b3
    const lo = h0 * 0x1b3;
    const carry = Math.floor(lo / 4294967296);
    const hi = (h1 * 0x1b3 + (h0 << 8) + carry) >>> 0;
    h0 = lo >>> 0;
    h1 = hi;
  }
  return h1.toString(16).padStart(8, '0') + h0.toString(16).padStart(8, '0');
}

export function hashJson(value: unknown): string {
  return hashString(canonicalJson(value));
}
