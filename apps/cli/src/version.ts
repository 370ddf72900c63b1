import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package's version, from its package.json (one level above src/ and dist/). */
export function version(): string {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}
