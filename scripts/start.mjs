// `npm start`: builds the browser game and serves it on localhost (vite preview prints the URL).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vite = join(root, 'node_modules', '.bin', 'vite');
const web = join(root, 'apps', 'web');
const port = process.env.PORT ?? '5173';

const build = spawnSync(vite, ['build', web, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
console.log('\nPyramid — the game and the match scorer (Ctrl+C stops the server):');
const serve = spawnSync(vite, ['preview', web, '--host', '127.0.0.1', '--port', port, '--strictPort'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(serve.status ?? 0);
