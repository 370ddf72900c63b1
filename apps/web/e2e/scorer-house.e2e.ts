/**
 * The scorer and п.21 without positions: after a jumped cue ball and the penalty ball (Combined 7),
 * the opponent plays from hand from the house; when the referee sees every object ball lying in the
 * house, one tap makes it the temporary house. The exported record replays through `pyramid referee`
 * to the rulings the screen showed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { byId, choose, lag, shot, startMatch, tap, text } from './scorer-ui.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface CliRuling {
  readonly ruling: { readonly fouls: string[]; readonly reasons: { cite: string; en: string }[] };
}

describe('the scorer: all object balls in the house (п.21)', () => {
  it('offers the temporary house on a shot from hand, and the record replays to the same rulings', async () => {
    const { context, page, errors } = await open(browser, 'scorer.html', { ...PHONE, locale: 'en-US' });
    await page.waitForSelector(byId('start-screen'));
    await startMatch(page, 'combined', ['Dmitry', 'Olga']);
    await lag(page, 0, 0);
    // The break: no fall, but three balls reach a cushion; the turn passes to Olga.
    await shot(page, { breakCushions: 3 });
    expect(await page.$(byId('all-in-house'))).toBeNull(); // not in hand: nothing to say
    await shot(page, { jumped: [0], cushions: 2 }); // Olga's cue ball jumps: 29.1(10)
    await choose(page, 'penalty-ball-6');
    expect(await text(page, 'turn')).toContain('Dmitry: a penalty shot, from hand from the house');
    expect(await text(page, 'in-hand-area')).toContain('From the house');
    expect(await page.$(byId('hit-in-house'))).not.toBeNull();
    await tap(page, 'all-in-house');
    expect(await text(page, 'in-hand-area')).toContain('From the temporary house');
    // From the temporary house a ball in the house may be struck: the п.21 restriction is not offered.
    expect(await page.$(byId('hit-in-house'))).toBeNull();
    expect(await page.getAttribute(byId('all-in-house'), 'aria-pressed')).toBe('true');
    await shot(page, { fell: [[1, 'FL']] });
    const onScreen = await text(page, 'ruling');
    expect(onScreen).toContain(
      'Every object ball lies in the house: the shot is taken from the temporary house.',
    );
    expect(onScreen).not.toContain('from-house');
    await page.screenshot({ path: '/tmp/scorer-temporary-house.png' });

    const download = page.waitForEvent('download');
    await tap(page, 'export');
    const path = '/tmp/scorer-temporary-house.json';
    await (await download).saveAs(path);
    const record = JSON.parse(readFileSync(path, 'utf8'));
    const taken = record.actions.at(-1);
    expect(taken.objectBallsInHouse).toBe('all');
    const cli = JSON.parse(
      execFileSync('node', [`${ROOT}apps/cli/bin/pyramid.js`, 'referee', path, '--json'], {
        encoding: 'utf8',
      }),
    ) as { rulings: CliRuling[]; final: { scores: [number, number] } };
    expect(cli.rulings).toHaveLength(record.actions.length);
    const last = cli.rulings.at(-1)!.ruling;
    expect(last.fouls).toEqual([]);
    const temporary = last.reasons.find((reason) => reason.en.includes('temporary house'));
    expect(temporary?.cite).toBe('п.21');
    expect(onScreen).toContain(temporary!.en);
    expect(cli.final.scores).toEqual([
      Number(await text(page, 'score-0')),
      Number(await text(page, 'score-1')),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
