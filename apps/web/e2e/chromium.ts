/**
 * Debian's chromium through playwright-core (no browser download), headless with software WebGL:
 * the one launcher of the browser tests and the web benchmark. Free of Vitest, so a plain script
 * (bench/web.ts) can use it.
 */
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.PYRAMID_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}
