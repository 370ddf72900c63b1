// `npm start`: builds the packages and the server (tsc, a no-op when up to date) and the browser app
// (game and scorer), then starts the compiled pyramid server (apps/server/dist/main.js) on
// 127.0.0.1: the app, the HTTP API and online play on one port (PORT, default 8080), with its
// SQLite database in PYRAMID_DATA (default ./data, created).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vite = join(root, 'node_modules', '.bin', 'vite');
const web = join(root, 'apps', 'web');

const packages = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (packages.status !== 0) process.exit(packages.status ?? 1);
const build = spawnSync(vite, ['build', web, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
console.log('\nPyramid — the game, the match scorer and online play (Ctrl+C stops the server):');
const server = spawn(process.execPath, [join(root, 'apps', 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PYRAMID_DATA: process.env.PYRAMID_DATA ?? join(root, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
