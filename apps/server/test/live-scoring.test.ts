/**
 * Live scoring on a real server (SQLite, loopback, real `ws` clients, `ScorerSync` as the scorer):
 * a director's scoring link for a called match; forged, revoked and expired capabilities refused
 * with nothing stored; every action ruled by the referee (a refusal names its field); an undo kept
 * as a correction; one writer with an explicit take-over; followers and the event's page told after
 * each stored entry; the finished match reported to the event once; the record replays through
 * `pyramid referee`; a friendly match shared live, bounded per account.
 */
import { join } from 'node:path';
import {
  CAPABILITY_PATTERN,
  type LiveShown,
  MAX_OPEN_LIVE_PER_ACCOUNT,
  type MatchLive,
  parseScorerFragment,
} from '@pyramid/online';
import { replayRecord } from '@pyramid/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionEntry,
  calledMatch,
  freeMatchActions,
  type Got,
  post,
  scorer,
  scoringLink,
  socket,
} from './live-support.js';
import {
  guest,
  type RunningServer,
  refereeReplay,
  removeTempDirs,
  tempDir,
  testServer,
  until,
} from './support.js';

let server: RunningServer;
let director: string;
let referee: string;
let spectator: string;

beforeAll(async () => {
  server = await testServer({ httpLimits: null });
  director = (await guest(server.url, 'Director')).session.token;
  referee = (await guest(server.url, 'Referee')).session.token;
  spectator = (await guest(server.url, 'Watcher')).session.token;
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});

const url = () => server.url;
const liveOf = async (liveId: string) =>
  (await post(url(), `/api/live/${liveId}`, null, undefined, 'GET')).body as unknown as LiveShown;
// Refusals the test provoked (not the barriers of `settled`).
const errors = (got: Got[]) =>
  got.filter((m) => m.type === 'error' && !String(m.ref ?? '').startsWith('settled-'));

