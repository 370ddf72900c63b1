/**
 * The scorer as an installable app: the manifest and its icons, and the service worker with the
 * precache list the build made, all of it in the cache once the worker is active. (Scoring offline
 * with this worker is tested in scorer.e2e.ts, "offline reload".)
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, open } from './browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: readonly number[]): [number, number] {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect(bytes.slice(0, 8)).toEqual(signature);
  expect(String.fromCharCode(...bytes.slice(12, 16))).toBe('IHDR');
  const word = (at: number) =>
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  return [word(16), word(20)];
}

describe('the scorer installs as an app', () => {
  it('has a manifest with icons and a service worker that precaches the build', async () => {
    const { context, page, errors } = await open(browser, 'scorer.html');
    // The manifest: linked from the page, installable (standalone, icons 192 and 512, maskable).
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('./manifest.webmanifest');
    const manifest = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      appUrl('manifest.webmanifest'),
    );
    expect(manifest).toMatchObject({ start_url: './scorer.html', scope: './', display: 'standalone' });
    expect(manifest.name).toContain('Pyramid');
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const bytes = await page.evaluate(
        async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())],
        appUrl(icon.src),
      );
      const [w, h] = pngSize(bytes);
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
    // The service worker: active, and its cache holds exactly the build's precache list.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const worker = await page.evaluate(async (url) => (await fetch(url)).text(), appUrl('sw.js'));
    const listed = JSON.parse(/const PRECACHE = (\[[^\]]*\]);/.exec(worker)?.[1] ?? 'null') as string[];
    expect(listed).toContain('scorer.html');
    expect(listed.some((file) => /^assets\/scorer-[\w-]+\.js$/.test(file))).toBe(true);
    expect(listed.some((file) => /^assets\/game-/.test(file))).toBe(false);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((name) => name.startsWith('pyramid-scorer-')) ?? '');
      return { names, urls: (await cache.keys()).map((request) => request.url) };
    });
    expect(cached.names.filter((name) => name.startsWith('pyramid-scorer-'))).toHaveLength(1);
    // Every precached file is there (what the page fetched since is cached at run time as well).
    expect(cached.urls).toEqual(expect.arrayContaining(listed.map((file) => appUrl(file))));
    expect(errors).toEqual([]);
    await context.close();
  });
});
