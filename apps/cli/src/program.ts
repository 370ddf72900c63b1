/**
 * The commands, their options and help. Each command's module (and the packages it needs) is
 * imported when that command runs, so that `pyramid referee` never loads the physics or the bots.
 */
import { LEVEL_NAMES, type Level } from '@pyramid/bots';
import { TABLE_SIZES, type TableSize, VARIANTS, type Variant } from '@pyramid/rules';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { EXAMPLES_NOTE } from './examples.js';
import type { Io } from './io.js';
import { DEFAULT_WORKERS, EXIT_BAD_INPUT } from './status.js';
import { LANGS, type Lang, langFromEnv } from './text.js';
import { version } from './version.js';

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
  $ pyramid simulate examples/shots/break.json     simulate a shot: events, rest positions, facts
  $ pyramid selfplay --a master --b amateur        computer against computer: who wins, how often

Variants: ${VARIANTS.join(', ')}. Rules: МКП (International Pyramid Confederation).
${EXAMPLES_NOTE}`;

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
  $ pyramid referee match.json --json > rulings.json

${EXAMPLES_NOTE}`;

function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`Must be a whole number from ${min} to ${max}.`);
    }
    return n;
  };
}

const SELFPLAY_HELP = `
Frames between two computer players, A and B (levels: ${LEVEL_NAMES.join(', ')}), with the
break alternating: A breaks the odd frames, B the even ones. Each frame's seed is derived from
--seed and the frame's number, so the results are the same for any number of --workers.

Output: the wins of each side with a 95% confidence interval (Wilson), the breaker's win rate,
shots and visits per frame, pots per visit, fouls per frame by §29.1 item, and the length of the
frames; decision times per side (these depend on the machine). --json prints one object; its
"results" list every frame (breaker, winner, scores, shots) and "timing" the decision times.
A frame with no winner after 1000 actions (2500 in Classic) is reported as unfinished.

--table SIZE plays on a smaller table (${TABLE_SIZES.join(', ')}; default 12ft): the referee, the
simulator and the players all use that table.

--records DIR writes each frame's match record (DIR/frame-0001.json, …): the rack, then every
action as the referee took it; "pyramid referee" replays it to the same result.

Examples:
  $ pyramid selfplay --variant free --a amateur --b novice --frames 200
  $ pyramid selfplay --variant dynamic --a master --b master --frames 50 --seed 7 --json
  $ pyramid selfplay --variant classic --table 9ft --frames 10
  $ pyramid selfplay --frames 2 --records frames/ && pyramid referee frames/frame-0001.json`;

function seriesStep(value: string): number {
  const step = Number(value);
  if (value.trim() === '' || !Number.isFinite(step) || step <= 0) {
    throw new InvalidArgumentError('Must be a positive number of seconds, e.g. 0.05.');
  }
  return step;
}

const SIMULATE_HELP = `
The shot file (JSON) gives the table, parameter overrides, the balls and the strike:

  {
    "table": "12ft",                     a preset (7ft, 8ft, 9ft, 10ft, 11ft, 12ft) or
                                         { "base": "12ft", "cornerMouth": 74, ... }
    "params": { "muRoll": 0.012 },       overrides of the physics parameters (SI units)
    "break": true,                       judge it as a break (object balls to a cushion)
    "balls": [ { "id": 0, "x": 700, "y": 887.5 }, ... ],
    "strike": { "ball": 0, "speed": 8, "angleDeg": 0,
                "side": 0, "height": -0.2, "elevationDeg": 0 }
  }

Positions are in mm from the front (house-end) cushion nose, y across the table with +y on
the left as seen from the house; ids 0 (coloured) to 15. Speeds are m/s (0 < speed at most
params.maxCueSpeed), angles degrees counter-clockwise from +x (toward the back cushion), tip
offsets in ball radii (above -1, below 1; beyond params.miscueLimit is a miscue), elevation
0-80 degrees. A ball may also be given a velocity "v": [vx, vy] (m/s) and spin "w": [wx, wy, wz]
(rad/s). See examples/shots/.

--table FILE models your own table: a JSON table description { "name"?, "base"? (a preset:
7ft … 12ft, default 12ft), any of the preset fields (length, width, ballDiameter, ballMass,
cornerMouth, middleMouth, jaw radii, corridors, facing angles, cushionNoseHeight, fall
depths of the slate's edge; mm, g, degrees), "sources"? }; fields left out come from the base. It
replaces the shot file's "table" (which may hold the same description inline). See
examples/tables/.

Output: every event with its time (s), the house- and centre-line crossings, where each ball
came to rest (mm) and the facts a referee would rule on. --json prints one object
{ events, final, duration, miscue, hash, facts } (and series with --series).

Exit status: 0 when the shot was simulated; 2 for a usage error, an unreadable file, malformed
JSON or a shot the simulator cannot take (stderr names the field, stdout stays empty); 3 when
the shot exceeds the simulator's event cap (stderr: a JSON report that reproduces it).

Examples:
  $ pyramid simulate examples/shots/straight-pot.json
  $ pyramid simulate examples/shots/break.json --json | jq .facts
  $ pyramid simulate shot.json --series 0.05
  $ cat shot.json | pyramid simulate -

${EXAMPLES_NOTE}`;

