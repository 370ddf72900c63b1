/**
 * The event page's live feed (one module, with a stand-in WebSocket): after the snapshot it applies
 * each `event-action` of the next version with applyEventAction; a gap or an action its copy
 * refuses makes it ask for a snapshot, once until the snapshot comes.
 */
import { applyEventAction, type ClubEvent, createEvent, type EventAction, viewEvent } from '@pyramid/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventFeed } from '../src/events/feed.js';
import { type Shown, showEvent } from '../src/events/model.js';

class StandIn {
  static last: StandIn | null = null;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    StandIn.last = this;
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close(): void {}
  receive(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

afterEach(() => vi.unstubAllGlobals());

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const drawnEvent = (): ClubEvent => {
  let e = must(
    createEvent(
      {
        name: 'Feed cup',
        dates: { start: '2026-12-05' },
        variant: 'free',
        races: { default: 2 },
        format: { kind: 'single' },
      },
      'dir',
      1,
    ),
  );
  e = must(
    applyEventAction(e, {
      type: 'add-entries',
      by: 'dir',
      at: 2,
      entries: ['A', 'B', 'C', 'D'].map((name) => ({ name })),
    }),
  );
  return must(applyEventAction(e, { type: 'draw', by: 'dir', at: 3, seed: 1 }));
};

describe('the event feed', () => {
  it('applies the next version, asks for a snapshot on a gap or a refused action, once', () => {
    vi.stubGlobal('WebSocket', StandIn);
    const got: { shown: Shown; how: string }[] = [];
    new EventFeed({
      url: 'ws://x/ws',
      token: 't',
      eventId: 'ev',
      onEvent: (shown, how) => got.push({ shown, how }),
      onStatus: () => {},
    });
    const ws = StandIn.last as StandIn;
    ws.onopen?.();
    ws.receive({ type: 'welcome' });
    const watches = () => ws.sent.filter((m) => m.type === 'event-watch').length;
    expect(watches()).toBe(1);
    const event = drawnEvent();
    ws.receive({ type: 'event', eventId: 'ev', shown: showEvent('ev', 3, event) });
    expect(got.map((g) => g.how)).toEqual(['snapshot']);

    const first = viewEvent(event).matches.find((m) => m.state === 'ready');
    const result: EventAction = {
      type: 'result',
      by: 'dir',
      at: 4,
      match: first?.id as string,
      frames: [2, 1],
    };
    ws.receive({ type: 'event-action', eventId: 'ev', version: 4, action: result });
    expect(got).toHaveLength(2);
    expect(got[1]?.how).toBe('action');
    expect(got[1]?.shown.version).toBe(4);
    expect(got[1]?.shown.matches.find((m) => m.id === first?.id)?.state).toBe('finished');
    expect(got[1]?.shown.event).toEqual(must(applyEventAction(event, result)));
    // Old, then another event's, then a gap: nothing shown; the gap asks for a snapshot once.
    ws.receive({ type: 'event-action', eventId: 'ev', version: 4, action: result });
    ws.receive({ type: 'event-action', eventId: 'other', version: 5, action: result });
    expect(watches()).toBe(1);
    ws.receive({ type: 'event-action', eventId: 'ev', version: 6, action: result });
    ws.receive({ type: 'event-action', eventId: 'ev', version: 7, action: result });
    expect(got).toHaveLength(2);
    expect(watches()).toBe(2);
    const later = must(applyEventAction(event, result));
    ws.receive({ type: 'event', eventId: 'ev', shown: showEvent('ev', 7, later) });
    expect(got.at(-1)).toMatchObject({ how: 'snapshot', shown: { version: 7 } });
    // An action the copy refuses (a second result for a finished match) is never guessed at.
    ws.receive({ type: 'event-action', eventId: 'ev', version: 8, action: result });
    expect(got).toHaveLength(3);
    expect(watches()).toBe(3);
  });
});
