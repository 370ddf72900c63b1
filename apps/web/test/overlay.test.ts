/** The stream overlay's model: its query (what it follows, its layout), the table's match, what it shows. */
import type { MatchLive } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import {
  calledMatch,
  emptyLive,
  isNewer,
  type OverlayOptions,
  overlayView,
  parseOverlayOptions,
  rulingText,
} from '../src/overlay/model.js';

const LIVE_ID = 'AbCdEfGhIjKlMnOpQrStUv';

function options(search: string): OverlayOptions {
  const parsed = parseOverlayOptions(search, 'ru');
  if (!parsed.ok) throw new Error(`${parsed.field}: ${parsed.message}`);
  return parsed.options;
}

function refused(search: string): string {
  const parsed = parseOverlayOptions(search, 'ru');
  if (parsed.ok) throw new Error(`accepted ${search}`);
  return parsed.field;
}

const live = (patch: Partial<MatchLive> = {}): MatchLive => ({
  source: { kind: 'scorer', table: '3' },
  frames: [1, 0],
  points: [4, 9],
  race: 3,
  atTable: 'b',
  seq: 12,
  lastRuling: 'Foul',
  at: 1_000,
  ...patch,
});

describe('the overlay query', () => {
  it('follows a live match by ?match= or the server link ?live=, with the default layout', () => {
    expect(options(`?match=${LIVE_ID}`)).toEqual({
      source: { kind: 'live', liveId: LIVE_ID },
      corner: 'bottom-left',
      size: 'm',
      lang: 'ru',
      rulingSeconds: 6,
    });
    expect(options(`?live=${LIVE_ID}`).source).toEqual({ kind: 'live', liveId: LIVE_ID });
  });

  it("follows an event's table, with the layout from the query (short corners too)", () => {
    expect(options('?event=ev1&table=3&corner=tr&size=l&lang=en&ruling=0')).toEqual({
      source: { kind: 'table', eventId: 'ev1', table: '3' },
      corner: 'top-right',
      size: 'l',
      lang: 'en',
      rulingSeconds: 0,
    });
    expect(options('?event=ev1&table=Main%20table&corner=bottom').source).toEqual({
      kind: 'table',
      eventId: 'ev1',
      table: 'Main table',
    });
  });

  it('refuses a bad query naming its field', () => {
    expect(refused('')).toBe('match');
    expect(refused('?event=ev1')).toBe('table');
    expect(refused(`?match=${LIVE_ID}&event=ev1&table=3`)).toBe('match');
    expect(refused(`?match=${LIVE_ID}&corner=middle`)).toBe('corner');
    expect(refused(`?match=${LIVE_ID}&size=xl`)).toBe('size');
    expect(refused(`?match=${LIVE_ID}&lang=de`)).toBe('lang');
    expect(refused(`?match=${LIVE_ID}&ruling=-1`)).toBe('ruling');
    expect(refused(`?match=${LIVE_ID}&ruling=601`)).toBe('ruling');
    expect(refused(`?match=${'x'.repeat(101)}`)).toBe('match');
  });
});

describe('what the overlay shows', () => {
  it("is the server's MatchLive with the players' names; the player at the table by index", () => {
    expect(overlayView(['Anna', 'Boris'], live(), '3')).toEqual({
      players: ['Anna', 'Boris'],
      points: [4, 9],
      frames: [1, 0],
      race: 3,
      atTable: 1,
      seq: 12,
      lastRuling: 'Foul',
      table: '3',
    });
    expect(overlayView(['Anna', 'Boris'], live({ atTable: 'a' }), null).atTable).toBe(0);
    expect(overlayView(['Anna', 'Boris'], live({ atTable: null }), null).atTable).toBeNull();
  });

  it('keeps the highest seq: a push that crosses a reconnect changes nothing', () => {
    expect(isNewer(null, live())).toBe(true);
    expect(isNewer(live({ seq: 12 }), live({ seq: 13 }))).toBe(true);
    expect(isNewer(live({ seq: 12 }), live({ seq: 12 }))).toBe(false);
    expect(isNewer(live({ seq: 12 }), live({ seq: 11 }))).toBe(false);
  });

  it('a table shows the match called to it, with the entries’ names, and nothing when none is', () => {
    const shown = {
      event: {
        entries: [
          { id: 'e1', name: 'Anna' },
          { id: 'e2', name: 'Boris' },
          { id: 'e3', name: 'Vera' },
        ],
      },
      matches: [
        { id: 'W1-1', a: 'e1', b: 'e2', state: 'finished', table: '3', race: 2 },
        { id: 'W1-2', a: 'e3', b: 'e1', state: 'called', table: '3', race: 3 },
        { id: 'W1-3', a: 'e2', b: null, state: 'called', table: '4', race: 3 },
      ],
    };
    expect(calledMatch(shown, '3')).toEqual({ match: 'W1-2', players: ['Vera', 'Anna'], race: 3 });
    expect(calledMatch(shown, '4')?.players).toEqual(['Boris', '…']);
    expect(calledMatch(shown, '5')).toBeNull();
    expect(emptyLive(3, '3')).toMatchObject({ frames: [0, 0], points: [0, 0], race: 3, seq: 0 });
  });
});

describe("the overlay's ruling in its language", () => {
  const header = {
    variant: 'free' as const,
    tableSize: '12ft' as const,
    settings: {},
    framesToWin: 1,
    players: ['Anna', 'Boris'] as const,
    breaker: 0 as const,
    table: '3',
    event: null,
  };
  const slowPlay = { kind: 'action' as const, action: { type: 'foul', player: 0, foul: 'slow-play' } };

  it("words the last action's ruling in Russian or English", () => {
    const ru = rulingText(header, [slowPlay], 'ru');
    const en = rulingText(header, [slowPlay], 'en');
    expect(ru).not.toBe(en);
    expect(ru).toMatch(/[а-я]/);
    expect(en).not.toMatch(/[а-я]{3}/);
  });

  it('says a withdrawn action was withdrawn, and nothing before the first action', () => {
    expect(rulingText(header, [slowPlay, { kind: 'undo' }], 'en')).toBe(
      'The last action was withdrawn (a correction).',
    );
    expect(rulingText(header, [], 'ru')).toBeNull();
    expect(rulingText(header, [{ kind: 'action', action: { type: 'nonsense' } }], 'ru')).toBeNull();
  });
});
