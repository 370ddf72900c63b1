/**
 * Taps through the scorer as a referee would: one helper per kind of entry, each by data-testid.
 * Every entry asserts that the referee accepted it (no refusal shown), so a frame that goes
 * wrong fails at the entry that went wrong.
 */
import type { Page } from 'playwright-core';

export type Pocket = 'FL' | 'FR' | 'ML' | 'MR' | 'BL' | 'BR';

export interface Shot {
  /** Free: the cue ball. */
  readonly cue?: number;
  /** Classic: the call. */
  readonly call?: readonly [number, Pocket];
  /** Classic: the called ball fell as called (one tap). */
  readonly callMade?: boolean;
  /** Balls that fell, in order. */
  readonly fell?: readonly (readonly [number, Pocket])[];
  readonly jumped?: readonly number[];
  /** The cue ball touched no object ball (29.1(1)). */
  readonly missed?: boolean;
  readonly cushions?: 0 | 1 | 2;
  /** The break: object balls to a cushion. */
  readonly breakCushions?: number;
  readonly strokeFouls?: readonly string[];
}

export const byId = (id: string) => `[data-testid="${id}"]`;

export async function tap(page: Page, id: string): Promise<void> {
  await page.locator(byId(id)).first().click();
}

export async function text(page: Page, id: string): Promise<string> {
  return (await page.locator(byId(id)).first().textContent()) ?? '';
}

/** Fails with the scorer's own message if the last entry was refused. */
export async function expectAccepted(page: Page, what: string): Promise<void> {
  const refusal = page.locator(byId('refusal'));
  if ((await refusal.count()) > 0) throw new Error(`${what} refused: ${await refusal.textContent()}`);
}

export async function startMatch(
  page: Page,
  variant: string,
  players: readonly [string, string],
  settings: Readonly<Record<string, string>> = {},
): Promise<void> {
  await tap(page, `variant-${variant}`);
  await page.locator(byId('player-0-name')).fill(players[0]);
  await page.locator(byId('player-1-name')).fill(players[1]);
  if (Object.keys(settings).length > 0) {
    await page.locator(`${byId('settings-box')} > summary`).click();
    for (const [name, value] of Object.entries(settings)) await page.locator(`[name="${name}"]`).fill(value);
  }
  await tap(page, 'start-match');
  await page.waitForSelector(byId('match-screen'));
}

export async function lag(page: Page, winner: 0 | 1, first: 0 | 1): Promise<void> {
  await tap(page, `lag-${winner}-${first}`);
  await expectAccepted(page, 'lag');
}

export async function choose(page: Page, id: string): Promise<void> {
  await tap(page, id);
  await expectAccepted(page, id);
}

export async function shot(page: Page, s: Shot): Promise<void> {
  if (s.cue !== undefined) await tap(page, `cue-ball-${s.cue}`);
  if (s.call) {
    await tap(page, `call-ball-${s.call[0]}`);
    await tap(page, `call-pocket-${s.call[1]}`);
    if (s.callMade) await tap(page, 'call-made');
  }
  for (const [ball, pocket] of s.fell ?? []) {
    await tap(page, `ball-${ball}`);
    await tap(page, `pocket-${pocket}`);
  }
  for (const ball of s.jumped ?? []) {
    await tap(page, `ball-${ball}`);
    await tap(page, 'jumped');
  }
  if (s.missed) await tap(page, 'first-none');
  if (s.breakCushions !== undefined) await tap(page, `break-cushions-${s.breakCushions}`);
  if (s.cushions !== undefined) await tap(page, `cushions-${s.cushions}`);
  for (const foul of s.strokeFouls ?? []) await tap(page, `stroke-${foul}`);
  await tap(page, 'submit-shot');
  await expectAccepted(page, `shot ${JSON.stringify(s)}`);
}

export async function scores(page: Page): Promise<[number, number]> {
  return [Number(await text(page, 'score-0')), Number(await text(page, 'score-1'))];
}
