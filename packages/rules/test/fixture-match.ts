/**
 * Partial matching for scenario fixtures: every key a fixture states must equal the actual value
 * (recursively); keys it leaves out are not checked. Arrays must match in length and order.
 */
export function mismatches(expected: unknown, actual: unknown, path = ''): string[] {
  if (expected === null || typeof expected !== 'object') {
    return Object.is(expected, actual)
      ? []
      : [`${path || '(root)'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (expected.length !== actual.length) {
      return [
        `${path}: expected ${expected.length} entries ${JSON.stringify(expected)}, got ${actual.length} ${JSON.stringify(actual)}`,
      ];
    }
    return expected.flatMap((item, i) => mismatches(item, actual[i], `${path}[${i}]`));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
    return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
  }
  const record = actual as Record<string, unknown>;
  return Object.entries(expected).flatMap(([key, value]) =>
    mismatches(value, record[key], path ? `${path}.${key}` : key),
  );
}