describe('scoring a match of an event from a real table', () => {
  it('streams a whole match: ruled, stored once, followed live, reported to the event, replayable', async () => {
    const { eventId, match } = await calledMatch(url(), director);
    // Only a director gets a link.
    const stranger = await post(
      url(),
      `/api/events/${eventId}/matches/${match.id}/scoring`,
      referee,
      undefined,
    );
    expect(stranger.status).toBe(403);
    const link = await scoringLink(url(), director, eventId, match.id);
    expect(link.capability).toMatch(new RegExp(CAPABILITY_PATTERN));
    expect(parseScorerFragment(link.scorerUrl.slice(link.scorerUrl.indexOf('#')))).toEqual({
      liveId: link.liveId,
      capability: link.capability,
    });
    expect(link.header).toMatchObject({
      variant: 'free',
      framesToWin: 1,
      players: ['Ivanov', 'Petrov'],
      breaker: null,
      table: '3',
      event: { eventId, match: match.id },
    });

    // The event's page and an overlay follow.
    const page = await socket(url(), spectator);
    page.send({ type: 'event-watch', eventId });
    const overlay = await socket(url(), spectator);
    overlay.send({ type: 'live-watch', liveId: link.liveId });
    await until(() => overlay.of('live').length === 1, 10_000, 'the first live');
    expect(overlay.of('live')[0]).toMatchObject({ entries: [], live: { seq: 0, race: 1, frames: [0, 0] } });

    const phone = await scorer(url, referee, link, 'phone-one-0123456789');
    await phone.connect();
    await until(() => phone.sync.status === 'writing', 10_000, 'the lease');
    const actions = freeMatchActions();
    for (const action of actions) await phone.sync.record(actionEntry(action));
    await until(() => phone.sync.pending.length === 0, 20_000, 'every entry acknowledged');

    const shown = await liveOf(link.liveId);
    expect(shown.entries.map((e) => e.seq)).toEqual(actions.map((_, i) => i + 1));
    expect(shown.entries.map((e) => e.entry)).toEqual(actions.map(actionEntry));
    expect(shown.entries.every((e) => e.by.name === 'Referee')).toBe(true);
    expect(shown.finished).toBe(true);
    expect(shown.live).toMatchObject({
      frames: [1, 0],
      atTable: null,
      seq: actions.length,
      source: { kind: 'scorer', table: '3' },
    });

    // The overlay heard every entry once, in order; the event page the running score after each.
    await until(
      () => overlay.of('live').flatMap((m) => m.entries as unknown[]).length === actions.length,
      10_000,
      'overlay',
    );
    const heard = overlay.of('live').flatMap((m) => (m.entries as { seq: number }[]).map((e) => e.seq));
    expect(heard).toEqual(actions.map((_, i) => i + 1));
    await until(
      () => (page.of('event-live').at(-1)?.live as MatchLive | undefined)?.seq === actions.length,
      10_000,
      'event-live',
    );
    const seqs = page.of('event-live').map((m) => (m.live as MatchLive).seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // The result reached the event once: the match is finished 1:0 and the bracket has its champion.
    await until(
      () => page.of('event-action').some((m) => JSON.stringify(m).includes('"type":"result"')),
      10_000,
      'result',
    );
    const event = (await post(url(), `/api/events/${eventId}`, null, undefined, 'GET')).body as {
      matches: {
        id: string;
        state: string;
        result: { frames: number[]; reason: string; by: string } | null;
      }[];
      event: { results: unknown[] };
    };
    const finished = event.matches.find((m) => m.id === match.id);
    expect(finished?.state).toBe('finished');
    expect(finished?.result).toMatchObject({ frames: [1, 0], reason: 'played', by: '@table' });
    expect(event.event.results).toHaveLength(1);

    // The record replays, in the referee and through `pyramid referee`, to the same end.
    const replayed = replayRecord(shown.record);
    expect(replayed.ok && replayed.value.final.turn.kind).toBe('match-over');
    const cli = refereeReplay(shown.record, join(tempDir(), 'live.json'));
    expect(cli.final.winner).toBe(0);
    expect(cli.final.framesWon).toEqual([1, 0]);

    // The match has ended: the capability has expired, nothing more is stored.
    phone.socket?.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: actions.length + 1,
      entries: [{ kind: 'undo' }],
      ref: 'late',
    });
    await phone.socket?.settled();
    expect(errors(phone.socket?.got ?? []).at(-1)).toMatchObject({
      code: 'auth/capability-expired',
      ref: 'late',
    });
    expect((await liveOf(link.liveId)).entries).toHaveLength(actions.length);
    // And no new link is given for it.
    expect(
      (await post(url(), `/api/events/${eventId}/matches/${match.id}/scoring`, director, undefined)).status,
    ).toBe(400);
    for (const s of [page, overlay, phone.socket]) s?.ws.terminate();
  });

  it('refuses forged and revoked capabilities and storing nothing; the referee refuses with its field', async () => {
    const { eventId, match } = await calledMatch(url(), director);
    const link = await scoringLink(url(), director, eventId, match.id);
    const s = await socket(url(), referee);
    const device = 'device-forged-000000';
    const forged = 'A'.repeat(43);
    s.send({ type: 'score-open', liveId: link.liveId, capability: forged, device, ref: 'f' });
    await s.settled();
    expect(errors(s.got).at(-1)).toMatchObject({ code: 'auth/capability-invalid', ref: 'f' });
    // A capability of another match is no better than a forged one.
    const other = await calledMatch(url(), director);
    const otherLink = await scoringLink(url(), director, other.eventId, other.match.id);
    s.send({ type: 'score-open', liveId: link.liveId, capability: otherLink.capability, device, ref: 'o' });
    s.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 1,
      entries: [actionEntry({ type: 'lag', winner: 0 })],
      ref: 'w',
    });
    await s.settled();
    expect(errors(s.got).slice(-2)).toMatchObject([
      { code: 'auth/capability-invalid', ref: 'o' },
      { code: 'score/not-writer', ref: 'w' },
    ]);
    expect(s.of('score-state')).toHaveLength(0);

    // The real link: opened, then the referee's refusal names the field, and nothing is stored.
    s.send({ type: 'score-open', liveId: link.liveId, capability: link.capability, device, ref: 'r' });
    await until(() => s.of('score-state').length === 1, 10_000, 'score-state');
    expect(s.of('score-state')[0]).toMatchObject({ writer: true, epoch: 1, seq: 0, entries: [] });
    s.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 1,
      entries: [
        actionEntry({ type: 'lag', winner: 0 }),
        actionEntry({ type: 'shot', player: 1, facts: { firstContact: null } }),
      ],
      ref: 'x',
    });
    await s.settled();
    // The lag is stored and acknowledged; the shot by the wrong player is refused with its field.
    expect(s.of('score-ack').at(-1)).toMatchObject({ seq: 1 });
    expect(errors(s.got).at(-1)).toMatchObject({ code: 'score/refused', ref: 'x' });
    expect(String(errors(s.got).at(-1)?.field)).toMatch(/^\/entries\/1\/action/);
    expect((await liveOf(link.liveId)).entries).toHaveLength(1);
    // A gap and a conflict are answered with the server's log.
    s.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 5,
      entries: [{ kind: 'undo' }],
      ref: 'g',
    });
    s.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 1,
      entries: [actionEntry({ type: 'lag', winner: 1 })],
      ref: 'c',
    });
    await s.settled();
    expect(errors(s.got).slice(-2)).toMatchObject([
      { code: 'score/gap', ref: 'g' },
      { code: 'score/conflict', ref: 'c' },
    ]);
    expect(s.of('score-state').at(-1)).toMatchObject({ seq: 1 });
    // A resend of the stored entry is acknowledged again and stored once.
    s.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 1,
      entries: [actionEntry({ type: 'lag', winner: 0 })],
      ref: 'd',
    });
    await s.settled();
    expect(s.of('score-ack').at(-1)).toMatchObject({ seq: 1 });
    expect((await liveOf(link.liveId)).entries).toHaveLength(1);

    // Revoked by the director: the next write is refused, nothing stored; a new link works again.
    const revoked = await post(
      url(),
      `/api/events/${eventId}/matches/${match.id}/scoring`,
      director,
      undefined,
      'DELETE',
    );
    expect(revoked).toMatchObject({ status: 200, body: { revoked: 1 } });
    const first = freeMatchActions()[1];
    s.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 2,
      entries: [actionEntry(first)],
      ref: 'v',
    });
    await s.settled();
    expect(errors(s.got).at(-1)).toMatchObject({ code: 'auth/capability-revoked', ref: 'v' });
    expect((await liveOf(link.liveId)).entries).toHaveLength(1);
    const again = await scoringLink(url(), director, eventId, match.id);
    expect(again.liveId).toBe(link.liveId);
    s.send({ type: 'score-open', liveId: link.liveId, capability: again.capability, device, ref: 'n' });
    s.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 2,
      entries: [actionEntry(first)],
      ref: 'y',
    });
    await s.settled();
    expect(s.of('score-ack').at(-1)).toMatchObject({ seq: 2 });
    s.ws.terminate();
  });

  it('has one writer: a second device watches, takes over explicitly, and the first is cut off', async () => {
    const { eventId, match } = await calledMatch(url(), director);
    const link = await scoringLink(url(), director, eventId, match.id);
    const actions = freeMatchActions();
    const a = await scorer(url, referee, link, 'phone-aaaa-0123456789');
    const b = await scorer(url, referee, link, 'phone-bbbb-0123456789');
    await a.connect();
    await until(() => a.sync.status === 'writing', 10_000, 'a writes');
    await b.connect();
    await until(() => b.sync.status === 'watching', 10_000, 'b watches');
    await a.sync.record(actionEntry(actions[0]));
    await a.sync.record(actionEntry(actions[1]));
    // Undo as a correction: withdrawn and replayed, kept in the log with who and when.
    await a.sync.record({ kind: 'undo' });
    await until(() => a.sync.pending.length === 0, 10_000, 'acks');
    await until(() => b.sync.entries().length === 3, 10_000, 'b hears them');
    const afterUndo = await liveOf(link.liveId);
    expect(afterUndo.entries.map((e) => e.entry.kind)).toEqual(['action', 'action', 'undo']);
    expect(afterUndo.record.actions).toEqual([actions[0]]);
    expect(afterUndo.live.lastRuling).toMatch(/withdrawn/);

    b.sync.take();
    await until(() => b.sync.status === 'writing' && a.sync.status === 'watching', 10_000, 'the take-over');
    // B may not undo what A wrote.
    await b.sync.record({ kind: 'undo' });
    await until(() => b.sync.pending.length === 0, 10_000, 'b refused');
    expect((await liveOf(link.liveId)).entries).toHaveLength(3);
    await b.sync.record(actionEntry(actions[1]));
    await until(() => b.sync.pending.length === 0, 10_000, 'b writes');
    // A, cut off, writes nothing: its raw attempt with its old epoch is refused.
    a.socket?.send({
      type: 'score-entries',
      liveId: link.liveId,
      epoch: 1,
      seq: 5,
      entries: [actionEntry(actions[2])],
      ref: 'old',
    });
    await a.socket?.settled();
    expect(errors(a.socket?.got ?? []).at(-1)).toMatchObject({ code: 'score/not-writer', ref: 'old' });
    const stored = await liveOf(link.liveId);
    expect(stored.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(stored.record.actions).toEqual([actions[0], actions[1]]);
    a.disconnect();
    b.disconnect();
  });
});

