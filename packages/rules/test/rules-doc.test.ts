/**
 * Every paragraph the referee can cite is explained in docs/rules.md, so that a ruling can be checked
 * in the repository. The citations come from every reason the phrasebook can build (each builder
 * called with every variant and player) and from replaying every fixture and example record.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foulReason, reasons } from '../src/explain.js';
import { FOUL_CODES, type Reason, RULEBOOKS, replayRecord, SETTING_NAMES, VARIANTS } from '../src/index.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');

const players = [0, 1] as const;
const R = reasons;
/** Every citation of `cite` the variants' rulebooks give (a variant without one gives none). */
const cites = (cite: keyof (typeof RULEBOOKS)['free']['cites']): string[] =>
  VARIANTS.flatMap((v) => {
    const text = RULEBOOKS[v].cites[cite];
    return text === null ? [] : [text];
  });
/** Every builder of the phrasebook with every argument that changes its citation. */
const BUILT: Record<keyof typeof reasons, () => Reason[]> = {
  onePenalty: () => [R.onePenalty(2)],
  voidPockets: () => [R.voidPockets([3])],
  respotted: () => [R.respotted([3])],
  breakCorrect: () => [R.breakCorrect()],
  scored: () => cites('scored').flatMap((c) => players.map((p) => R.scored(p, [3], 1, c))),
  lastBallBonus: () => [R.lastBallBonus()],
  continueVisit: () => [R.continueVisit()],
  nothingPocketed: () => cites('nothingPocketed').map((c) => R.nothingPocketed(c)),
  svoyakFromHouse: () => [R.svoyakFromHouse()],
  svoyakAnywhere: () => [R.svoyakAnywhere()],
  dynamicCueNotCounted: () => [R.dynamicCueNotCounted()],
  unordered: () => [R.unordered([3])],
  calledBallMissed: () => [R.calledBallMissed(3, 'BL')],
  calledBallPocketed: () => [R.calledBallPocketed(3, 'BL')],
  breakBallsNotCounted: () => [R.breakBallsNotCounted([3])],
  penaltyPoint: () => cites('penaltyPoint').flatMap((c) => players.map((p) => R.penaltyPoint(c, p))),
  penaltyPointWithheld: () => [R.penaltyPointWithheld()],
  penaltyBallDue: () =>
    cites('penaltyBall').flatMap((c) =>
      players.flatMap((p) => [R.penaltyBallDue(c, p, true), R.penaltyBallDue(c, p, false)]),
    ),
  dynamicOptionDue: () => players.map((p) => R.dynamicOptionDue(p)),
  classicPenalty: () => [R.classicPenalty(0, 5)],
  classicFloor: () => [R.classicFloor()],
  cueBallInHandPasses: () => [R.cueBallInHandPasses('house'), R.cueBallInHandPasses('anywhere')],
  cueBallInHandAfterFoul: () =>
    cites('cueBallInHandAfterFoul').flatMap((c) => [
      R.cueBallInHandAfterFoul(c, 'house'),
      R.cueBallInHandAfterFoul(c, 'temporary-house'),
      R.cueBallInHandAfterFoul(c, 'anywhere'),
    ]),
  playFromPosition: () => [R.playFromPosition()],
  temporaryHouse: () => [R.temporaryHouse()],
  frameWon: () => [R.frameWon(0, [8, 3])],
  matchWon: () => [R.matchWon(0, [2, 1])],
  nextFrame: () => [R.nextFrame(2, 1)],
  playOffStart: () => [R.playOffStart(3), R.playOffStart(null)],
  playOffDecided: () => [R.playOffDecided(0, true), R.playOffDecided(1, false)],
  penaltyBallTaken: () => cites('penaltyBall').map((c) => R.penaltyBallTaken(c, 0, 3)),
  exchangeBallTaken: () => [R.exchangeBallTaken(0, 3)],
  dynamicOption: () => [R.dynamicOption(1), R.dynamicOption(2)],
  lag: () => [R.lag(0, 1)],
  interferenceRestored: () => [R.interferenceRestored()],
  interferenceRestoredBeforeLag: () => [R.interferenceRestoredBeforeLag()],
  interferenceRerack: () => [R.interferenceRerack(null), R.interferenceRerack({ from: 3, to: 0 })],
  afterFrameNoPenalty: () => [R.afterFrameNoPenalty()],
  touchAfterShot: () => [R.touchAfterShot()],
  strikerContinues: () => [R.strikerContinues()],
  nonStrikerOffended: () => [R.nonStrikerOffended()],
  touchAfterShotEndsFrame: () => [R.touchAfterShotEndsFrame()],
  extension: () => [R.extension(0, 1)],
  rebreak: () => [R.rebreak(0), R.rebreak(1, 2)],
  respottedWithoutCueBall: () => [R.respottedWithoutCueBall([3])],
  noCall: () => [R.noCall()],
  interferenceRackedAgain: () => [R.interferenceRackedAgain()],
  interferenceRestoredDeciding: () => [R.interferenceRestoredDeciding()],
  decisionKeptBeforeLag: () => [R.decisionKeptBeforeLag()],
  decisionKept: () => players.map((p) => R.decisionKept(p)),
  touchBeforePlayOffLag: () => [R.touchBeforePlayOffLag()],
  option2BeforeBreak: () => [R.option2BeforeBreak()],
  option2BeforeRestart: () => [R.option2BeforeRestart()],
  option2NoBall: () => [R.option2NoBall()],
  option2TurnPassed: () => [R.option2TurnPassed()],
  option1Withheld: () => players.map((p) => R.option1Withheld(p)),
  option1WithoutBall: () => [R.option1WithoutBall()],
};

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** The reasons of every ruling in the fixtures and the example records. */
function replayedReasons(): Reason[] {
  const out: Reason[] = [];
  const records = [
    ...jsonFiles(join(ROOT, 'fixtures', 'referee')).map(
      (file) => JSON.parse(readFileSync(file, 'utf8')).record,
    ),
    ...jsonFiles(join(ROOT, 'examples', 'records')).map((file) => JSON.parse(readFileSync(file, 'utf8'))),
  ];
  for (const record of records) {
    const replay = replayRecord(record);
    if (replay.ok) for (const step of replay.value.steps) out.push(...step.ruling.reasons);
  }
  return out;
}

