import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onlineDocs } from '../src/docs.js';
import { CLIENT_MESSAGE_TYPES, ONLINE_ERROR_CODES, SERVER_MESSAGE_TYPES } from '../src/index.js';

describe('docs/online.md', () => {
  it('is what the schemas generate (run `node --conditions=@pyramid/source --import tsx scripts/online-docs.ts` after a change)', () => {
    const file = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'online.md'), 'utf8');
    expect(file).toBe(onlineDocs());
  });

  it('documents every message both ways and every error code', () => {
    const text = onlineDocs();
    for (const type of [...CLIENT_MESSAGE_TYPES, ...SERVER_MESSAGE_TYPES])
      expect(text).toContain(`### \`${type}\``);
    for (const code of ONLINE_ERROR_CODES) expect(text).toContain(`| \`${code}\` |`);
  });
});
