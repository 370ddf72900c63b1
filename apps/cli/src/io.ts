/**
 * Where the program reads and writes. Commands take an `Io` instead of touching `process` directly,
 * so that they can be run in-process (by a test or another program) as well as from the shell.
 */
import { readFile } from 'node:fs/promises';

export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Whether standard output is a terminal: colours and the demo's default pace depend on it. */
  readonly isTTY: boolean;
  /** Whether ANSI colours may be used on standard output. */
  readonly colour: boolean;
  /** Whether standard error is a terminal: progress of long runs goes there only then. */
  readonly errIsTTY?: boolean;
  /** Columns of the terminal on standard output; undefined when it is not a terminal. */
  readonly columns?: number | undefined;
  /** The environment (LANG, LC_ALL, …); none when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Whether standard input is a terminal (`referee -` then says that it waits for input). */
  readonly stdinIsTTY?: boolean;
  readonly readStdin: () => Promise<string>;
  readonly sleep: (ms: number) => Promise<void>;
}

export function processIo(): Io {
  const isTTY = process.stdout.isTTY === true;
  // `pyramid demo | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  return {
    out: (text) => {
      process.stdout.write(text);
    },
    err: (text) => {
      process.stderr.write(text);
    },
    isTTY,
    errIsTTY: process.stderr.isTTY === true,
    columns: isTTY ? process.stdout.columns : undefined,
    env: process.env,
    stdinIsTTY: process.stdin.isTTY === true,
    colour: isTTY && process.env.NO_COLOR === undefined && process.env.TERM !== 'dumb',
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      return Buffer.concat(chunks).toString('utf8');
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** Below this a terminal is too narrow to wrap into; wrap as for a file. */
const MIN_WIDTH = 40;
export const DEFAULT_WIDTH = 80;

/** The columns to wrap the output at: the terminal's width, 80 when it is not a terminal. */
export function outputWidth(io: Io): number {
  const columns = io.columns;
  return columns !== undefined && Number.isInteger(columns) && columns >= MIN_WIDTH ? columns : DEFAULT_WIDTH;
}

/** Reads a record from a file, or from standard input when the name is `-`. */
export async function readSource(
  io: Io,
  file: string,
  what = 'the match record',
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  // Typed at a terminal, `-` would look like a hang: say what is awaited and how to end it.
  if (file === '-' && io.stdinIsTTY === true) {
    io.err(`Reading ${what} from standard input (type or paste it, then Ctrl+D on a line of its own) …\n`);
  }
  try {
    const text = file === '-' ? await io.readStdin() : await readFile(file, 'utf8');
    return { ok: true, text };
  } catch (caught) {
    const error = caught as NodeJS.ErrnoException;
    const reason =
      error.code === 'ENOENT'
        ? 'no such file'
        : error.code === 'EISDIR'
          ? 'it is a directory'
          : error.code === 'EACCES'
            ? 'permission denied'
            : error.message;
    return { ok: false, message: `cannot read ${file === '-' ? 'standard input' : file}: ${reason}` };
  }
}
