// Builds the publishable packages: `tsc -p tsconfig.build.json` in each workspace that has one,
// in dependency order (a package compiles against the built dist/ of the packages it imports).
// `node scripts/build.mjs` builds every such workspace; `node scripts/build.mjs DIR…` builds those
// (a package's own `npm run build` passes `.`). A workspace is skipped while its dist/ is newer
// than its sources and than the builds it depends on, so `npm test` and `npm start` pay for a
// build only after a change.
//
// A new package joins by adding `tsconfig.build.json` ({ "extends": ["./tsconfig.json",
// "../../tsconfig.package.json"] }), the `exports` entry with the "@pyramid/source" condition first,
// `files` and the `build` script (copy them from packages/core/package.json). Files that tsc does not
// emit are listed in package.json under "pyramidBuild": { "copy": [{ "from", "to" }] }.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// When each workspace was last built (outside dist/, so that it is not packed).
const stamps = join(root, 'node_modules', '.cache', 'pyramid-build');

/** Every workspace with a tsconfig.build.json, by package name. */
function workspaces() {
  const found = new Map();
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const dir = join(root, group, name);
      if (!existsSync(join(dir, 'tsconfig.build.json'))) continue;
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      found.set(pkg.name, { dir, pkg });
    }
  }
  return found;
}

/** The newest modification time under `path` (a file or a folder). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = stat.mtimeMs;
  for (const entry of readdirSync(path)) time = Math.max(time, newest(join(path, entry)));
  return time;
}

function stampFile(name) {
  return join(stamps, `${name.replace('/', '+')}.stamp`);
}

function stampOf(name) {
  const file = stampFile(name);
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

const all = workspaces();
const requested = process.argv.slice(2).map((arg) => resolve(process.cwd(), arg));
const wanted = new Set();
const visit = (name) => {
  const ws = all.get(name);
  if (ws === undefined || wanted.has(name)) return;
  for (const dep of Object.keys(ws.pkg.dependencies ?? {})) visit(dep);
  wanted.add(name);
};
if (requested.length === 0) for (const name of all.keys()) visit(name);
for (const dir of requested) {
  const entry = [...all.entries()].find(([, ws]) => ws.dir === dir);
  if (entry === undefined) {
    console.error(`build: ${relative(root, dir) || '.'} has no tsconfig.build.json`);
    process.exit(1);
  }
  visit(entry[0]);
}

// `wanted` is in dependency order (each package after the ones it depends on).
let built = 0;
for (const name of wanted) {
  const { dir, pkg } = all.get(name);
  const copies = pkg.pyramidBuild?.copy ?? [];
  const inputs = [
    join(dir, 'src'),
    join(dir, 'package.json'),
    join(dir, 'tsconfig.json'),
    join(dir, 'tsconfig.build.json'),
  ];
  for (const copy of copies) inputs.push(join(dir, copy.from));
  const deps = Object.keys(pkg.dependencies ?? {}).filter((dep) => all.has(dep));
  const since = Math.max(...inputs.map(newest), ...deps.map(stampOf));
  if (stampOf(name) > since && existsSync(join(dir, 'dist'))) continue;
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const run = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.build.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`build failed in ${relative(root, dir)}`);
    process.exit(1);
  }
  for (const copy of copies) {
    rmSync(join(dir, copy.to), { recursive: true, force: true });
    cpSync(join(dir, copy.from), join(dir, copy.to), { recursive: true });
  }
  mkdirSync(stamps, { recursive: true });
  writeFileSync(stampFile(name), `${new Date().toISOString()}\n`);
  built += 1;
}
console.log(`build: ${built} of ${wanted.size} packages built, the rest were up to date`);
