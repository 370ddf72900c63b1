// Regenerates docs/online.md from the protocol's schemas (packages/online/src/docs.ts).
// Run: node --conditions=@pyramid/source --import tsx scripts/online-docs.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onlineDocs } from '../packages/online/src/docs.js';

const file = join(import.meta.dirname, '..', 'docs', 'online.md');
writeFileSync(file, onlineDocs());
console.log(`wrote ${file}`);
