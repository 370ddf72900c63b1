/**
 * The general referee never decides by a variant's name: outside `src/variants/` it asks the
 * match's rulebook (docs/architecture.md). Nor do the programs built on it — the computer players,
 * the browser app (game and scorer) and the command line — which read the rulebook's facts
 * (`RULEBOOKS`) or the referee's exported constants. A variant name may still appear as data — the
 * record's header, the settings, the names, a default — but never in a comparison, a `case` or a
 * `switch` on the variant. This test reads every source file of those as text, so a comparison
 * added anywhere fails it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULEBOOKS, type Rulebook, SETTING_NAMES, VARIANTS } from '../src/index.js';
import type { Rulebooks } from '../src/variants/index.js';

const SRC = join(import.meta.dirname, '..', 'src');
const VARIANTS_DIR = join(SRC, 'variants');
const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The programs on the referee that must not decide by a variant's name either. */
const PROGRAMS = ['packages/bots/src', 'apps/web/src', 'apps/cli/src'].map((dir) => join(ROOT, dir));

/** Every `.ts` file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code without its comments (a comment may quote `variant === 'free'` to explain it). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const NAMES = VARIANTS.join('|');
const QUOTED = `['"\`](?:${NAMES})['"\`]`;
/** The ways code decides by a variant's name. */
const COMPARISONS: readonly RegExp[] = [
  new RegExp(`[!=]==?\\s*${QUOTED}`),
  new RegExp(`${QUOTED}\\s*[!=]==?`),
  new RegExp(`\\bcase\\s+${QUOTED}\\s*:`),
  new RegExp(`\\.includes\\(\\s*${QUOTED}`),
  /\bswitch\s*\([^)]*\bvariant\b[^)]*\)/,
];

/** The lines of `source` that compare a variant name, as `line: text`. */
function variantComparisons(source: string): string[] {
  return code(source)
    .split('\n')
    .flatMap((line, i) =>
      COMPARISONS.some((pattern) => pattern.test(line)) ? [`${i + 1}: ${line.trim()}`] : [],
    );
}

describe('no variant-name comparison outside variants/', () => {
  it('finds each way of deciding by a variant name', () => {
    const samples = [
      "if (variant === 'free') return;",
      'const low = state.variant !== "classic" ? 0 : -999;',
      "if ('dynamic' === draft.variant) x();",
      '  case `combined`:',
      "const free = ['free', 'combined'].includes('free');",
      'switch (draft.variant) {',
      'switch (state.variant) { default: }',
    ];
    for (const sample of samples) expect(variantComparisons(sample), sample).toHaveLength(1);
  });

  it('lets a variant name stand as data, in a comment, or in a message', () => {
    const samples = [
      "export const VARIANTS = ['free', 'combined', 'dynamic', 'classic'] as const;",
      "const names = { free: 'Free pyramid', classic: 'Classic pyramid' };",
      "const state = newMatch('classic', { breaker: 0 });",
      "// variant === 'free' used to decide this; the rulebook does now",
      "/* case 'dynamic': */ const x = 1;",
      "if (decision.kind === 'dynamic-option') return;",
      'switch (decision.kind) {',
      "invalid(field, VARIANT_NAMES.free.en + ' takes no call');",
    ];
    for (const sample of samples) expect(variantComparisons(sample), sample).toEqual([]);
  });

  it('holds for every source file of the referee outside variants/', () => {
    const files = sources(SRC).filter((path) => !path.startsWith(VARIANTS_DIR));
    expect(files.length).toBeGreaterThan(20);
    expect(comparisonsIn(files)).toEqual([]);
  });

  it('holds for every source file of the computer players, the browser app and the command line', () => {
    for (const dir of PROGRAMS) expect(sources(dir).length, dir).toBeGreaterThan(5);
    expect(comparisonsIn(PROGRAMS.flatMap(sources))).toEqual([]);
  });

  it('finds the comparisons the variants themselves may make', () => {
    // The scanner is not blind to real code: a file of variants/ compared as if it were shared.
    const sample = `${readFileSync(join(VARIANTS_DIR, 'free.ts'), 'utf8')}\nif (state.variant === 'free') {}\n`;
    expect(variantComparisons(sample)).toEqual([expect.stringContaining("state.variant === 'free'")]);
  });

  it('finds a comparison planted in a program file', () => {
    // A real file of each program with the kind of comparison the rulebook replaced.
    const planted = [
      ['packages/bots/src/plans.ts', "  if (s.variant === 'classic') return false;"],
      ['apps/web/src/game/state/practice.ts', "  const scores = variant === 'classic' ? [0, 0] : [1, 1];"],
      ['apps/cli/src/selfplay-frame.ts', "  return variant === 'classic' ? 2500 : 1000;"],
    ] as const;
    for (const [file, line] of planted) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      expect(variantComparisons(source), file).toEqual([]);
      expect(variantComparisons(`${source}\n${line}\n`), file).toEqual([
        expect.stringContaining(line.trim()),
      ]);
    }
  });
});

/** Every comparison in `files`, as `path:line: text` relative to the repository. */
function comparisonsIn(files: readonly string[]): string[] {
  return files.flatMap((path) =>
    variantComparisons(readFileSync(path, 'utf8')).map((line) => `${relative(ROOT, path)}:${line}`),
  );
}

