// Installs the workspace's dependencies when they are missing or older than the lock file,
// so that `npm start`, `npm test` and `npm run bench` work on a fresh clone with no other step.
// Uses only Node's standard library: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
const bin = join(root, 'node_modules', '.bin', 'pyramid');
const CHROMIUM = process.env.PYRAMID_CHROMIUM ?? '/usr/bin/chromium';

const stale =
  !existsSync(installed) ||
  !existsSync(bin) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);

if (stale) {
  const command = existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  console.log(`Installing dependencies (${command}) …`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

// `npm test` drives a real browser: Debian's chromium, installed here when it is missing and we may.
if (process.argv.includes('--browser') && !existsSync(CHROMIUM)) {
  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root_ && existsSync('/usr/bin/apt-get')) {
    console.log('Installing chromium for the browser tests (apt-get install -y chromium) …');
    execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error(
      `The browser tests need chromium at ${CHROMIUM}: run \`sudo apt-get install -y chromium\`.`,
    );
    process.exit(1);
  }
}

// The cluster tests (PostgreSQL store, Redis bus, several server processes) start Debian's
// PostgreSQL and Redis servers on loopback themselves: installed here when missing and we may.
const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(join('/usr/lib/postgresql', v, 'bin', 'initdb')));
const hasRedis = () => {
  try {
    execSync('command -v redis-server', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
if (process.argv.includes('--services') && (!hasPostgres() || !hasRedis())) {
  const packages = [...(hasPostgres() ? [] : ['postgresql']), ...(hasRedis() ? [] : ['redis-server'])];
  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root_ && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${packages.join(' and ')} for the cluster tests (apt-get install -y) …`);
    execSync(`apt-get update -qq && apt-get install -y -qq ${packages.join(' ')}`, { stdio: 'inherit' });
  } else {
    console.error(
      `The cluster tests need ${packages.join(' and ')}: run \`sudo apt-get install -y ${packages.join(' ')}\`.`,
    );
    process.exit(1);
  }
}
