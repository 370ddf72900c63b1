/**
 * No import cycle in any package or app (scripts/import-cycles.ts), type imports included. The
 * checker is shown to see a planted cycle, in a graph and in a workspace on disk, so that "no cycle"
 * means something.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importSpecifiers, workspaceImportGraph } from '../import-cycles.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('import cycles', () => {
  it('reads every form of import, type imports included, and no comment', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      'import {',
      '  type C,',
      '  d,',
      "} from '@pyramid/rules';",
      "export { e } from './e.js';",
      "export * from './f.js';",
      "export type { G } from './g.js';",
      "import './h.js';",
      "const i = await import('./i.js');",
      "type J = typeof import('./j.js');",
      "// import { k } from './k.js';",
      "/* export * from './l.js'; */",
      "const text = 'from here';",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      [
        './a.js',
        './b.js',
        '@pyramid/rules',
        './e.js',
        './f.js',
        './g.js',
        './h.js',
        './i.js',
        './j.js',
      ].sort(),
    );
  });

  it('finds a cycle, however long, and a module importing itself, each once', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['a']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(importCycles(new Map([...graph, ['c', ['d']], ['e', []]]))).toEqual([]);
  });

  describe('in a workspace on disk', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'pyramid-cycles-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    };
    write(
      'packages/one/package.json',
      JSON.stringify({ name: '@x/one', exports: { '.': './src/index.ts' } }),
    );
    write(
      'packages/two/package.json',
      JSON.stringify({ name: '@x/two', exports: { '.': { '@pyramid/source': './src/index.ts' } } }),
    );
    write('apps/app/package.json', JSON.stringify({ name: '@x/app' }));
    write('packages/one/src/index.ts', "export { a } from './a.js';\n");
    write('packages/one/src/a.ts', "import type { B } from './b.js';\nexport const a = 1;\n");
    write('packages/one/src/b.ts', "import { a } from './a.js';\nexport type B = typeof a;\n");
    write(
      'packages/two/src/index.ts',
      "import { a } from '@x/one';\nimport 'node:fs';\nexport const two = a;\n",
    );
    write('apps/app/src/main.ts', "import { two } from '@x/two';\nimport { z } from 'vitest';\n");

    it('sees a cycle closed by a type import, and none once it is broken', () => {
      expect(importCycles(workspaceImportGraph(scratch))).toEqual([
        ['packages/one/src/a.ts', 'packages/one/src/b.ts'],
      ]);
      write('packages/one/src/a.ts', 'export const a = 1;\n');
      expect(importCycles(workspaceImportGraph(scratch))).toEqual([]);
    });

    it('sees a cycle across packages, through their entries', () => {
      write('packages/one/src/a.ts', "import { two } from '@x/two';\nexport const a = two;\n");
      expect(importCycles(workspaceImportGraph(scratch))).toEqual([
        ['packages/one/src/a.ts', 'packages/two/src/index.ts', 'packages/one/src/index.ts'],
      ]);
    });
  });

  it('holds for every package and app', () => {
    const graph = workspaceImportGraph(ROOT);
    // The graph is the real one: the referee's modules and the apps are in it, with their edges.
    expect(graph.get('packages/rules/src/apply.ts')).toContain('packages/rules/src/shot-check.ts');
    expect(graph.get('apps/server/src/room.ts')).toContain('packages/rules/src/index.ts');
    expect(graph.size).toBeGreaterThan(200);
    expect(importCycles(graph)).toEqual([]);
  });
});
