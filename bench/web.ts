/**
 * `npm run bench web`: the browser game's figures, in Debian's chromium (headless, software WebGL).
 *
 * - web.firstLoadGzipKB: every JavaScript file the game page requests while it loads (entry,
 *   its static imports, the worker if it starts at once, lazily loaded chunks requested before the
 *   page is idle), each gzipped at level 9 from the build, summed. KB = 1024 bytes.
 * - web.shotToAnimationMs: the time from a break's release (pointer up on the canvas; mark
 *   `pyramid:release`) to the first drawn frame of its animation (mark `pyramid:animation-start`),
 *   median of several breaks, each in a new game.
 * - web.breakFps: frames drawn per second while a break is animated — the view's own count of drawn
 *   frames (`__pyramid.frames()`) over the animation's wall time, from its start until the balls
 *   stop — median over the same breaks but the first, with the quality level the adaptive renderer
 *   had chosen for them (`web.breakFps.quality`). The first break starts at the top level and steps
 *   down while it runs; it is reported apart (`web.breakFps.first`, with its levels).
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
/**
 * In the page: frames drawn from now until the balls stop, over that wall time, polled once per
 * animation frame. A string, so that the bundler's helpers (tsx names functions) stay out of it.
 */
const COUNT_FRAMES = `new Promise((resolve) => {
  const hooks = window.__pyramid;
  const t0 = performance.now();
  const f0 = hooks.frames();
  const from = hooks.quality();
  const tick = () => {
    if (hooks.animating()) return requestAnimationFrame(tick);
    resolve({ frames: hooks.frames() - f0, ms: performance.now() - t0, from, to: hooks.quality() });
  };
  requestAnimationFrame(tick);
})`;

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
  const breaks: { fps: number; from: string; to: string }[] = [];
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
    // Frames drawn from here until the balls stop, over that wall time (rAF-paced polling in the page).
    const drawn = (await shotPage.evaluate(COUNT_FRAMES)) as {
      frames: number;
      ms: number;
      from: string;
      to: string;
    };
    breaks.push({ fps: (drawn.frames * 1000) / drawn.ms, from: drawn.from, to: drawn.to });
    await settled(shotPage);
  }
  await shotContext.close();

  const later = breaks.slice(1);
  const levels = [...new Set(later.map((b) => b.from))];
  const first = breaks[0]!;
  const figures = {
    'web.firstLoadGzipKB': Math.round((gzip / 1024) * 10) / 10,
    'web.firstLoadRawKB': Math.round((raw / 1024) * 10) / 10,
    'web.shotToAnimationMs': Math.round(median(delays) * 10) / 10,
    'web.shotToAnimationMaxMs': Math.round(Math.max(...delays) * 10) / 10,
    'web.breakFps': Math.round(median(later.map((b) => b.fps)) * 10) / 10,
    'web.breakFps.quality': levels.join(', '),
    'web.breakFps.first': Math.round(first.fps * 10) / 10,
    'web.breakFps.firstQuality': first.from === first.to ? first.from : `${first.from} → ${first.to}`,
  };
  console.log(`first load: ${files.length} scripts (${files.join(', ')})`);
  console.log(
    `  gzip ${figures['web.firstLoadGzipKB']} KB (raw ${figures['web.firstLoadRawKB']} KB; target ≤ 400 KB gzip)`,
  );
  console.log(
    `shot to animation: median ${figures['web.shotToAnimationMs']} ms over ${BREAKS} breaks (max ${figures['web.shotToAnimationMaxMs']} ms; target ≤ 50 ms); each: ${delays.map((d) => d.toFixed(1)).join(', ')}`,
  );
  console.log(
    `break animation: median ${figures['web.breakFps']} frames/s over ${later.length} breaks at ${figures['web.breakFps.quality']} (target ≥ 50); the first break ${figures['web.breakFps.first']} frames/s (${figures['web.breakFps.firstQuality']}); each: ${breaks.map((b) => `${b.fps.toFixed(1)} (${b.from})`).join(', ')}`,
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
