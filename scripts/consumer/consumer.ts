// Typechecked in the scratch project under `strict` with skipLibCheck false: the packages' .d.ts
// must compile with a consumer's own flags. Never run; only `tsc --noEmit`.
import { chooseAction, type Level, type Move } from '@pyramid/bots';
import { err, ok, type Result } from '@pyramid/core';
import { type ClubEvent, type EventError, type StandingRow, standings } from '@pyramid/events';
import { factsFromSimulation, rackedMatch } from '@pyramid/match';
import { boundaryOf, DEFAULT_PARAMS, type Simulation, simulate } from '@pyramid/physics';
import { type MatchState, type Replay, type Ruling, replayRecordText } from '@pyramid/rules';
import { buildTableGeometry, type Point, REGULATION_12FT } from '@pyramid/table';

export function lastRuling(text: string): Result<Ruling, string> {
  const replay: Result<Replay, { message: string }> = replayRecordText(text);
  if (!replay.ok) return err(replay.error.message);
  const step = replay.value.steps.at(-1);
  return step === undefined ? err('no actions') : ok(step.ruling);
}

export function straightShot(): Simulation | null {
  const run = simulate(
    [
      { id: 0, x: 1.775, y: 0.9 },
      { id: 1, x: 1.775, y: 1.5 },
    ],
    { ball: 0, speed: 3, angleDeg: 90 },
    boundaryOf(buildTableGeometry()),
    DEFAULT_PARAMS,
  );
  if (!run.ok) return null;
  factsFromSimulation(run.value, { cueBall: 0, isBreak: false });
  return run.value;
}

export function botMove(level: Level): Move | null {
  const state: MatchState = rackedMatch('free', { breaker: 0 });
  return chooseAction(state, level, 1);
}

export const tableLength: number = REGULATION_12FT.length;
export const origin: Point = { x: 0, y: 0 };

export function places(event: ClubEvent): readonly StandingRow[] {
  return standings(event).rows;
}

export const describeRefusal = (e: EventError): string => `${e.action}: ${e.field}: ${e.message}`;
