/**
 * Reading an event from untrusted JSON (a file, a request, a database row). Nothing is taken on
 * trust: the event is rebuilt from its settings, entries and draw seed, and every stored result and
 * call is applied again through `applyEventAction`, so a loaded event is one the actions could have
 * made. An error names the field (a JSON pointer into the input).
 */
import { err, ok, type Result } from '@pyramid/core';
import { applyEventAction, createEvent, LIMITS } from './actions.js';
import {
  type AuditEntry,
  type ClubEvent,
  type EventAction,
  type EventError,
  WALKOVER_ACTOR,
} from './model.js';
import { viewEvent } from './view.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (field: string, message: string, code: EventError['code'] = 'invalid') =>
  err({ action: 'load', field, code, message });

export function loadEvent(input: unknown): Result<ClubEvent, EventError> {
  if (!isRecord(input) || input.format !== 'pyramid-event') return bad('/format', 'must be "pyramid-event"');
  if (input.version !== 1) return bad('/version', 'must be 1');
  if (!isRecord(input.spec)) return bad('/spec', 'must be an object');
  const directors = input.spec.directors;
  if (!Array.isArray(directors) || typeof directors[0] !== 'string')
    return bad('/spec/directors', 'must list the directors');
  const audit = input.audit;
  if (
    !Array.isArray(audit) ||
    audit.length > 100_000 ||
    !audit.every(
      (a) =>
        isRecord(a) && typeof a.by === 'string' && Number.isSafeInteger(a.at) && typeof a.action === 'string',
    )
  ) {
    return bad('/audit', 'must be a list of { by, at, action, … }');
  }
  const created = createEvent(
    { ...input.spec, directors: directors.slice(1) },
    directors[0],
    (audit[0]?.at as number | undefined) ?? 0,
  );
  if (!created.ok) return err({ ...created.error, action: 'load' });
  let event: ClubEvent = created.value;
  if (JSON.stringify(event.spec.directors) !== JSON.stringify(directors))
    return bad('/spec/directors', 'must be distinct accounts');
  const director = directors[0] as string;
  const step = (action: Record<string, unknown>, field: string): Result<ClubEvent, EventError> => {
    const next = applyEventAction(event, { by: director, at: 0, ...action } as unknown as EventAction);
    if (!next.ok)
      return err({
        ...next.error,
        action: 'load',
        field: `${field}${next.error.field === '/' ? '' : next.error.field}`,
      });
    event = next.value;
    return next;
  };
  const entries = input.entries;
  if (!Array.isArray(entries) || entries.length > LIMITS.entries)
    return bad('/entries', `must be a list of at most ${LIMITS.entries} entries`);
  const added = step({ type: 'add-entries', entries: entries.map(stripId) }, '');
  if (!added.ok) return added;
  // Entry ids are kept as stored (a removed entry leaves a gap): check them, then restore them.
  const ids = entries.map((e) => (isRecord(e) ? e.id : undefined));
  if (
    !ids.every((id) => typeof id === 'string' && /^e[1-9]\d{0,5}$/.test(id)) ||
    new Set(ids).size !== ids.length
  ) {
    return bad('/entries', 'every entry needs a distinct id e1, e2, …');
  }
  const nextEntry = input.nextEntry;
  const highest = Math.max(0, ...ids.map((id) => Number((id as string).slice(1))));
  if (!Number.isSafeInteger(nextEntry) || (nextEntry as number) <= highest)
    return bad('/nextEntry', 'must be above every entry id');
  // Check-ins are restored with the ids; withdrawals after the results (their walkovers are stored).
  const flag = (i: number, key: 'checkedIn' | 'withdrawn'): boolean => {
    const e = entries[i] as Record<string, unknown>;
    return e[key] === true;
  };
  for (const [i, e] of entries.entries()) {
    for (const key of ['checkedIn', 'withdrawn'] as const) {
      const v = (e as Record<string, unknown>)[key];
      if (v !== undefined && v !== true) return bad(`/entries/${i}/${key}`, 'must be true when present');
    }
  }
  event = {
    ...event,
    entries: event.entries.map((e, i) => ({
      ...e,
      id: ids[i] as string,
      ...(flag(i, 'checkedIn') ? { checkedIn: true as const } : {}),
    })),
    nextEntry: nextEntry as number,
  };
  const registration = input.registration;
  if (registration !== undefined && registration !== 'open' && registration !== 'closed')
    return bad('/registration', 'must be "open" or "closed"');
  if (registration === 'open' && input.draw !== null)
    return bad('/registration', 'is closed once the draw is made');
  event = { ...event, registration: registration ?? 'closed' };
  if (input.draw !== null) {
    if (!isRecord(input.draw)) return bad('/draw', 'must be null or { seed, at, order, lot }');
    if (!Number.isSafeInteger(input.draw.at) || (input.draw.at as number) < 0)
      return bad('/draw/at', 'must be a time');
    const drawn = step({ type: 'draw', seed: input.draw.seed, at: input.draw.at }, '/draw');
    if (!drawn.ok) return drawn;
    const same = (key: 'order' | 'lot') =>
      JSON.stringify(event.draw?.[key]) === JSON.stringify((input.draw as Record<string, unknown>)[key]);
    if (!same('order') || !same('lot')) {
      return bad('/draw', 'does not match the draw its seed gives for these entries and this seeding');
    }
  }
  const results = input.results;
  if (!Array.isArray(results) || results.length > 100_000) return bad('/results', 'must be a list');
  // Results are applied in the order their matches become playable, whatever order they were stored in.
  let pending = results.map((r, i) => ({ r, i }));
  while (pending.length > 0) {
    const view = viewEvent(event);
    const playable = pending.filter(
      ({ r }) => isRecord(r) && typeof r.match === 'string' && view.byId.get(r.match)?.state === 'ready',
    );
    if (playable.length === 0) {
      const { i } = pending[0] as { i: number };
      return bad(
        `/results/${i}`,
        'is for a match whose players are not known, or that is not in the draw',
        'players-unknown',
      );
    }
    for (const { r, i } of playable) {
      const rec = r as Record<string, unknown>;
      const m = viewEvent(event).byId.get(rec.match as string);
      if (m?.a !== rec.a || m?.b !== rec.b)
        return bad(`/results/${i}`, 'names other players than the match has');
      const done = step(
        {
          type: 'result',
          match: rec.match,
          frames: rec.frames,
          reason: rec.reason,
          winner: rec.winner,
          // A withdrawal's walkover is checked as the director's, and keeps its actor below.
          by: rec.by === WALKOVER_ACTOR && rec.reason === 'walkover' ? director : rec.by,
          at: rec.at,
        },
        `/results/${i}`,
      );
      if (!done.ok) return done;
    }
    const applied = new Set(playable.map(({ i }) => i));
    pending = pending.filter(({ i }) => !applied.has(i));
  }
  const calls = input.calls;
  if (!isRecord(calls)) return bad('/calls', 'must be an object');
  for (const [match, call] of Object.entries(calls)) {
    if (!isRecord(call)) return bad(`/calls/${match}`, 'must be { table, at }');
    const done = step({ type: 'call', match, table: call.table, at: call.at }, `/calls/${match}`);
    if (!done.ok) return done;
  }
  // Keep the stored results' order and the stored audit (checked for shape above).
  const byMatch = new Map(
    event.results.map((r) => [
      r.match,
      r.reason === 'walkover' && r.by === director && walkoverBy(results, r.match)
        ? { ...r, by: WALKOVER_ACTOR }
        : r,
    ]),
  );
  const loaded: ClubEvent = {
    ...event,
    entries: event.entries.map((e, i) => (flag(i, 'withdrawn') ? { ...e, withdrawn: true as const } : e)),
    results: results
      .map((r) => byMatch.get((r as Record<string, unknown>).match as string))
      .filter((r) => r !== undefined),
    audit: audit as AuditEntry[],
  };
  const withdrawn = new Set(loaded.entries.filter((e) => e.withdrawn === true).map((e) => e.id));
  if (withdrawn.size > 0 && loaded.draw === null)
    return bad('/entries', 'nobody withdraws before the draw: the entry leaves');
  const due = viewEvent(loaded).matches.find(
    (m) =>
      (m.state === 'ready' || m.state === 'called') &&
      (withdrawn.has(m.a as string) || withdrawn.has(m.b as string)),
  );
  if (due !== undefined) return bad('/results', `${due.id} lacks the walkover a withdrawal gives`);
  return ok(loaded);
}

function stripId(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  const { id: _, ...rest } = entry;
  return rest;
}

function walkoverBy(results: readonly unknown[], match: string): boolean {
  return results.some((r) => isRecord(r) && r.match === match && r.by === WALKOVER_ACTOR);
}
