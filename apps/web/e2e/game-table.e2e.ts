import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { pullBackAndRelease, skipAnimation, startGame, summary } from './game-helpers.js';

const ROOT = new URL('../../..', import.meta.url).pathname;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const viewTable = (page: Page): Promise<string> =>
  page.evaluate(() => (window as unknown as { __pyramid: { viewTable(): string } }).__pyramid.viewTable());

describe('the table size', () => {
  it('a Combined game on the 9 ft table: break through the canvas; the record carries 9ft and replays', async () => {
    // Not about rendering quality: the table draws at the player's low quality.
    const { context, page, errors } = await open(browser, '', { quality: 'low' });
    const labels = await page.locator('[data-testid="setup-table"] option').allTextContents();
    expect(labels).toEqual([
      '7 ft (1980 × 990)',
      '8 ft (2240 × 1120)',
      '9 ft (2540 × 1270)',
      '10 ft (2800 × 1400)',
      '11 ft (3200 × 1600)',
      '12 ft (3550 × 1775)',
    ]);
    await startGame(page, { variant: 'combined', tableSize: '9ft' });
    expect((await summary(page)).tableSize).toBe('9ft');
    expect(await viewTable(page)).toBe('9ft');
    await pullBackAndRelease(page, 400);
    await skipAnimation(page, 1);
    const after = await summary(page);
    // Every ball at rest lies on the 9 ft bed (2540 × 1270).
    for (const id of after.table) {
      const at = after.positions?.[id];
      if (at === undefined) continue;
      expect(at.x).toBeLessThan(2540);
      expect(at.y).toBeLessThan(1270);
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="download-record"]'),
    ]);
    const file = '/tmp/game-9ft-record.json';
    await download.saveAs(file);
    const record = JSON.parse(readFileSync(file, 'utf8')) as { start: { tableSize?: string } };
    expect(record.start.tableSize).toBe('9ft');
    const out = execFileSync('node', [`${ROOT}apps/cli/bin/pyramid.js`, 'referee', file, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const replayed = JSON.parse(out) as {
      final: { scores: [number, number]; tableSize: string };
      rulings: unknown[];
    };
    expect(replayed.final.tableSize).toBe('9ft');
    expect(replayed.final.scores).toEqual(after.scores);
    expect(replayed.rulings.length).toBe(after.logLength);

    // Another size brings another view; opening the 9 ft record brings the 9 ft one back.
    await startGame(page, { variant: 'free', tableSize: '12ft' });
    expect(await viewTable(page)).toBe('12ft');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.click('[data-testid="open-record"]'),
    ]);
    await chooser.setFiles(file);
    await page.waitForSelector('[data-testid="watch-status"]');
    expect(await viewTable(page)).toBe('9ft');
    expect((await summary(page)).tableSize).toBe('9ft');
    expect(errors).toEqual([]);
    await context.close();
  });
});
