/**
 * Import cycles among the TypeScript sources of every package and app. A cycle makes a module's
 * meaning depend on the order it is loaded in and hides which of two modules owns an idea; a type
 * import closes one as surely as a value import (the reader still has to read both), so both count.
 *
 * The graph: one node per `.ts` file under `packages/<name>/src` and `apps/<name>/src`; an edge for
 * each `import … from`, `export … from`, `import('…')` and side-effect `import '…'`, relative
 * (`./x.js` is `./x.ts`) or of a workspace package (`@pyramid/rules` is its `src/index.ts`).
 * Anything else (node:, npm packages, assets) is outside the graph.
 *
 * `node --import tsx scripts/import-cycles.ts` prints every cycle and exits 1 if there is one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A module's imports as written: the specifiers of its import and re-export statements. */
export function importSpecifiers(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  const patterns = [
    // import x from '…', import type { X } from '…', export { x } from '…', export * from '…'
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    // import '…' (for its side effects)
    /\bimport\s*['"]([^'"]+)['"]/g,
    // import('…'), also inside a type: typeof import('…')
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** The code without its comments, so that a comment quoting an import is no edge. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The cycles of `graph`, each once, as the list of its modules starting at its first in sorted
 * order (Tarjan's strongly connected components; a component of two or more modules, or a module
 * importing itself, holds a cycle, and one cycle through it is reported).
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleThrough(graph, new Set(component))).sort();
}

/** One cycle inside a strongly connected `component`: from its first module back to it. */
function cycleThrough(graph: ImportGraph, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0]!;
  // Breadth first from `start`, inside the component, until an edge leads back to it.
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of graph.get(node) ?? []) {
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
        return path;
      }
      if (component.has(to) && !parent.has(to) && to !== start) {
        parent.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** Every `.ts` file under `dir`, recursively (none when `dir` does not exist). */
function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The workspace's packages by name, each with the source file its main entry resolves to. */
function workspaceEntries(root: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name: string;
        exports?: Record<string, string | Record<string, string>>;
      };
      const main = pkg.exports?.['.'];
      const target = typeof main === 'string' ? main : main?.['@pyramid/source'];
      if (target?.endsWith('.ts')) {
        entries.set(pkg.name, join(root, group, name, target));
      }
    }
  }
  return entries;
}

/** The import graph of every package's and app's `src`, with paths relative to `root`. */
export function workspaceImportGraph(root: string): Map<string, string[]> {
  const entries = workspaceEntries(root);
  const files = ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group)).flatMap((name) => sources(join(root, group, name, 'src'))),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      let target: string | undefined;
      if (specifier.startsWith('.')) {
        const path = resolve(dirname(file), specifier);
        target = [path.replace(/\.js$/, '.ts'), path, `${path}.ts`, join(path, 'index.ts')].find(
          (candidate) => candidate.endsWith('.ts') && existsSync(candidate),
        );
      } else {
        target = entries.get(specifier);
      }
      if (target !== undefined) targets.push(relative(root, target));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = importCycles(workspaceImportGraph(root));
  for (const cycle of cycles) console.log(`cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  console.log(cycles.length === 0 ? 'no import cycle' : `${cycles.length} import cycle(s)`);
  process.exit(cycles.length === 0 ? 0 : 1);
}