export async function run(argv: readonly string[], io: Io): Promise<number> {
  let status = 0;
  const program = new Command('pyramid')
    .description('Russian pyramid (МКП rules): an automatic referee that explains every ruling')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', PROGRAM_HELP);

  // Without --lang, the language of LC_ALL / LC_MESSAGES / LANG (English unless they say Russian).
  const lang = () =>
    new Option('--lang <lang>', 'language of the output (default: from LC_ALL, LC_MESSAGES or LANG)').choices(
      [...LANGS],
    );
  const langOf = (given: Lang | undefined): Lang => given ?? langFromEnv(io.env ?? {});

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
    .action(async (file: string, options: { lang?: Lang; json?: boolean }) => {
      const { referee } = await import('./referee.js');
      status = await referee(io, file, { lang: langOf(options.lang), json: options.json === true });
    });

  program
    .command('simulate')
    .description('simulate one shot with the physics engine: events, rest positions and the referee facts')
    .argument('<file>', 'the shot (JSON), or - to read it from standard input')
    .option(
      '--json',
      'print one JSON object { events, final, duration, miscue, hash, facts } and nothing else',
    )
    .addOption(
      new Option('--series <step>', "add every ball's position sampled every STEP seconds").argParser(
        seriesStep,
      ),
    )
    .option('--table <file>', "a table description (JSON) that replaces the shot file's table")
    .addOption(lang())
    .addHelpText('after', SIMULATE_HELP)
    .action(
      async (file: string, options: { lang?: Lang; json?: boolean; series?: number; table?: string }) => {
        const { simulate } = await import('./simulate.js');
        status = await simulate(io, file, {
          lang: langOf(options.lang),
          json: options.json === true,
          series: options.series ?? null,
          tableFile: options.table ?? null,
        });
      },
    );

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
    .action(async (options: { lang?: Lang; variant?: Variant; delay?: number }) => {
      const { demo } = await import('./demo.js');
      status = await demo(io, {
        lang: langOf(options.lang),
        variant: options.variant ?? null,
        delay: options.delay ?? null,
      });
    });

  program
    .command('selfplay')
    .description('play frames between two computer players and report who wins, how often and how')
    .addOption(new Option('--variant <variant>', 'the variant').choices([...VARIANTS]).default('free'))
    .addOption(new Option('--table <size>', 'the table').choices([...TABLE_SIZES]).default('12ft'))
    .addOption(new Option('--a <level>', "side A's level").choices([...LEVEL_NAMES]).default('amateur'))
    .addOption(new Option('--b <level>', "side B's level").choices([...LEVEL_NAMES]).default('novice'))
    .addOption(new Option('--frames <n>', 'frames to play').argParser(wholeNumber(1, 1_000_000)).default(20))
    .addOption(new Option('--seed <n>', 'seed of the run').argParser(wholeNumber(0, 2 ** 32 - 1)).default(1))
    .addOption(
      new Option('--workers <k>', `worker threads (default: the cores, ${DEFAULT_WORKERS})`).argParser(
        wholeNumber(1, 256),
      ),
    )
    .addOption(lang())
    .option('--json', 'print the report as one JSON object and nothing else')
    .option('--records <dir>', "write each frame's match record into this directory")
    .addHelpText('after', SELFPLAY_HELP)
    .action(
      async (options: {
        lang?: Lang;
        variant: Variant;
        table: TableSize;
        a: Level;
        b: Level;
        frames: number;
        seed: number;
        workers?: number;
        json?: boolean;
        records?: string;
      }) => {
        const { selfplay } = await import('./selfplay.js');
        status = await selfplay(io, {
          lang: langOf(options.lang),
          variant: options.variant,
          tableSize: options.table,
          a: options.a,
          b: options.b,
          frames: options.frames,
          seed: options.seed,
          workers: options.workers ?? DEFAULT_WORKERS,
          json: options.json === true,
          records: options.records ?? null,
        });
      },
    );

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
