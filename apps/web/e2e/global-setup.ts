import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type PreviewServer, preview } from 'vite';
import type { TestProject } from 'vitest/node';

const WEB_ROOT = new URL('..', import.meta.url).pathname;
const REPO_ROOT = new URL('../../..', import.meta.url).pathname;
const DIST = join(WEB_ROOT, 'dist');
/**
 * Written into dist/ after an e2e build. A production build empties dist/ and so removes it: the
 * stamp's presence says "this dist/ is an e2e build", its time says when.
 */
const STAMP = join(DIST, '.pyramid-e2e-build');

let server: PreviewServer | undefined;

/** The newest modification time under `path` (a file or a folder), skipping node_modules and dist. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    time = Math.max(time, newest(join(path, entry)));
  }
  return time;
}

/**
 * What the web build reads: the app (its pages, sources, config and service worker), the packages'
 * sources (the build bundles them through the "@pyramid/source" condition) and the installed
 * dependencies (the lock file).
 */
function inputsNewest(): number {
  const web = readdirSync(WEB_ROOT)
    .filter((entry) => entry !== 'e2e' && entry !== 'test' && entry !== 'dist' && entry !== 'node_modules')
    .map((entry) => newest(join(WEB_ROOT, entry)));
  const packages = readdirSync(join(REPO_ROOT, 'packages')).flatMap((name) => [
    newest(join(REPO_ROOT, 'packages', name, 'src')),
    newest(join(REPO_ROOT, 'packages', name, 'package.json')),
  ]);
  return Math.max(...web, ...packages, newest(join(REPO_ROOT, 'package-lock.json')));
}

/**
 * Builds the web app (in the e2e mode) unless dist/ already holds an e2e build newer than every
 * input, then serves it; the tests read its URL from `inject('baseUrl')`. A run after no change to
 * the app or the packages pays for no build (a few seconds, most of them waiting on the disk).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The e2e mode adds the view's test page (view-test.html), which the production build leaves out.
  const upToDate = existsSync(STAMP) && statSync(STAMP).mtimeMs > inputsNewest();
  if (!upToDate) {
    await build({ root: WEB_ROOT, logLevel: 'warn', mode: 'e2e' });
    writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  }
  server = await preview({ root: WEB_ROOT, logLevel: 'warn', preview: { port: 0, host: '127.0.0.1' } });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('vite preview gave no URL');
  project.provide('baseUrl', url);
  return async () => {
    await server?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
