/** The players' pages' index in memory (players/live-index.ts): news in any order, privacy, the cap. */
import { MAX_PLAYER_LIVE_MATCHES, type PlayerLiveMatch } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import { PlayerLiveIndex, type PlayerLiveNews } from '../src/players/live-index.js';

const match = (key: string, seq: number, at = seq): PlayerLiveMatch => ({
  key,
  source: { kind: 'online', tableId: key.slice(6) },
  players: [
    { id: 'anna', name: 'Anna' },
    { id: 'boris', name: 'Boris' },
  ],
  frames: [0, 0],
  points: [seq, 0],
  race: 2,
  atTable: 0,
  event: null,
  watchUrl: `/?watch=${key.slice(6)}`,
  eventUrl: null,
  seq,
  at,
});

const news = (key: string, seq: number, over: Partial<PlayerLiveNews> = {}): PlayerLiveNews => ({
  key,
  accounts: ['anna', 'boris'],
  public: true,
  seq,
  match: match(key, seq),
  ...over,
});

describe('the players’ live index', () => {
  it('keeps the highest seq of a match, and a match that ended stays ended', () => {
    const index = new PlayerLiveIndex();
    expect(index.apply(news('table:t1', 1))).toEqual(['anna', 'boris']);
    expect(index.apply(news('table:t1', 3))).toEqual(['anna', 'boris']);
    // A late push of seq 2 changes nothing and tells nobody.
    expect(index.apply(news('table:t1', 2))).toEqual([]);
    expect(index.matchesOf('anna', null).map((m) => m.seq)).toEqual([3]);
    expect(index.apply(news('table:t1', 4, { match: null }))).toEqual(['anna', 'boris']);
    expect(index.matchesOf('anna', null)).toEqual([]);
    expect(index.apply(news('table:t1', 3))).toEqual([]);
    expect(index.matchesOf('boris', null)).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('shows a private match to its own players only', () => {
    const index = new PlayerLiveIndex();
    index.apply(news('table:t2', 1, { public: false }));
    expect(index.matchesOf('anna', null)).toEqual([]);
    expect(index.matchesOf('anna', 'boris')).toEqual([]);
    expect(index.matchesOf('anna', 'anna').map((m) => m.key)).toEqual(['table:t2']);
  });

  it('gives the latest matches first, at most MAX_PLAYER_LIVE_MATCHES; players who left a match are told', () => {
    const index = new PlayerLiveIndex();
    for (let i = 0; i < MAX_PLAYER_LIVE_MATCHES + 2; i++)
      index.apply({ ...news(`table:m${i}`, 1), match: match(`table:m${i}`, 1, 100 + i) });
    const shown = index.matchesOf('anna', null).map((m) => m.key);
    expect(shown).toHaveLength(MAX_PLAYER_LIVE_MATCHES);
    expect(shown[0]).toBe(`table:m${MAX_PLAYER_LIVE_MATCHES + 1}`);
    // The same match with other accounts (a seat taken by someone else): both old and new are told.
    expect(index.apply(news('table:m0', 2, { accounts: ['anna', 'vera'] }))).toEqual([
      'anna',
      'boris',
      'vera',
    ]);
    expect(index.matchesOf('boris', null).map((m) => m.key)).not.toContain('table:m0');
    expect(index.matchesOf('vera', null).map((m) => m.key)).toEqual(['table:m0']);
  });

  it('knows the matches of an event it holds, and forgets them when they end', () => {
    const index = new PlayerLiveIndex();
    const ofEvent = (key: string): PlayerLiveNews => ({
      ...news(key, 1),
      match: { ...match(key, 1), event: { eventId: 'ev1', match: 'W1-1', name: 'Cup' } },
    });
    index.apply(ofEvent('live:l1'));
    index.apply(news('table:t9', 1));
    expect([...index.ofEvent('ev1')]).toEqual([['live:l1', 'W1-1']]);
    index.apply(news('live:l1', 0, { match: null, accounts: [] }));
    expect(index.ofEvent('ev1').size).toBe(0);
    expect(index.matchesOf('anna', null).map((m) => m.key)).toEqual(['table:t9']);
  });
});
