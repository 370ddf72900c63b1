/**
 * Describing and locating untrusted values. An error message that quotes the value at fault must
 * not fail on the value itself: `JSON.stringify` of an array nested a few thousand levels overflows
 * the stack, and of a huge one makes a message megabytes long. `describeValue` is bounded in depth
 * and length and never recurses more than `maxDepth` levels.
 *
 * Fields are named by JSON Pointer (RFC 6901): `/facts/pocketed/0/ball`, the empty string for the
 * whole value, `~0` for `~` and `~1` for `/` inside a key, so every key, the empty key included
 * (`/`), has exactly one path.
 */

export interface DescribeOptions {
  /** Levels of arrays and objects shown before `[…]` / `{…}` (default 2). */
  readonly maxDepth?: number;
  /** Characters of the description before it is cut with `…` (default 60). */
  readonly maxLength?: number;
}

/** A short, bounded, JSON-like description of any value, for an error message. */
export function describeValue(value: unknown, options: DescribeOptions = {}): string {
  const maxLength = options.maxLength ?? 60;
  const out: string[] = [];
  let length = 0;
  const push = (text: string): boolean => {
    out.push(text);
    length += text.length;
    return length <= maxLength;
  };
  describeInto(value, options.maxDepth ?? 2, push);
  const text = out.join('');
  return text.length <= maxLength ? text : `${text.slice(0, Math.max(0, maxLength - 1))}…`;
}

/** Writes the description piece by piece; stops as soon as `push` says the budget is spent. */
function describeInto(value: unknown, depth: number, push: (text: string) => boolean): boolean {
  switch (typeof value) {
    case 'string':
      return push(JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value));
    case 'number':
      return push(Object.is(value, -0) ? '-0' : String(value));
    case 'bigint':
      return push(`${value}n`);
    case 'boolean':
      return push(String(value));
    case 'undefined':
      return push('undefined');
    case 'symbol':
      return push('a symbol');
    case 'function':
      return push('a function');
  }
  if (value === null) return push('null');
  if (Array.isArray(value)) {
    if (depth <= 0) return push(value.length === 0 ? '[]' : '[…]');
    if (!push('[')) return false;
    for (let i = 0; i < value.length; i++) {
      if (i > 0 && !push(', ')) return false;
      if (!describeInto(value[i], depth - 1, push)) return false;
    }
    return push(']');
  }
  const keys = Object.keys(value as object);
  if (depth <= 0) return push(keys.length === 0 ? '{}' : '{…}');
  if (!push('{')) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0 && !push(', ')) return false;
    if (!push(`${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}: `)) return false;
    if (!describeInto((value as Record<string, unknown>)[key], depth - 1, push)) return false;
  }
  return push('}');
}

/** One key as a JSON Pointer reference token: `~` → `~0`, `/` → `~1` (RFC 6901 §3). */
export function pointerToken(key: string | number): string {
  return typeof key === 'number' ? String(key) : key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The pointer to `key` inside the value at `base` (a pointer; '' for the whole value). */
export function pointerJoin(base: string, key: string | number): string {
  return `${base}/${pointerToken(key)}`;
}

/** The pointer of a path of keys and indices: `['facts', 'pocketed', 0]` → `/facts/pocketed/0`. */
export function jsonPointer(path: readonly (string | number)[]): string {
  let out = '';
  for (const key of path) out = pointerJoin(out, key);
  return out;
}

/** The keys of a pointer (the inverse of `jsonPointer`, indices as strings); null if it is not one. */
export function pointerKeys(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const keys = pointer.slice(1).split('/');
  for (const key of keys) if (/~(?![01])/.test(key)) return null;
  return keys.map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * A path written in code with known names, `facts.pocketed[0].ball`, as a JSON Pointer
 * (`/facts/pocketed/0/ball`); a pointer (or '') is returned unchanged. Only for paths of
 * identifiers and indices the program wrote itself: a key that came from the input goes through
 * `pointerJoin`, so that no character of it is read as a separator.
 */
export function fieldPointer(path: string): string {
  if (path === '' || path.startsWith('/')) return path;
  return `/${path
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '')
    .split('.')
    .map(pointerToken)
    .join('/')}`;
}
