// Installs the workspace's dependencies when they are missing or older than the lock file,
// so that `npm start`, `npm test` and `npm run bench` work on a fresh clone with no other step.
// Uses only Node's standard library: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
const bin = join(root, 'node_modules', '.bin', 'pyramid');

const stale =
  !existsSync(installed) ||
  !existsSync(bin) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);

if (stale) {
  const command = existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  console.log(`Installing dependencies (${command}) …`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}
