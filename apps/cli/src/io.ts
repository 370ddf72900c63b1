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

/** Reads a record from a file, or from standard input when the name is `-`. */
export async function readSource(
  io: Io,
  file: string,
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
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
