/** The client state of an online table (seat, who may act, the server's broadcasts) and invite links. */
import { playShot, rackedMatch } from '@pyramid/match';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETUP,
  decisionToSend,
  type GameState,
  initialGame,
  personToAct,
  reduce,
  shotToPlay,
} from '../src/game/state/index.js';
import { playerLink, readPlayerLink, readTableLink, tableLink } from '../src/online/link.js';
import type { TableStatus } from '../src/online/model.js';
import { bannerState } from '../src/online/table-part.js';

const rack = rackedMatch('free', { breaker: 0, players: ['Anna', 'Boris'] });

function seated(seat: 0 | 1 | null): GameState {
  return reduce(initialGame(DEFAULT_SETUP, 'en'), {
    type: 'online-table',
    match: rack,
    history: [],
    start: { from: 'rack', breaker: 0 },
    seat,
    live: true,
    waiting: false,
    lagWinner: null,
  });
}

describe('an online table', () => {
  it('takes the server’s match and names the players as the server does', () => {
    const game = seated(0);
    expect(game.mode).toBe('online');
    expect(game.online).toEqual({ seat: 0, live: true, waiting: false, lagWinner: null });
    expect(game.match).toBe(rack);
    expect(game.setup.players.map((p) => p.name)).toEqual(['Anna', 'Boris']);
    expect(game.setup.players.every((p) => p.kind === 'person')).toBe(true);
  });

  it('lets only the seat to act prepare a stroke; the other seat and a spectator are told why', () => {
    expect(personToAct(seated(0))).toBe(true);
    const other = seated(1);
    expect(personToAct(other)).toBe(false);
    expect(shotToPlay(other)).toEqual({
      ok: false,
      reason: { ru: 'Сейчас ход соперника.', en: 'It is your opponent’s turn.' },
    });
    const spectator = seated(null);
    expect(personToAct(spectator)).toBe(false);
    const planned = shotToPlay(spectator);
    expect(planned.ok).toBe(false);
    if (!planned.ok) expect(planned.reason.en).toBe('You are watching this table.');
    expect(shotToPlay(seated(0)).ok).toBe(true);
  });

  it('applies the server’s broadcast (whoever struck) and refuses local applications', () => {
    const game = seated(1);
    const planned = shotToPlay(seated(0));
    if (!planned.ok) throw new Error('no shot');
    const played = playShot(rack, planned.shot);
    if (!played.ok) throw new Error('the break failed');
    const local = reduce(game, {
      type: 'applied',
      by: 'person',
      action: played.value.action,
      ruling: played.value.ruling,
      state: played.value.state,
      shot: planned.shot,
    });
    expect(local).toBe(game);
    const applied = reduce(game, {
      type: 'applied',
      by: 'server',
      action: played.value.action,
      ruling: played.value.ruling,
      state: played.value.state,
      shot: planned.shot,
    });
    expect(applied.match).toBe(played.value.state);
    expect(applied.history).toHaveLength(1);
    expect(applied.history[0]?.before).toBe(rack);
  });

  it('does not apply a decision itself: it checks it against legalActions for sending', () => {
    const game = seated(0);
    const lag = { type: 'lag', winner: 0, first: 0 } as const;
    expect(reduce(game, { type: 'choose', choice: lag })).toBe(game);
    const refused = decisionToSend(game, { type: 'choose', choice: lag });
    expect(refused.ok).toBe(false);
    const slow = decisionToSend(game, {
      type: 'clock',
      action: { type: 'foul', player: 0, foul: 'slow-play' },
    });
    expect(slow.ok).toBe(false);
    const spectator = decisionToSend(seated(null), {
      type: 'clock',
      action: { type: 'extension', player: 0 },
    });
    expect(spectator).toEqual({
      ok: false,
      reason: { ru: 'Вы зритель этого стола.', en: 'You are watching this table.' },
    });
  });

  it('takes no stroke while the table waits for an opponent or is adjourned', () => {
    const waiting = reduce(seated(0), { type: 'online-status', live: false, waiting: true, lagWinner: null });
    expect(personToAct(waiting)).toBe(false);
    expect(
      personToAct(reduce(waiting, { type: 'online-status', live: true, waiting: false, lagWinner: null })),
    ).toBe(true);
  });

  it('leaves the table for the set-up screen', () => {
    const left = reduce(seated(0), { type: 'setup-screen' });
    expect(left.mode).toBe('setup');
    expect(left.online).toBeNull();
  });
});

