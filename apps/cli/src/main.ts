/**
 * The `pyramid` command: an automatic referee of Russian pyramid (МКП rules) on the command line.
 * `main(argv)` parses the arguments, runs one command and returns the exit status: 0 on success,
 * 2 for a usage error or a bad match record.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIANTS, type Variant } from '@pyramid/rules';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { demo } from './demo.js';
import { type Io, processIo } from './io.js';
import { EXIT_BAD_INPUT, referee } from './referee.js';
import { LANGS, type Lang } from './text.js';

function version(): string {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

function milliseconds(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms > 60_000) {
    throw new InvalidArgumentError('Must be a whole number of milliseconds from 0 to 60000.');
  }
  return ms;
}

const PROGRAM_HELP = `
Examples:
  $ pyramid demo                                   watch an example frame of every variant
  $ pyramid demo --variant classic --lang ru       one variant, explanations in Russian
  $ pyramid referee examples/records/free.json     rule on every action of a match record
  $ pyramid referee match.json --json | jq .final  the rulings as JSON

Variants: ${VARIANTS.join(', ')}. Rules: МКП (International Pyramid Confederation).`;

const REFEREE_HELP = `
The record is the JSON match record (format "pyramid-match-record", version 1; see
docs/match-record.md and examples/records/). Every action is replayed and checked before
anything is printed. #N is the action's index in the record's "actions" array (from 0).

Output: one block per action (what was done, the verdict with the foul codes of §29.1, the
points and the score, the balls scored and re-spotted, the reasons citing the rule paragraphs,
what happens next), then the final state. Pockets: F = front (house end), M = middle,
B = back; L/R = left/right as seen from the house.

Exit status: 0 when the whole record replays; 2 for a usage error, an unreadable file,
malformed JSON, a header that breaks the schema, or an action the referee cannot accept
(stderr names the action's index and the field, stdout stays empty).

Examples:
  $ pyramid referee examples/records/combined.json
  $ pyramid referee examples/records/classic.json --lang ru
  $ cat match.json | pyramid referee -
  $ pyramid referee match.json --json > rulings.json`;

export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  let status = 0;
  const program = new Command('pyramid')
    .description('Russian pyramid (МКП rules): an automatic referee that explains every ruling')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', PROGRAM_HELP);

  const lang = () =>
    new Option('--lang <lang>', 'language of the explanations').choices([...LANGS]).default('en');

  program
    .command('referee')
    .description("replay a match record and print the referee's ruling on every action, then the final state")
    .argument('<file>', 'the match record (JSON), or - to read it from standard input')
    .addOption(lang())
    .option(
      '--json',
      'print one JSON object { rulings: [{ index, action, ruling }], final } and nothing else',
    )
    .addHelpText('after', REFEREE_HELP)
    .action(async (file: string, options: { lang: Lang; json?: boolean }) => {
      status = await referee(io, file, { lang: options.lang, json: options.json === true });
    });

  program
    .command('demo')
    .description('watch an example frame of each variant being refereed, shot by shot')
    .addOption(lang())
    .addOption(new Option('--variant <variant>', 'show only this variant').choices([...VARIANTS]))
    .addOption(
      new Option('--delay <ms>', 'pause between actions (default: 400 on a terminal, 0 otherwise)').argParser(
        milliseconds,
      ),
    )
    .action(async (options: { lang: Lang; variant?: Variant; delay?: number }) => {
      status = await demo(io, {
        lang: options.lang,
        variant: options.variant ?? null,
        delay: options.delay ?? null,
      });
    });

  for (const command of program.commands) {
    command.showHelpAfterError(
      `Usage: pyramid ${command.name()} ${command.usage()}\n(run "pyramid ${command.name()} --help" for details)`,
    );
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (caught) {
    if (caught instanceof CommanderError) return caught.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
    throw caught;
  }
  return status;
}
