/**
 * The `pyramid` command: an automatic referee of Russian pyramid (МКП rules) on the command line.
 * `main(argv)` parses the arguments, runs one command and returns the exit status: 0 on success,
 * 2 for a usage error, a bad match record or a bad shot file, 3 when a simulated shot hits the
 * simulator's event cap.
 *
 * `pyramid --version` answers before the argument parser and the packages are loaded: it is the
 * command scripts call to see whether pyramid is installed, and it should cost no more than Node's
 * own start.
 */
import { type Io, processIo } from './io.js';
import { version } from './version.js';

export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.out(`${version()}\n`);
    return 0;
  }
  const { run } = await import('./program.js');
  return run(argv, io);
}
