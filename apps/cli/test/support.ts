/** Shared by the CLI tests: run `pyramid` in-process with a recording Io, or as a user does. */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Io } from '../src/io.js';
import { main } from '../src/main.js';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join('apps', 'cli', 'bin', 'pyramid.js');

/** Runs `main(argv)` with standard input `stdin`, collecting what it writes. */
export async function runInProcess(
  argv: string[],
  stdin = '',
  overrides: Partial<Io> = {},
): Promise<{ status: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    isTTY: false,
    colour: false,
    readStdin: async () => stdin,
    sleep: async () => {},
    ...overrides,
  };
  const status = await main(argv, io);
  return { status, out, err };
}

/** Runs the installed command the way a user does: `node apps/cli/bin/pyramid.js …` from the repo. */
export function pyramid(
  args: readonly string[],
  input?: string,
  env: Readonly<Record<string, string>> = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input: input ?? '',
    // The language comes from --lang or the locale: run the tests in a neutral one.
    env: { ...process.env, NO_COLOR: '1', LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '', ...env },
    timeout: 30_000,
  });
}
