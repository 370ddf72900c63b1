import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { startGame, summary } from './game-helpers.js';

const ROOT = new URL('../../..', import.meta.url).pathname;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('computer against computer', () => {
  it('plays a frame at the fastest setting to the winner the referee names; the record replays to it', async () => {
    // Nothing here is about the table's drawing (no shot is animated at the fastest setting, but the
    // table is redrawn after every move): the player's flat table draws on a 2D canvas, no WebGL.
    const { context, page, errors } = await open(browser, '', { quality: 'flat' });
    await startGame(page, {
      variant: 'free',
      kinds: ['novice', 'novice'],
      speed: 'fastest',
      // A short frame (28 actions, two of them penalty-ball decisions; seed 7 took 66).
      seed: 38,
      frames: 1,
    });
    await page.waitForSelector('[data-testid="match-over"]', { timeout: 110_000 });
    const final = await summary(page);
    expect(final.matchOver).toBe(true);
    const shownWinner = await page.getAttribute('[data-testid="match-over"]', 'data-winner');
    expect(shownWinner).toBe(String(final.winner));
    expect(await page.textContent('[data-testid="score-0"]')).toBe(String(final.scores[0]));
    expect(await page.textContent('[data-testid="score-1"]')).toBe(String(final.scores[1]));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="download-record"]'),
    ]);
    const file = '/tmp/game-computer-frame.json';
    await download.saveAs(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('pyramid-match-record');
    const out = execFileSync('node', [`${ROOT}apps/cli/bin/pyramid.js`, 'referee', file, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const replayed = JSON.parse(out) as {
      final: { winner: number | null; scores: [number, number] };
      rulings: unknown[];
    };
    expect(replayed.final.winner).toBe(final.winner);
    expect(replayed.final.scores).toEqual(final.scores);
    expect(replayed.rulings.length).toBe(final.logLength);
    expect(errors).toEqual([]);
    await context.close();
  });
});
