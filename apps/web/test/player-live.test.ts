/**
 * Your player page, live (online/player-live.ts, online/player-feed.ts): a pushed match from your
 * side, the end of a match noticed (the page reads its history again), and the feed's watch — sent
 * once welcomed, again after a reconnect — with a stand-in WebSocket.
 */
import { type PlayerLiveMatch, PROTOCOL_VERSION } from '@pyramid/online';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerFeed } from '../src/online/player-feed.js';
import { liveView, PlayerLive } from '../src/online/player-live.js';

const TABLE = 'AAAAAAAAAAAAAAAAAAAAAA';

const match = (over: Partial<PlayerLiveMatch> = {}): PlayerLiveMatch => ({
  key: `table:${TABLE}`,
  source: { kind: 'online', tableId: TABLE },
  players: [
    { id: 'anna', name: 'Anna' },
    { id: 'boris', name: 'Boris' },
  ],
  frames: [2, 1],
  points: [40, 17],
  race: 3,
  atTable: 1,
  event: null,
  watchUrl: `/?watch=${TABLE}`,
  eventUrl: null,
  seq: 12,
  at: 5,
  ...over,
});

describe('a live match on your page', () => {
  it('is shown from your side, whichever seat you hold', () => {
    expect(liveView(match(), 'anna')).toMatchObject({
      opponent: 'Boris',
      frames: [2, 1],
      points: [40, 17],
      atTable: 'opponent',
      place: { kind: 'online' },
      event: null,
      watchUrl: `/?watch=${TABLE}`,
      seq: 12,
    });
    expect(liveView(match(), 'boris')).toMatchObject({
      opponent: 'Anna',
      frames: [1, 2],
      points: [17, 40],
      atTable: 'me',
    });
    const scored = match({
      key: 'live:BBBBBBBBBBBBBBBBBBBBBB',
      source: { kind: 'scorer', liveId: 'BBBBBBBBBBBBBBBBBBBBBB', table: '3' },
      atTable: null,
      event: { eventId: 'ev1', match: 'w1-1', name: 'Cup' },
      eventUrl: '/event.html?id=ev1',
      watchUrl: '/overlay.html?live=BBBBBBBBBBBBBBBBBBBBBB',
    });
    expect(liveView(scored, 'anna')).toMatchObject({
      place: { kind: 'table', name: '3' },
      event: { name: 'Cup', url: '/event.html?id=ev1' },
      atTable: null,
    });
  });

  it('says when a match it showed has ended, once', () => {
    const live = new PlayerLive();
    expect(live.receive([], 'anna').ended).toBe(false);
    expect(live.receive([match()], 'anna')).toMatchObject({ ended: false, views: [{ seq: 12 }] });
    expect(live.receive([match({ seq: 13 })], 'anna').ended).toBe(false);
    expect(live.receive([], 'anna')).toEqual({ views: [], ended: true });
    expect(live.receive([], 'anna').ended).toBe(false);
    live.receive([match()], 'anna');
    live.reset();
    expect(live.receive([], 'anna').ended).toBe(false);
  });
});

class StandIn {
  static all: StandIn[] = [];
  readonly sent: Record<string, unknown>[] = [];
  readyState = 1;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    StandIn.all.push(this);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
  }
  receive(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

afterEach(() => {
  vi.useRealTimers();
  StandIn.all = [];
});

describe('the player page’s feed', () => {
  it('watches once welcomed, hands on the pushes for its player, and watches again after a reconnect', async () => {
    vi.useFakeTimers();
    const got: (readonly PlayerLiveMatch[])[] = [];
    const feed = new PlayerFeed({
      url: 'ws://server/ws',
      token: 'tok',
      playerId: 'anna',
      WebSocket: StandIn,
      onLive: (matches) => got.push(matches),
    });
    // The socket opens once its token is in hand (a promise).
    await vi.advanceTimersByTimeAsync(0);
    const first = StandIn.all[0] as StandIn;
    first.onopen?.({});
    expect(first.sent).toEqual([{ type: 'hello', protocol: PROTOCOL_VERSION, token: 'tok' }]);
    first.receive({ type: 'welcome' });
    expect(first.sent.at(-1)).toEqual({ type: 'player-watch', playerId: 'anna' });
    first.receive({ type: 'player-live', playerId: 'anna', matches: [match()] });
    first.receive({ type: 'player-live', playerId: 'boris', matches: [] });
    expect(got).toEqual([[match()]]);
    // Dropped: opened again after a pause, and the watch sent again once welcomed.
    first.onclose?.({ code: 1006, reason: '' });
    expect(StandIn.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    const second = StandIn.all[1] as StandIn;
    second.onopen?.({});
    second.receive({ type: 'welcome' });
    expect(second.sent.at(-1)).toEqual({ type: 'player-watch', playerId: 'anna' });
    // Closed by the page: no reconnect.
    feed.close();
    second.onclose?.({ code: 1000, reason: '' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(StandIn.all).toHaveLength(2);
  });
});