const VARIANT = /^((?:Free|Combined|Dynamic|Classic)(?:\/(?:Free|Combined|Dynamic|Classic))*) (.+)$/;

/** The paragraph ids of a citation: "Classic 5.1, 5.3" → Classic 5.1, Classic 5.3. */
function paragraphs(cite: string): string[] {
  const out: string[] = [];
  let variants: string[] = [];
  for (const raw of cite.split(',')) {
    let part = raw.trim().replace(/\s*\((?:setting|reading|house rule)\)$/, '');
    const named = VARIANT.exec(part);
    if (named) {
      variants = named[1]!.split('/');
      part = named[2]!;
    } else if (/^(?:п\.|§|29\.|match$)/.test(part)) variants = [];
    if (variants.length > 0) out.push(...variants.map((v) => `${v} ${part}`));
    else out.push(part);
  }
  return out;
}

/** Paragraphs a reason's text names in passing: "(п.12.1)", "(Classic 5.5)". */
function inText(text: string): string[] {
  return [
    ...text.matchAll(
      /п\.\d+(?:\.\d+)?|29\.1\(\d+\)|(?:Free|Combined|Dynamic|Classic) \d+(?:\.\d+)?(?:\(\d\))?/g,
    ),
  ].map((m) => m[0]);
}

describe('docs/rules.md', () => {
  it('the table of builders covers the whole phrasebook', () => {
    expect(Object.keys(BUILT).sort()).toEqual(Object.keys(reasons).sort());
  });

  it('explains every paragraph a ruling can cite', () => {
    const all = [
      ...Object.values(BUILT).flatMap((build) => build()),
      ...FOUL_CODES.map((code) => foulReason(code)),
      ...replayedReasons(),
    ];
    const ids = new Set<string>();
    for (const reason of all) {
      for (const id of paragraphs(reason.cite)) ids.add(id);
      for (const id of inText(reason.en)) ids.add(id);
    }
    expect(ids.size).toBeGreaterThan(40);
    const missing = [...ids].filter((id) => !doc.includes(`**${id}**`)).sort();
    expect(missing).toEqual([]);
  });

  it('names each setting as the referee does', () => {
    const named = [...doc.matchAll(/_setting_ `(\w+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !(SETTING_NAMES as readonly string[]).includes(name!))).toEqual([]);
  });

  it('reads citations the way the referee writes them', () => {
    expect(paragraphs('Classic 5.1, 5.3')).toEqual(['Classic 5.1', 'Classic 5.3']);
    expect(paragraphs('Free/Combined/Dynamic 6 (setting)')).toEqual(['Free 6', 'Combined 6', 'Dynamic 6']);
    expect(paragraphs('Combined 6, п.22.2')).toEqual(['Combined 6', 'п.22.2']);
    expect(paragraphs('п.22.3, п.26 (reading)')).toEqual(['п.22.3', 'п.26']);
    expect(paragraphs('Dynamic 7(2)')).toEqual(['Dynamic 7(2)']);
  });
});

describe('docs and code stand alone', () => {
  it('cite no file outside the repository', () => {
    const files = [
      join(ROOT, 'README.md'),
      ...readdirSync(join(ROOT, 'docs'), { recursive: true })
        .map(String)
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(ROOT, 'docs', name)),
    ];
    for (const group of ['packages', 'apps']) {
      for (const name of readdirSync(join(ROOT, group))) {
        for (const sub of ['src', 'test', 'e2e']) {
          const dir = join(ROOT, group, name, sub);
          try {
            files.push(
              ...readdirSync(dir, { recursive: true })
                .map(String)
                .filter((file) => /\.(ts|md|html)$/.test(file))
                .map((file) => join(dir, file)),
            );
          } catch {
            // no such folder
          }
        }
      }
    }
    const offending = files.filter((file) =>
      /(?<![\w.-])shared\/(?:rules|physics|design)\//.test(readFileSync(file, 'utf8')),
    );
    expect(offending.map((file) => file.slice(ROOT.length + 1))).toEqual([]);
  });
});
