import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Random } from '@pyramid/core';
import { applyEventAction, type ClubEvent, viewEvent } from '@pyramid/events';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePlayers } from '../src/event.js';
import { runInProcess } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'pyramid-event-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function csv(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const players = (n: number) =>
  `name,rating\n${Array.from({ length: n }, (_, i) => `Player ${i + 1},${2000 - i * 10}`).join('\n')}\n`;

describe('pyramid event draw', () => {
  it('prints the draw and writes the event; the same seed gives the same draw', async () => {
    const file = csv('players.csv', players(40));
    const out1 = join(dir, 'one.json');
    const out2 = join(dir, 'two.json');
    const one = await runInProcess([
      'event',
      'draw',
      file,
      '--format',
      'double-to-16',
      '--seed',
      '7',
      '--seeding',
      'random',
      '--out',
      out1,
    ]);
    expect(one.err).toBe('');
    expect(one.status).toBe(0);
    expect(one.out).toContain('double elimination to a final stage of 16, seed 7');
    expect(one.out).toContain("Winners' bracket, round 1 (race to 3)");
    expect(one.out).toContain('Final stage, round 1');
    expect(one.out).toContain(`Wrote the event to ${out1}`);
    const two = await runInProcess([
      'event',
      'draw',
      file,
      '--format',
      'double-to-16',
      '--seed',
      '7',
      '--seeding',
      'random',
      '--out',
      out2,
    ]);
    expect(two.out).toBe(one.out.replace(out1, out2));
    const event = JSON.parse(readFileSync(out1, 'utf8')) as ClubEvent;
    expect(event.format).toBe('pyramid-event');
    expect(event.entries.length).toBe(40);
    expect(event.draw?.order).toEqual((JSON.parse(readFileSync(out2, 'utf8')) as ClubEvent).draw?.order);
    const three = await runInProcess([
      'event',
      'draw',
      file,
      '--format',
      'double-to-16',
      '--seed',
      '8',
      '--seeding',
      'random',
      '--out',
      out2,
    ]);
    expect(three.out).not.toBe(two.out);
  });

  it('refuses bad input with a clear error naming the field, and writes nothing', async () => {
    const out = join(dir, 'never.json');
    const cases: [string[], RegExp][] = [
      [['--format', 'double-to-12'], /finalStage: the final stage must be a power of two/],
      [['--format', 'double-to-64'], /a final stage of 64 is larger than the field of 40/],
      [['--format', 'knockout'], /unknown format "knockout"/],
      [['--format', 'single', '--race', '0'], /--race/],
    ];
    const file = csv('forty.csv', players(40));
    for (const [args, message] of cases) {
      const run = await runInProcess(['event', 'draw', file, '--out', out, ...args]);
      expect(run.status).toBe(2);
      expect(run.err).toMatch(message);
      expect(run.out).toBe('');
    }
    const dup = await runInProcess([
      'event',
      'draw',
      csv('dup.csv', 'Ann\nBob\nann\n'),
      '--format',
      'single',
      '--out',
      out,
    ]);
    expect(dup.err).toMatch(/player 3.*\/entries\/2\/name: ann has already entered/);
    const one = await runInProcess([
      'event',
      'draw',
      csv('one.csv', 'Ann\n'),
      '--format',
      'single',
      '--out',
      out,
    ]);
    expect(one.err).toMatch(/\/entries: a draw needs at least 2 players/);
    const missing = await runInProcess([
      'event',
      'draw',
      join(dir, 'nope.csv'),
      '--format',
      'single',
      '--out',
      out,
    ]);
    expect(missing.err).toMatch(/cannot read .*nope.csv: no such file/);
    expect(() => readFileSync(out)).toThrow();
  });

  it('reads quoted names, a header in any column order, and comments', () => {
    const parsed = parsePlayers('# club list\naccount,name,rating\nu1,"Smith, John",1700\n,Иван Петров,\n');
    expect(parsed).toEqual({
      ok: true,
      players: [{ account: 'u1', name: 'Smith, John', rating: 1700 }, { name: 'Иван Петров' }],
    });
    expect(parsePlayers('name,rating\nAnn,strong\n')).toEqual({
      ok: false,
      message: 'line 2: the rating "strong" is not a number',
    });
    expect(parsePlayers('"Ann\n')).toMatchObject({ ok: false, message: 'line 1: unbalanced quotes' });
  });
});

describe('pyramid event standings', () => {
  async function played(format: string, n: number): Promise<{ file: string; event: ClubEvent }> {
    const out = join(dir, `${format}.json`);
    const drawn = await runInProcess([
      'event',
      'draw',
      csv(`${format}.csv`, players(n)),
      '--format',
      format,
      '--out',
      out,
    ]);
    expect(drawn.status).toBe(0);
    let event = JSON.parse(readFileSync(out, 'utf8')) as ClubEvent;
    const rng = new Random(3);
    for (;;) {
      const ready = viewEvent(event).matches.filter((m) => m.state === 'ready');
      if (ready.length === 0) break;
      const m = rng.pick(ready);
      const loser = rng.int(m.race);
      const r = applyEventAction(event, {
        type: 'result',
        by: 'cli',
        at: 5,
        match: m.id,
        frames: rng.chance(0.5) ? [m.race, loser] : [loser, m.race],
      });
      if (!r.ok) throw new Error(r.error.message);
      event = r.value;
    }
    writeFileSync(out, JSON.stringify(event));
    return { file: out, event };
  }

  it('prints the places of a finished double elimination: 1, 2, 3, 4, 5–6, 7–8, 9–12, 13–16', async () => {
    const { file, event } = await played('double', 16);
    const run = await runInProcess(['event', 'standings', file]);
    expect(run.status).toBe(0);
    const places = run.out
      .split('\n')
      .slice(3)
      .map((line) => line.split(/\s{2,}/)[0])
      .filter((p) => p !== undefined && /^\d/.test(p));
    expect([...new Set(places)]).toEqual(['1', '2', '3', '4', '5–6', '7–8', '9–12', '13–16']);
    const champion = event.entries.find((e) => e.id === viewEvent(event).champion)?.name;
    expect(run.out).toContain(`Champion: ${champion}`);
    const json = await runInProcess(['event', 'standings', file, '--json']);
    expect(JSON.parse(json.out).rows[0].place).toBe('1');
  });

  it('prints Swiss positions with score and Buchholz', async () => {
    const { file } = await played('swiss-4', 10);
    const run = await runInProcess(['event', 'standings', file]);
    expect(run.status).toBe(0);
    expect(run.out).toContain('Buchholz');
    expect(run.out).toMatch(/\n10\s+Player/);
  });

  it('refuses an event file whose results do not fit the draw, naming the field', async () => {
    const { file, event } = await played('single', 8);
    const forged = {
      ...event,
      results: event.results.map((r, i) => (i === 0 ? { ...r, frames: [9, 0] } : r)),
    };
    writeFileSync(file, JSON.stringify(forged));
    const run = await runInProcess(['event', 'standings', file]);
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/load: \/results\/0\/frames: 9:0 contradicts a race to 3/);
    writeFileSync(file, '{ not json');
    expect((await runInProcess(['event', 'standings', file])).err).toMatch(/is not JSON/);
  });
});