describe('sharing a friendly match live', () => {
  it('makes a live match for any signed-in player, bounded per account', async () => {
    const player = (await guest(url(), 'Friendly')).session.token;
    const body = {
      variant: 'dynamic',
      framesToWin: 2,
      players: ['Anna', 'Boris'],
      breaker: 1,
      table: 'Home',
    };
    expect((await post(url(), '/api/live', null, body)).status).toBe(401);
    expect((await post(url(), '/api/live', player, { ...body, framesToWin: 0 })).status).toBe(400);
    expect(
      (await post(url(), '/api/live', player, { ...body, settings: { completionRule: 'nonsense' } })).status,
    ).toBe(400);
    const made = await post(url(), '/api/live', player, body);
    expect(made.status).toBe(201);
    expect(made.body.header).toMatchObject({
      variant: 'dynamic',
      framesToWin: 2,
      breaker: 1,
      event: null,
      table: 'Home',
    });
    const shown = await liveOf(made.body.liveId as string);
    expect(shown.record).toMatchObject({
      variant: 'dynamic',
      start: { from: 'rack', breaker: 1 },
      settings: { framesToWin: 2 },
    });
    for (let i = 1; i < MAX_OPEN_LIVE_PER_ACCOUNT; i++)
      expect((await post(url(), '/api/live', player, body)).status).toBe(201);
    expect(await post(url(), '/api/live', player, body)).toMatchObject({
      status: 429,
      body: { code: 'live/too-many' },
    });
    expect((await post(url(), `/api/live/${'x'.repeat(22)}`, null, undefined, 'GET')).status).toBe(404);
  });
});
