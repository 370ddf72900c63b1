// `npm run cluster`: a local cluster to try several server processes: PostgreSQL and Redis from
// Debian's packages on loopback in a temporary folder (installed first when missing and we may),
// and two server processes on two ports (CLUSTER_PORTS, default 8081,8082) sharing them. Open
// either port in a browser; kill one process (its pid is printed) and its tables move to the
// other. Ctrl-C stops everything and removes the folder.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (
  spawnSync(process.execPath, [join(root, 'scripts', 'ensure-deps.mjs'), '--services'], { stdio: 'inherit' })
    .status !== 0
)
  process.exit(1);
// The compiled server (apps/server/dist), as `npm start` runs it: built first (a no-op when up to date).
if (spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
// tsx is a dependency: loaded once ensure-deps has installed them.
const { register } = await import('tsx/esm/api');
register();
const { startPostgres, startRedis } = await import('../apps/server/test-support/services.ts');

const ports = (process.env.CLUSTER_PORTS ?? '8081,8082').split(',').map((p) => Number(p.trim()));
const data = mkdtempSync(join(tmpdir(), 'pyramid-cluster-'));
const postgres = await startPostgres({ durable: true });
const redis = await startRedis();
console.log(`PostgreSQL ${postgres.url}\nRedis      ${redis.url}`);

const servers = ports.map((port, i) => {
  const child = spawn(process.execPath, [join(root, 'apps', 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PYRAMID_DATA: join(data, `server-${i + 1}`),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  console.log(`server ${i + 1}: pid ${child.pid}, http://127.0.0.1:${port}/`);
  child.on('exit', (code, signal) => {
    if (!stopping)
      console.log(
        `server ${i + 1} (pid ${child.pid}) ended (${signal ?? code}); its tables move to the other`,
      );
  });
  return child;
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the cluster …');
  await Promise.all(
    servers.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await redis.stop();
  await postgres.stop();
  rmSync(data, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
