import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain `N passed, N failed` line CI reads, and leaves the counts for scripts/test.mjs;
 * before it, the slowest files (collecting and running, in seconds): all of them with
 * `PYRAMID_TEST_TIMES=1`, else the eight slowest.
 */
export default class SummaryReporter implements Reporter {
  /** Vitest makes it with no options: it prints to the console and writes the counts file. */
  constructor(
    private readonly options: { readonly print?: (line: string) => void; readonly countsFile?: string } = {},
  ) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown> = []): void {
    let passed = 0;
    // An error outside every test (an unhandled rejection, a failing afterAll) fails the run: counted.
    let failed = unhandledErrors.length;
    let skipped = 0;
    // What failed, by name and first line of its error: printed last, where a CI log's tail shows it.
    const failures: string[] = unhandledErrors.map((e) => `unhandled error: ${firstLine(e)}`);
    for (const module of modules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failedHere += 1;
          failures.push(`${module.relativeModuleId} › ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped += 1;
      }
      // A file that failed with every test passed (an import error, a hook that threw) is one failure.
      if (module.state() === 'failed' && failedHere === 0) {
        failed += 1;
        failures.push(`${module.relativeModuleId}: ${firstLine(module.errors()[0])}`);
      } else failed += failedHere;
    }
    const times = modules
      .map((m) => {
        const d = m.diagnostic();
        return { name: m.relativeModuleId, seconds: (d.collectDuration + d.duration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds);
    const shown = process.env.PYRAMID_TEST_TIMES === '1' ? times : times.slice(0, 8);
    const print = this.options.print ?? ((line: string) => console.log(line));
    print(`Slowest files: ${shown.map((t) => `${t.name} ${t.seconds.toFixed(1)} s`).join(' · ')}`);
    // scripts/test.mjs runs two Vitest configurations at once: each names its own counts file.
    const file =
      this.options.countsFile ??
      process.env.PYRAMID_TEST_COUNTS ??
      join(process.cwd(), 'node_modules', '.cache', 'pyramid-test-counts.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ passed, failed, skipped, failures }));
    for (const failure of failures) print(`FAILED ${failure}`);
    print(`Vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Object && 'message' in error ? String(error.message) : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
