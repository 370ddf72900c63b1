/**
 * `npm run bench web`: the browser game's figures, in Debian's chromium (headless, software WebGL).
 *
 * - web.firstLoadGzipKB: every JavaScript file the game page requests while it loads (entry,
 *   its static imports, the worker if it starts at once, lazily loaded chunks requested before the
 *   page is idle), each gzipped at level 9 from the build, summed. KB = 1024 bytes.
 * - web.shotToAnimationMs: the time from a break's release (pointer up on the canvas; mark
 *   `pyramid:release`) to the first drawn frame of its animation (mark `pyramid:animation-start`),
 *   median of several breaks, each in a new game.
 * Run with tsx (not bundled): it drives vite and playwright-core, it does not time Node code.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, preview } from 'vite';
import { launch } from '../apps/web/e2e/chromium.js';
import { pullBackAndRelease, settled, startGame } from '../apps/web/e2e/game-helpers.js';
import { median } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results.json');
const WEB = join(HERE, '..', 'apps', 'web');
const DIST = join(WEB, 'dist');
const BREAKS = 7;

await build({ root: WEB, logLevel: 'warn' });
const server = await preview({ root: WEB, logLevel: 'warn', preview: { port: 0, host: '127.0.0.1' } });
const base = server.resolvedUrls?.local[0];
if (base === undefined) throw new Error('vite preview gave no URL');
const browser = await launch();

try {
  // First load: the scripts requested until the network has been idle.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') || path.endsWith('.mjs')) scripts.add(path);
  });
  await page.goto(base, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  let gzip = 0;
  let raw = 0;
  const files: string[] = [];
  for (const path of scripts) {
    const file = join(DIST, path.replace(/^\//, ''));
    if (!existsSync(file)) throw new Error(`requested script ${path} is not in the build`);
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    files.push(path);
  }
  await context.close();

  // Shot to animation: a new game each time, the break through the canvas.
  const delays: number[] = [];
  const shotContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const shotPage = await shotContext.newPage();
  await shotPage.goto(base);
  for (let i = 0; i < BREAKS; i++) {
    await startGame(shotPage, { variant: 'free', kinds: ['person', 'person'] });
    await shotPage.evaluate(() => performance.clearMarks());
    await pullBackAndRelease(shotPage);
    await shotPage.waitForFunction(() => performance.getEntriesByName('pyramid:animation-start').length > 0);
    const delay = await shotPage.evaluate(() => {
      const release = performance.getEntriesByName('pyramid:release')[0]!;
      const start = performance.getEntriesByName('pyramid:animation-start')[0]!;
      return start.startTime - release.startTime;
    });
    delays.push(delay);
    await settled(shotPage);
  }
  await shotContext.close();

  const figures = {
    'web.firstLoadGzipKB': Math.round((gzip / 1024) * 10) / 10,
    'web.firstLoadRawKB': Math.round((raw / 1024) * 10) / 10,
    'web.shotToAnimationMs': Math.round(median(delays) * 10) / 10,
    'web.shotToAnimationMaxMs': Math.round(Math.max(...delays) * 10) / 10,
  };
  console.log(`first load: ${files.length} scripts (${files.join(', ')})`);
  console.log(
    `  gzip ${figures['web.firstLoadGzipKB']} KB (raw ${figures['web.firstLoadRawKB']} KB; target ≤ 400 KB gzip)`,
  );
  console.log(
    `shot to animation: median ${figures['web.shotToAnimationMs']} ms over ${BREAKS} breaks (max ${figures['web.shotToAnimationMaxMs']} ms; target ≤ 50 ms); each: ${delays.map((d) => d.toFixed(1)).join(', ')}`,
  );
  const previous: Record<string, unknown> = existsSync(RESULTS)
    ? JSON.parse(readFileSync(RESULTS, 'utf8'))
    : {};
  writeFileSync(RESULTS, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
  console.log(`written to ${RESULTS}`);
} finally {
  await browser.close();
  await server.close();
}
