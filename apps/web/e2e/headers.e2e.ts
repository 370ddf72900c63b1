/**
 * The built app works under the server's own headers (apps/server/src/headers.ts): the game (with
 * the 3D view and a computer opponent in its worker), the scorer (with its service worker and
 * manifest) and the online lobby, served by the real server on loopback, load and run with no
 * content-security-policy violation and no console error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayStorage, launch, watch } from './browser.js';
import { startGame } from './game-helpers.js';

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pyramid-headers-e2e-'));
  server = await startServer({ port: 0, dataDir, log: () => {} });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A page of the real server that records every CSP violation the browser reports. */
async function page(
  path: string,
): Promise<{ page: Page; errors: string[]; violations: () => Promise<string[]> }> {
  // The 3D table at the player's 'low' quality: the policy is the subject, not the picture.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    storageState: displayStorage(new URL(server.url).origin, 'low'),
  });
  const p = await context.newPage();
  await p.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const errors = watch(p);
  const response = await p.goto(new URL(path, server.url).href);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  return {
    page: p,
    errors,
    violations: () => p.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

describe('the app under its content security policy', () => {
  it('the game: the 3D table and a computer opponent', async () => {
    const game = await page('/');
    await startGame(game.page, { variant: 'free', kinds: ['person', 'novice'] });
    await game.page.waitForSelector('canvas');
    expect(await game.violations()).toEqual([]);
    expect(game.errors).toEqual([]);
    await game.page.context().close();
  });

  it('the scorer, with its service worker and manifest', async () => {
    const scorer = await page('/scorer.html');
    await scorer.page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), null, {
      timeout: 30_000,
    });
    expect(await scorer.violations()).toEqual([]);
    expect(scorer.errors).toEqual([]);
    await scorer.page.context().close();
  });
});
