/**
 * Two devices on two server processes (one PostgreSQL database, one Redis) scoring one match and
 * taking the lease from each other again and again while they write: the lease is checked in the
 * transaction of every write, so the stored log never has two writers — each lease epoch has one
 * author, the epochs only grow, every seq is stored once — and a device whose lease was taken on
 * the other process is told (`score-superseded` through the bus).
 */
import type { LiveEntry, LiveShown } from '@pyramid/online';
import { standingActions } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import { useCluster } from './cluster-support.js';
import { account } from './events-online-support.js';
import {
  actionEntry,
  calledMatch,
  freeMatchActions,
  post,
  type Scorer,
  scorer,
  scoringLink,
  socket,
} from './live-support.js';
import { guest, until } from './support.js';

const cluster = useCluster(2);

describe('live scoring on two server processes', () => {
  it('never lets two devices both write', async () => {
    const [one, two] = cluster.servers;
    if (one === undefined || two === undefined) throw new Error('two processes');
    const director = (await guest(one.url, 'Director')).session.token;
    const { eventId, match } = await calledMatch(one.url, director);
    // The link is made on one process, used on both.
    const link = await scoringLink(two.url, director, eventId, match.id);
    const anna = (await guest(one.url, 'Anna')).session.token;
    const boris = (await guest(two.url, 'Boris')).session.token;
    const a = await scorer(() => one.url, anna, link, 'phone-anna-0123456789');
    const b = await scorer(() => two.url, boris, link, 'phone-boris-012345678');
    const superseded = { a: 0, b: 0 };
    a.sync.on((e) => {
      if (e.type === 'superseded') superseded.a++;
    });
    b.sync.on((e) => {
      if (e.type === 'superseded') superseded.b++;
    });
    // Anna's phone opens first and takes the lease; only then Boris's, which watches. (Opened at
    // once, their two processes race for the lease, and either may win it.)
    await a.connect();
    await until(() => a.sync.status === 'writing', 10_000, 'the lease for the first phone');
    await b.connect();
    await until(() => b.sync.status === 'watching', 10_000, 'the second phone to watch');
    expect(a.sync.status).toBe('writing');

    const script = freeMatchActions();
    /** The next action of the match as this device knows it, marked with who scored it. */
    const next = (device: Scorer, who: string): LiveEntry => {
      const standing = standingActions(device.sync.entries()).length;
      return { kind: 'action', action: { ...(script[standing] as object), note: `${who} ${standing}` } };
    };
    // Each device in turn takes the lease and, at once, both write: the one that just lost the
    // lease writes on what it knew (its entry is refused or contradicts the log and is dropped).
    for (let round = 0; round < 8; round++) {
      const [taker, loser, takerName, loserName] = round % 2 === 0 ? [b, a, 'b', 'a'] : [a, b, 'a', 'b'];
      taker.sync.take();
      await Promise.all([
        taker.sync.record(next(taker, takerName)),
        loser.sync.record(next(loser, loserName)),
      ]);
      await until(() => taker.sync.status === 'writing', 10_000, 'the take-over');
      await until(
        () => taker.sync.pending.length === 0 && loser.sync.pending.length === 0,
        15_000,
        'both queues settled',
      );
      // The device that lost the lease (on its own process) tries once more with its old epoch and
      // the right seq and a legal action: refused, nothing stored.
      const count = async () =>
        Number(
          (await cluster.services.db.query('SELECT entries FROM live_matches WHERE id = $1', [link.liveId]))
            .rows[0]?.entries,
        );
      const stored = await count();
      const ref = `late-${round}`;
      loser.socket?.send({
        type: 'score-entries',
        liveId: link.liveId,
        epoch: round + 1,
        seq: stored + 1,
        entries: [next(loser, loserName)],
        ref,
      });
      await loser.socket?.settled();
      expect(loser.socket?.got.find((m) => m.ref === ref)).toMatchObject({
        type: 'error',
        code: 'score/not-writer',
      });
      expect(await count()).toBe(stored);
    }
    const rows = await cluster.services.db.query<{ seq: number; epoch: number; by_name: string }>(
      'SELECT seq, epoch, by_name FROM live_entries WHERE live_id = $1 ORDER BY seq',
      [link.liveId],
    );
    const log = rows.rows;
    expect(log.length).toBeGreaterThanOrEqual(8);
    expect(log.map((r) => r.seq)).toEqual(log.map((_, i) => i + 1));
    for (let i = 1; i < log.length; i++) {
      const [before, now] = [log[i - 1], log[i]] as [(typeof log)[0], (typeof log)[0]];
      expect(now.epoch).toBeGreaterThanOrEqual(before.epoch);
      // One author per lease epoch: two devices never wrote under one lease.
      if (now.epoch === before.epoch) expect(now.by_name).toBe(before.by_name);
    }
    const lease = await cluster.services.db.query<{ epoch: number }>(
      'SELECT epoch FROM live_matches WHERE id = $1',
      [link.liveId],
    );
    expect(Number(lease.rows[0]?.epoch)).toBe(9);
    // Each device was told, across processes, each time the other took the lease.
    expect(superseded.a).toBe(4);
    expect(superseded.b).toBe(4);
    // Both devices end with the server's log, and it replays.
    const shown = (await post(one.url, `/api/live/${link.liveId}`, null, undefined, 'GET'))
      .body as unknown as LiveShown;
    expect(a.sync.entries()).toEqual(shown.entries.map((e) => e.entry));
    expect(b.sync.entries()).toEqual(shown.entries.map((e) => e.entry));
    a.disconnect();
    b.disconnect();
  }, 120_000);

  it("updates a player's page on another process after each entry, and ends it there", async () => {
    const [one, two] = cluster.servers;
    if (one === undefined || two === undefined) throw new Error('two processes');
    const director = (await guest(one.url, 'Director')).session.token;
    const anna = await account(one.url, 'anna-cluster');
    const boris = await account(two.url, 'boris-cluster');
    const { eventId, match } = await calledMatch(one.url, director, [
      { name: 'Anna', account: anna.id },
      { name: 'Boris', account: boris.id },
    ]);
    const link = await scoringLink(one.url, director, eventId, match.id);
    // Anna's page is followed on the process the scorer does not write to, Boris's on the one it does.
    const far = await socket(two.url, (await guest(two.url, 'Vera')).session.token);
    const near = await socket(one.url, (await guest(one.url, 'Gleb')).session.token);
    far.send({ type: 'player-watch', playerId: anna.id });
    near.send({ type: 'player-watch', playerId: boris.id });
    const seqs = (s: typeof far) =>
      s.of('player-live').map((m) => (m.matches as { seq: number }[])[0]?.seq ?? null);
    await until(() => seqs(far).length > 0 && seqs(near).length > 0, 10_000, 'both pages');
    const phone = await scorer(() => one.url, director, link, 'phone-cluster-0123456');
    await phone.connect();
    await until(() => phone.sync.status === 'writing', 10_000, 'the lease');
    const script = freeMatchActions();
    for (const action of script) await phone.sync.record(actionEntry(action));
    await until(() => seqs(far).at(-1) === null && seqs(far).length > 1, 15_000, 'the end on the far page');
    await until(
      () => seqs(near).at(-1) === null && seqs(near).length > 1,
      15_000,
      'the end on the near page',
    );
    // Every entry once, in order, on both processes; then the match is gone.
    const expected = [null, ...script.map((_, i) => i + 1).slice(0, -1), null];
    expect(seqs(far)).toEqual(expected);
    expect(seqs(near)).toEqual(expected);
    const last = far.of('player-live').at(-2)?.matches as { key: string; watchUrl: string }[];
    expect(last[0]).toMatchObject({
      key: `live:${link.liveId}`,
      watchUrl: `/overlay.html?live=${link.liveId}`,
    });
    phone.disconnect();
    far.ws.terminate();
    near.ws.terminate();
  }, 60_000);
});
