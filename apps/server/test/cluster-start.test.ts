/**
 * Three server processes started together on an empty PostgreSQL database (a cold start of a
 * cluster) share one session secret: the first is made under a lock and read back, so a token any
 * of them signs is good at every other. Run several times, each on a fresh database: the race it
 * guards against is lost only now and then.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/server.js';
import { type Services, startServices } from './cluster-support.js';
import { client, freshDatabase, guest, removeTempDirs, tempDir } from './support.js';

let services: Services;
beforeAll(async () => {
  services = await startServices();
}, 60_000);
afterAll(async () => {
  await services?.stop();
  removeTempDirs();
});

const RUNS = 4;

describe('a cold start of three processes', () => {
  it(`share one session secret (${RUNS} starts, each on an empty database)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const url = await freshDatabase(services.postgres, `cold${run}`);
      const servers = await Promise.all(
        [0, 1, 2].map(() =>
          startServer({
            port: 0,
            webRoot: null,
            log: () => {},
            dataDir: tempDir(),
            databaseUrl: url,
            redisUrl: services.redis.url,
          }),
        ),
      );
      try {
        const db = new pg.Pool({ connectionString: url, max: 1 });
        db.on('error', () => {});
        const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM secrets');
        await db.end();
        expect(Number(rows[0]?.n)).toBe(1);
        // A guest made at each process connects (its token verified) at every process.
        for (const [i, maker] of servers.entries()) {
          const made = await guest(maker.url, `Guest${i}`);
          for (const other of servers) {
            const c = await client(other.url, made.session.token, { reconnect: false });
            expect(c.status).toBe('open');
            c.close();
          }
        }
      } finally {
        for (const server of servers) await server.close();
      }
    }
  }, 120_000);
});