describe('invite links', () => {
  it('round-trips a player’s and a spectator’s link and reads a bare code', () => {
    const page = 'http://127.0.0.1:8080/index.html?old=1#x';
    const link = tableLink(page, 'Ab12_cd-EF');
    expect(link).toBe('http://127.0.0.1:8080/index.html?table=Ab12_cd-EF');
    expect(readTableLink(link)).toEqual({ tableId: 'Ab12_cd-EF', role: 'player' });
    expect(readTableLink(tableLink(page, 'Ab12_cd-EF', 'spectator'))).toEqual({
      tableId: 'Ab12_cd-EF',
      role: 'spectator',
    });
    expect(readTableLink('  Ab12_cd-EF ')).toEqual({ tableId: 'Ab12_cd-EF', role: 'player' });
  });

  it('refuses text that names no table', () => {
    expect(readTableLink('')).toBeNull();
    expect(readTableLink('abc')).toBeNull();
    expect(readTableLink('http://127.0.0.1/?table=<script>')).toBeNull();
    expect(readTableLink('not a link at all')).toBeNull();
  });

  it('round-trips a player page’s link and refuses one that names no player', () => {
    const id = 'Ab12_cd-EF34gh56ij78kl';
    const link = playerLink('http://127.0.0.1:8080/index.html?watch=x#y', id);
    expect(link).toBe(`http://127.0.0.1:8080/index.html?player=${id}`);
    expect(readPlayerLink(` ${link} `)).toBe(id);
    // A player link is not a table link, nor a table link a player link.
    expect(readTableLink(link)).toBeNull();
    expect(readPlayerLink('http://127.0.0.1/?watch=Ab12_cd-EF34gh56ij78kl')).toBeNull();
    expect(readPlayerLink(id)).toBeNull();
    expect(readPlayerLink('http://127.0.0.1/?player=short')).toBeNull();
    expect(readPlayerLink('http://127.0.0.1/?player=<script>alert(1)</script>xx')).toBeNull();
  });
});

describe('the table banner', () => {
  const status: TableStatus = {
    tableId: 'Ab12_cd-EFgh34_ij-KLmn',
    seat: 0,
    connection: 'open',
    away: [],
    waitingForOpponent: false,
    adjourned: false,
    spectators: 0,
    chat: [],
    inviteUrl: '',
    watchUrl: '',
    recordUrl: null,
    desynced: false,
  };
  const game = seated(0);

  it('says nothing while both play, and each state a player must not miss', () => {
    expect(bannerState(status, game)).toBe('none');
    expect(bannerState({ ...status, waitingForOpponent: true }, game)).toBe('waiting');
    expect(bannerState({ ...status, away: [{ seat: 1, name: 'Boris', until: null }] }, game)).toBe('away');
    expect(bannerState({ ...status, adjourned: true }, game)).toBe('adjourned');
    expect(bannerState({ ...status, connection: 'reconnecting' }, game)).toBe('reconnecting');
    expect(bannerState({ ...status, connection: 'replaced' }, game)).toBe('replaced');
  });

  it('puts the connection first: a replaced tab or a lost connection outranks the table’s state', () => {
    const everything: TableStatus = {
      ...status,
      adjourned: true,
      waitingForOpponent: true,
      away: [{ seat: 1, name: 'Boris', until: null }],
    };
    expect(bannerState({ ...everything, connection: 'replaced' }, game)).toBe('replaced');
    expect(bannerState({ ...everything, connection: 'reconnecting' }, game)).toBe('reconnecting');
    expect(bannerState(everything, game)).toBe('adjourned');
  });
});
