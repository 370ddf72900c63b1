/** docs/events.md's headless example runs as printed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as events from '../src/index.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'events.md'), 'utf8');
const block = /```js\n([\s\S]*?)\n```/.exec(doc.slice(doc.indexOf('## Headless use')))?.[1] ?? '';

describe('docs/events.md', () => {
  it('shows a headless example that runs: the draw, calls to the free tables and a result', () => {
    const lines: string[] = [];
    const body = block.replace(/^import \{([^}]*)\} from '@pyramid\/events';$/m, 'const {$1} = events;');
    expect(body).not.toContain('import ');
    new Function('events', 'console', body)(events, { log: (text: string) => lines.push(text) });
    const printed = lines.join('\n').split('\n');
    expect(printed).toHaveLength(10);
    // One match was played: its loser has no place yet (double elimination), nobody has one.
    expect(printed.every((line) => line.startsWith('— '))).toBe(true);
  });
});
