/** The event page's view of matches played online (src/events/online.ts): the live scores kept, the tables found. */
import type { MatchLive } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import type { Shown } from '../src/events/model.js';
import { LiveScores, liveText, onlineTable, playedTable } from '../src/events/online.js';

type Match = Shown['matches'][number];

const live = (seq: number, frames: [number, number]): MatchLive => ({
  source: { kind: 'online', tableId: 'T' },
  frames,
  points: [seq, 0],
  race: 3,
  atTable: 'a',
  seq,
  lastRuling: null,
  at: 1_000 + seq,
});

const match = (state: Match['state'], result: Match['result'] = null) =>
  ({ id: 'W1-1', state, result }) as Match;

describe('live scores of matches played online', () => {
  it('keeps the newest push of a match, and shows it only while the match is called', () => {
    const scores = new LiveScores();
    expect(scores.note('W1-1', live(3, [1, 0]))).toBe(true);
    // An older push that arrives late changes nothing.
    expect(scores.note('W1-1', live(2, [0, 0]))).toBe(false);
    expect(scores.of(match('called'))?.seq).toBe(3);
    expect(liveText(scores.of(match('called')) as MatchLive)).toBe('1:0 · 3:0');
    expect(scores.of(match('finished'))).toBeNull();
  });

  it('finds the online table of a called match and the table a finished one was played at', () => {
    const shown = {
      event: { calls: { 'W1-1': { table: 'online', at: 1, tableId: 'abc' } } },
    } as unknown as Shown;
    expect(onlineTable(shown, match('called'))).toBe('abc');
    const venue = { event: { calls: { 'W1-1': { table: '3', at: 1 } } } } as unknown as Shown;
    expect(onlineTable(venue, match('called'))).toBeNull();
    const result = { tableId: 'abc', frames: [3, 1] } as unknown as Match['result'];
    expect(playedTable(match('finished', result))).toBe('abc');
    expect(playedTable(match('finished', { frames: [3, 1] } as unknown as Match['result']))).toBeNull();
  });
});
