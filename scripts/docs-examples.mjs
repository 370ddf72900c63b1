// Regenerates the "Example frames" section of docs/match-record.md from examples/records/*.json,
// so the document always shows the records the tests replay. Run: node scripts/docs-examples.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const doc = join(root, 'docs', 'match-record.md');
const MARK = '## Example frames';
const VARIANTS = ['free', 'combined', 'dynamic', 'classic'];

const text = readFileSync(doc, 'utf8');
const head = text.slice(0, text.indexOf(MARK));
let out = `${MARK}\n\nComplete frames, one per variant, from the rack to a winner. They are the files in\n[\`examples/records/\`](../examples/records/) (this section is generated from them by\n\`node scripts/docs-examples.mjs\`, and a test checks it is current). Replay one with\n\`npx pyramid referee examples/records/<variant>.json\` to read every ruling.\n`;
for (const variant of VARIANTS) {
  const file = join(root, 'examples', 'records', `${variant}.json`);
  const record = JSON.parse(readFileSync(file, 'utf8'));
  // Titles and descriptions are given in English and Russian: the document is in English.
  out += `\n### ${record.meta?.title?.en ?? record.meta?.title ?? variant}\n\n`;
  const description = record.meta?.description?.en ?? record.meta?.description;
  if (description) out += `${description}\n\n`;
  out += `\`\`\`json\n${JSON.stringify(record, null, 2)}\n\`\`\`\n`;
}
writeFileSync(doc, head + out);
console.log(`wrote ${doc}`);