describe('RULEBOOKS', () => {
  it('holds one rulebook per variant, under its own name', () => {
    expect(Object.keys(RULEBOOKS)).toEqual([...VARIANTS]);
    for (const variant of VARIANTS) expect(RULEBOOKS[variant].variant).toBe(variant);
  });

  it("lists a setting named after a variant in that variant's rulebook only", () => {
    for (const variant of VARIANTS) {
      const own = SETTING_NAMES.filter((name) => name.startsWith(variant));
      for (const name of own) expect(RULEBOOKS[variant].settings, name).toContain(name);
      for (const name of RULEBOOKS[variant].settings) {
        const named = VARIANTS.find((v) => name.startsWith(v));
        if (named !== undefined) expect(named, name).toBe(variant);
      }
    }
  });

  it('does not compile with a variant or a hook missing', () => {
    const { classic, ...threeVariants } = RULEBOOKS;
    // @ts-expect-error Classic is missing from the record.
    const missingVariant: Rulebooks = threeVariants;
    const { penalise, ...withoutPenalise } = RULEBOOKS.free;
    // @ts-expect-error a rulebook without its `penalise` hook.
    const missingHook: Rulebook = withoutPenalise;
    // @ts-expect-error a rulebook filed under another variant's name.
    const misfiled: Rulebooks = { ...RULEBOOKS, classic: RULEBOOKS.free };
    expect(Object.keys(missingVariant)).not.toContain('classic');
    expect(Object.keys(missingHook)).not.toContain('penalise');
    expect(misfiled.classic.variant).toBe('free');
    expect(typeof classic.penalise).toBe('function');
    expect(typeof penalise).toBe('function');
  });

  it('does not compile with the Dynamic option offered but not taken, or the reverse', () => {
    // @ts-expect-error the option offered (Dynamic 7) without the hook that takes it.
    const offeredOnly: Rulebook = { ...RULEBOOKS.dynamic, takeOption: null };
    // @ts-expect-error a hook to take an option the variant never offers.
    const hookOnly: Rulebook = { ...RULEBOOKS.free, takeOption: RULEBOOKS.dynamic.takeOption };
    expect(offeredOnly.dynamicOption).toBe(true);
    expect(hookOnly.dynamicOption).toBe(false);
    expect(typeof RULEBOOKS.dynamic.takeOption).toBe('function');
    for (const variant of ['free', 'combined', 'classic'] as const) {
      expect(RULEBOOKS[variant].takeOption).toBeNull();
    }
  });
});

/**
 * The server's shape (docs/architecture.md, issue 26): no file of `apps/server/src` over 500 lines,
 * no class over 400, and one process or many chosen once at start — the rooms, the tables and the
 * hub never branch on whether a cluster is there (`cluster === null`, `cluster?.…`): they ask the
 * places, the lease and the routing chosen in server.ts.
 */
const SERVER_SRC = join(ROOT, 'apps', 'server', 'src');
const MAX_FILE_LINES = 500;
const MAX_CLASS_LINES = 400;
/** The files that must not decide at run time whether one process or many play. */
const DEPLOYMENT_BLIND = ['room.ts', 'tables.ts', 'hub.ts'];

const lineCount = (source: string): number => source.split('\n').length - (source.endsWith('\n') ? 1 : 0);

/** Each class of `source` (a top-level one, closed by a `}` at the start of a line) with its length in lines. */
function classLengths(source: string): { name: string; lines: number }[] {
  const lines = source.split('\n');
  const found: { name: string; lines: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const opened = /^(?:export\s+)?(?:abstract\s+)?class\s+(\w+)/.exec(lines[i]!);
    if (opened === null) continue;
    let end = i;
    while (end < lines.length && lines[end] !== '}') end++;
    found.push({ name: opened[1]!, lines: end - i + 1 });
  }
  return found;
}

/** The branches of `source` that decide by whether there is a cluster. */
function deploymentBranches(source: string): string[] {
  const patterns = [/\bcluster\s*[!=]==?\s*(?:null|undefined)\b/g, /\bcluster\s*\?\./g];
  return patterns.flatMap((pattern) => [...code(source).matchAll(pattern)].map((m) => m[0]));
}

function serverViolations(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    if (lineCount(source) > MAX_FILE_LINES) found.push(`${where}: ${lineCount(source)} lines`);
    for (const c of classLengths(source))
      if (c.lines > MAX_CLASS_LINES) found.push(`${where}: class ${c.name} is ${c.lines} lines`);
    if (DEPLOYMENT_BLIND.includes(relative(SERVER_SRC, file)))
      for (const branch of deploymentBranches(source)) found.push(`${where}: ${branch}`);
  }
  return found;
}

describe('the server’s shape', () => {
  it('finds a file over 500 lines, a class over 400 and a branch on the cluster', () => {
    expect(lineCount('x\n'.repeat(501))).toBe(501);
    const longClass = `export class Big {\n${'  a = 1;\n'.repeat(400)}}\n`;
    expect(classLengths(longClass)).toEqual([{ name: 'Big', lines: 402 }]);
    expect(classLengths('class Small {\n}\n')).toEqual([{ name: 'Small', lines: 2 }]);
    expect(deploymentBranches('if (this.cluster === null) return;')).toEqual(['cluster === null']);
    expect(deploymentBranches('if (cluster !== undefined) x();')).toEqual(['cluster !== undefined']);
    expect(deploymentBranches('if (cluster == null) x();')).toEqual(['cluster == null']);
    expect(deploymentBranches('void this.cluster?.release(id);')).toEqual(['cluster?.']);
    // Told in a comment, it is no branch.
    expect(deploymentBranches('// once, not `cluster === null` here')).toEqual([]);
  });

  it('holds for every source file of the server', () => {
    const files = sources(SERVER_SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(serverViolations(files)).toEqual([]);
  });
});
