// Typechecks every workspace with its own tsconfig: the libraries are checked without DOM or
// Node types, so `document` or `process` inside core, table or rules is a type error.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const projects = ['.'];
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group)).sort()) {
    if (existsSync(join(root, group, name, 'tsconfig.json'))) projects.push(join(group, name));
    // Browser tests run in Node with their own settings.
    if (existsSync(join(root, group, name, 'e2e', 'tsconfig.json'))) projects.push(join(group, name, 'e2e'));
  }
}
let ok = true;
for (const project of projects) {
  const run = spawnSync(tsc, ['-p', project], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    ok = false;
    console.error(`typecheck failed in ${project}`);
  }
}
if (ok) console.log(`typecheck passed in ${projects.length} projects`);
process.exit(ok ? 0 : 1);
