// A program outside the workspace, in plain Node ESM, using the installed packages as anyone would.
// Run by scripts/consumer-test.mjs in a scratch project; prints one JSON line it checks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chooseAction, LEVEL_NAMES } from '@pyramid/bots';
import { hashString } from '@pyramid/core';
import { applyEventAction, createEvent, viewEvent } from '@pyramid/events';
import { factsFromSimulation, rackedMatch } from '@pyramid/match';
import { boundaryOf, DEFAULT_PARAMS, simulate } from '@pyramid/physics';
import { replayRecordText } from '@pyramid/rules';
import { buildTableGeometry } from '@pyramid/table';

const require = createRequire(import.meta.url);

// A club event: eight players, double elimination, drawn.
const created = createEvent(
  {
    name: 'Cup',
    dates: { start: '2026-12-05' },
    variant: 'free',
    races: { default: 3 },
    format: { kind: 'double' },
  },
  'director',
  0,
);
const entered = created.ok
  ? applyEventAction(created.value, {
      type: 'add-entries',
      by: 'director',
      at: 1,
      entries: Array.from({ length: 8 }, (_, i) => ({ name: `Player ${i + 1}` })),
    })
  : created;
const drawn = entered.ok
  ? applyEventAction(entered.value, { type: 'draw', by: 'director', at: 2, seed: 7 })
  : entered;
const schema = JSON.parse(readFileSync(require.resolve('@pyramid/rules/schema/match-record.json'), 'utf8'));

// (1) Referee a record.
const record = readFileSync(process.argv[2], 'utf8');
const replay = replayRecordText(record);
if (!replay.ok) throw new Error(`the record did not replay: ${replay.error.message}`);
const last = replay.value.steps.at(-1);

// (2) Simulate a shot: the coloured ball struck straight at ball 1.
const boundary = boundaryOf(buildTableGeometry());
const run = simulate(
  [
    { id: 0, x: 1.775, y: 0.9 },
    { id: 1, x: 1.775, y: 1.5 },
  ],
  { ball: 0, speed: 3, angleDeg: 90 },
  boundary,
  DEFAULT_PARAMS,
);
if (!run.ok) throw new Error('the shot was not simulated');
const facts = factsFromSimulation(run.value, { cueBall: 0, isBreak: false });

// (3) Ask a bot for a move: the break of a racked Free frame.
const move = chooseAction(rackedMatch('free', { breaker: 0 }), 'amateur', 42);

console.log(
  JSON.stringify({
    steps: replay.value.steps.length,
    explanation: last.ruling.explanation.en,
    turn: replay.value.final.turn.kind,
    pocketed: facts.pocketed,
    events: run.value.events.length,
    move: move?.type ?? null,
    levels: LEVEL_NAMES,
    hash: hashString(''),
    schemaId: schema.$id,
    eventMatches: drawn.ok ? viewEvent(drawn.value).matches.length : null,
  }),
);
