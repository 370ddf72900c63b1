/**
 * Creating an event and applying a director's action to it. Both are pure: the same event and
 * action give the same result, the time is the caller's (`at`), and an error leaves the event as
 * it was (a new event value is returned only on success).
 */
import { err, ok, type Result } from '@pyramid/core';
import { isTableSize, isVariant, resolveSettings, TABLE_SIZES, VARIANTS } from '@pyramid/rules';
import {
  type AuditEntry,
  type ClubEvent,
  type Entry,
  type EventAction,
  type EventError,
  type EventErrorCode,
  type EventSpec,
  type Format,
  type RaceRule,
  RESULT_REASONS,
  type ResultReason,
  SEEDINGS,
  STAGES,
  type StoredResult,
  TABLE_ACTOR,
  WALKOVER_ACTOR,
} from './model.js';
import { isPowerOfTwo, seedEntries } from './seeding.js';
import { dealGroups } from './structure.js';
import { BYE, findMatch, noteStep, viewEvent } from './view.js';

export const LIMITS = {
  entries: 1024,
  directors: 32,
  tables: 256,
  raceRules: 32,
  text: 200,
  why: 1000,
  race: 99,
  swissRounds: 32,
  groups: 128,
} as const;

type Fail = { readonly ok: false; readonly error: EventError };
const fail = (action: string, field: string, code: EventErrorCode, message: string): Fail =>
  err({ action, field, code, message });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max: number = LIMITS.text): v is string =>
  typeof v === 'string' && v.trim().length > 0 && v.length <= max;
const isTime = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function parseRace(action: string, field: string, value: unknown): Result<number, EventError> {
  if (value === 0) return fail(action, field, 'race', 'a race must be at least 1 frame, not 0');
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > LIMITS.race) {
    return fail(action, field, 'race', `must be a whole number of frames from 1 to ${LIMITS.race}`);
  }
  return ok(value as number);
}

/** Reads a format from its JSON form, with the defaults filled in. */
export function parseFormat(
  value: unknown,
  action = 'create',
  field = '/spec/format',
): Result<Format, EventError> {
  if (!isRecord(value)) return fail(action, field, 'invalid', 'must be an object with a "kind"');
  const bool = (key: string, fallback: boolean): Result<boolean, EventError> => {
    const v = value[key];
    if (v === undefined) return ok(fallback);
    return typeof v === 'boolean'
      ? ok(v)
      : fail(action, `${field}/${key}`, 'invalid', 'must be true or false');
  };
  const whole = (key: string, min: number, max: number): Result<number, EventError> => {
    const v = value[key];
    return Number.isInteger(v) && (v as number) >= min && (v as number) <= max
      ? ok(v as number)
      : fail(action, `${field}/${key}`, 'invalid', `must be a whole number from ${min} to ${max}`);
  };
  switch (value.kind) {
    case 'single': {
      const third = bool('thirdPlace', false);
      return third.ok ? ok({ kind: 'single', thirdPlace: third.value }) : third;
    }
    case 'double': {
      const reset = bool('reset', true);
      return reset.ok ? ok({ kind: 'double', reset: reset.value }) : reset;
    }
    case 'double-to': {
      const k = value.finalStage;
      if (!isPowerOfTwo(k) || (k as number) < 2 || (k as number) > LIMITS.entries) {
        return fail(
          action,
          `${field}/finalStage`,
          'final-stage',
          'the final stage must be a power of two from 2 (2, 4, 8, 16, …)',
        );
      }
      const third = bool('thirdPlace', false);
      return third.ok ? ok({ kind: 'double-to', finalStage: k as number, thirdPlace: third.value }) : third;
    }
    case 'groups': {
      const groups = whole('groups', 1, LIMITS.groups);
      if (!groups.ok) return groups;
      const advance = whole('advance', 1, LIMITS.entries);
      if (!advance.ok) return advance;
      const third = bool('thirdPlace', false);
      if (!third.ok) return third;
      return ok({ kind: 'groups', groups: groups.value, advance: advance.value, thirdPlace: third.value });
    }
    case 'swiss': {
      const rounds = whole('rounds', 1, LIMITS.swissRounds);
      if (!rounds.ok) return rounds;
      const tb = value.tiebreak ?? 'buchholz';
      if (tb !== 'buchholz' && tb !== 'median-buchholz') {
        return fail(action, `${field}/tiebreak`, 'invalid', 'must be "buchholz" or "median-buchholz"');
      }
      return ok({ kind: 'swiss', rounds: rounds.value, tiebreak: tb });
    }
    default:
      return fail(
        action,
        `${field}/kind`,
        'invalid',
        'must be one of single, double, double-to, groups, swiss',
      );
  }
}

function parseSpec(input: unknown, by: string): Result<EventSpec, EventError> {
  const A = 'create';
  if (!isRecord(input)) return fail(A, '/spec', 'invalid', 'must be an object');
  const known = [
    'name',
    'venue',
    'dates',
    'variant',
    'settings',
    'tableSize',
    'races',
    'rated',
    'public',
    'directors',
    'format',
    'seeding',
    'tables',
    'registration',
  ];
  for (const key of Object.keys(input)) {
    if (!known.includes(key))
      return fail(A, `/spec/${key}`, 'invalid', `unknown field (known: ${known.join(', ')})`);
  }
  if (!isText(input.name))
    return fail(A, '/spec/name', 'invalid', `must be a name of 1 to ${LIMITS.text} characters`);
  const venue = input.venue ?? '';
  if (typeof venue !== 'string' || venue.length > LIMITS.text)
    return fail(A, '/spec/venue', 'invalid', `must be text of at most ${LIMITS.text} characters`);
  const dates = input.dates;
  if (!isRecord(dates) || typeof dates.start !== 'string' || !DATE.test(dates.start)) {
    return fail(A, '/spec/dates/start', 'invalid', 'must be a date, YYYY-MM-DD');
  }
  const end = dates.end ?? dates.start;
  if (typeof end !== 'string' || !DATE.test(end) || end < dates.start) {
    return fail(A, '/spec/dates/end', 'invalid', 'must be a date, YYYY-MM-DD, not before the start');
  }
  if (!isVariant(input.variant))
    return fail(A, '/spec/variant', 'invalid', `must be one of ${VARIANTS.join(', ')}`);
  const settings = input.settings ?? {};
  if (!isRecord(settings))
    return fail(A, '/spec/settings', 'invalid', 'must be an object of referee settings');
  if ('framesToWin' in settings)
    return fail(
      A,
      '/spec/settings/framesToWin',
      'invalid',
      'comes from the race of each match: set "races" instead',
    );
  const checked = resolveSettings(settings, '/spec/settings');
  if (!checked.ok) return fail(A, checked.error.field, 'invalid', checked.error.message);
  const tableSize = input.tableSize ?? '12ft';
  if (!isTableSize(tableSize))
    return fail(A, '/spec/tableSize', 'invalid', `must be one of ${TABLE_SIZES.join(', ')}`);
  const races = input.races;
  if (!isRecord(races))
    return fail(A, '/spec/races', 'invalid', 'must be { "default": frames, "rules"?: [...] }');
  const def = parseRace(A, '/spec/races/default', races.default);
  if (!def.ok) return def;
  const rulesIn = races.rules ?? [];
  if (!Array.isArray(rulesIn) || rulesIn.length > LIMITS.raceRules)
    return fail(A, '/spec/races/rules', 'invalid', `must be a list of at most ${LIMITS.raceRules} rules`);
  const rules: RaceRule[] = [];
  for (const [i, rule] of rulesIn.entries()) {
    const at = `/spec/races/rules/${i}`;
    if (!isRecord(rule)) return fail(A, at, 'invalid', 'must be { "stage"?, "fromPlayersLeft"?, "race" }');
    const race = parseRace(A, `${at}/race`, rule.race);
    if (!race.ok) return race;
    if (rule.stage !== undefined && !(STAGES as readonly unknown[]).includes(rule.stage)) {
      return fail(A, `${at}/stage`, 'invalid', `must be one of ${STAGES.join(', ')}`);
    }
    if (
      rule.fromPlayersLeft !== undefined &&
      (!Number.isInteger(rule.fromPlayersLeft) || (rule.fromPlayersLeft as number) < 2)
    ) {
      return fail(A, `${at}/fromPlayersLeft`, 'invalid', 'must be a whole number of players, at least 2');
    }
    rules.push({
      ...(rule.stage !== undefined ? { stage: rule.stage as RaceRule['stage'] & string } : {}),
      ...(rule.fromPlayersLeft !== undefined ? { fromPlayersLeft: rule.fromPlayersLeft as number } : {}),
      race: race.value,
    });
  }
  for (const key of ['rated', 'public'] as const) {
    if (input[key] !== undefined && typeof input[key] !== 'boolean')
      return fail(A, `/spec/${key}`, 'invalid', 'must be true or false');
  }
  const others = input.directors ?? [];
  if (!Array.isArray(others) || others.length > LIMITS.directors || !others.every((d) => isText(d))) {
    return fail(A, '/spec/directors', 'invalid', `must be a list of at most ${LIMITS.directors} accounts`);
  }
  const format = parseFormat(input.format);
  if (!format.ok) return format;
  const seeding = input.seeding ?? 'rating';
  if (!(SEEDINGS as readonly unknown[]).includes(seeding))
    return fail(A, '/spec/seeding', 'invalid', `must be one of ${SEEDINGS.join(', ')}`);
  const tables = input.tables ?? [];
  if (
    !Array.isArray(tables) ||
    tables.length > LIMITS.tables ||
    !tables.every((t) => isText(t)) ||
    new Set(tables).size !== tables.length
  ) {
    return fail(
      A,
      '/spec/tables',
      'invalid',
      `must be a list of at most ${LIMITS.tables} distinct table names`,
    );
  }
  const reg = input.registration ?? {};
  if (!isRecord(reg)) return fail(A, '/spec/registration', 'invalid', 'must be { "limit"?, "guests"? }');
  const limit = reg.limit ?? LIMITS.entries;
  if (!Number.isInteger(limit) || (limit as number) < 2 || (limit as number) > LIMITS.entries)
    return fail(
      A,
      '/spec/registration/limit',
      'invalid',
      `must be a whole number of entries from 2 to ${LIMITS.entries}`,
    );
  const guests = reg.guests ?? true;
  if (typeof guests !== 'boolean')
    return fail(A, '/spec/registration/guests', 'invalid', 'must be true or false');
  return ok({
    name: input.name.trim(),
    venue: venue.trim(),
    dates: { start: dates.start, end },
    variant: input.variant,
    settings,
    tableSize,
    races: { default: def.value, rules },
    rated: input.rated === true,
    public: input.public !== false,
    directors: [...new Set([by, ...(others as string[])])],
    format: format.value,
    seeding: seeding as EventSpec['seeding'],
    tables: tables as string[],
    registration: { limit: limit as number, guests },
  });
}

/** A new event in registration (no entries, no draw), created by the director `by` at time `at`. */
export function createEvent(spec: unknown, by: string, at: number): Result<ClubEvent, EventError> {
  if (!isText(by)) return fail('create', '/by', 'invalid', 'must name the account creating the event');
  if (!isTime(at)) return fail('create', '/at', 'invalid', 'must be a time in milliseconds since 1970');
  const parsed = parseSpec(spec, by);
  if (!parsed.ok) return parsed;
  return ok({
    format: 'pyramid-event',
    version: 1,
    spec: parsed.value,
    entries: [],
    nextEntry: 1,
    draw: null,
    results: [],
    calls: {},
    audit: [{ by, at, action: 'create' }],
    registration: 'open',
  });
}

const nameKey = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

interface Taken {
  readonly names: Set<string>;
  readonly accounts: Set<string>;
}

/** The names (lower-cased; stored names are already normalised) and accounts already entered. */
const takenBy = (entries: readonly Entry[]): Taken => ({
  names: new Set(entries.map((e) => e.name.toLowerCase())),
  accounts: new Set(entries.flatMap((e) => (e.account === undefined ? [] : [e.account]))),
});

function parseEntry(value: unknown, taken: Taken, id: string): Result<Entry, EventError> {
  const A = 'add-entry';
  if (!isRecord(value)) return fail(A, '/entry', 'invalid', 'must be { "name", "account"?, "rating"? }');
  if (!isText(value.name, 100))
    return fail(A, '/entry/name', 'invalid', 'must be a name of 1 to 100 characters');
  if (value.account !== undefined && !isText(value.account, 100))
    return fail(A, '/entry/account', 'invalid', 'must be an account id');
  if (value.rating !== undefined && (typeof value.rating !== 'number' || !Number.isFinite(value.rating))) {
    return fail(A, '/entry/rating', 'invalid', 'must be a number');
  }
  const name = value.name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (value.account !== undefined && taken.accounts.has(value.account as string)) {
    return fail(A, '/entry/account', 'duplicate-entry', `account ${value.account} has already entered`);
  }
  const key = nameKey(name);
  if (taken.names.has(key)) return fail(A, '/entry/name', 'duplicate-entry', `${name} has already entered`);
  taken.names.add(key);
  if (value.account !== undefined) taken.accounts.add(value.account as string);
  return ok({
    id,
    name,
    ...(value.account !== undefined ? { account: value.account as string } : {}),
    ...(value.rating !== undefined ? { rating: value.rating as number } : {}),
  });
}

/** Whether the field can be drawn in the event's format; the error names the field. */
export function checkField(event: ClubEvent): Result<true, EventError> {
  const A = 'draw';
  const n = event.entries.length;
  if (n < 2)
    return fail(A, '/entries', 'too-few-players', `a draw needs at least 2 players, the event has ${n}`);
  const ids = new Set<string>();
  const accounts = new Set<string>();
  const names = new Set<string>();
  for (const e of event.entries) {
    const key = nameKey(e.name);
    if (ids.has(e.id) || names.has(key) || (e.account !== undefined && accounts.has(e.account))) {
      return fail(A, '/entries', 'duplicate-entry', `${e.name} is entered twice`);
    }
    ids.add(e.id);
    names.add(key);
    if (e.account !== undefined) accounts.add(e.account);
  }
  const f = event.spec.format;
  if (f.kind === 'double-to' && f.finalStage > n) {
    return fail(
      A,
      '/spec/format/finalStage',
      'final-stage',
      `a final stage of ${f.finalStage} is larger than the field of ${n}`,
    );
  }
  if (f.kind === 'groups') {
    if (f.groups * 2 > n)
      return fail(
        A,
        '/spec/format/groups',
        'too-few-players',
        `${f.groups} groups need at least ${f.groups * 2} players`,
      );
    const smallest = Math.min(
      ...dealGroups(
        event.entries.map((e) => e.id),
        f.groups,
      ).map((g) => g.length),
    );
    if (f.advance > smallest)
      return fail(
        A,
        '/spec/format/advance',
        'invalid',
        `at most ${smallest} can advance from the smallest group`,
      );
    if (f.advance * f.groups < 2)
      return fail(A, '/spec/format/advance', 'invalid', 'the knockout needs at least 2 players');
  }
  if (f.kind === 'swiss' && f.rounds > n - 1) {
    return fail(
      A,
      '/spec/format/rounds',
      'invalid',
      `${n} players can play at most ${n - 1} rounds without a repeat`,
    );
  }
  return ok(true);
}

function parseFrames(
  action: string,
  race: number,
  a: { frames?: unknown; reason?: unknown; winner?: unknown },
) {
  const frames = a.frames;
  if (!Array.isArray(frames) || frames.length !== 2 || !frames.every((f) => Number.isInteger(f) && f >= 0)) {
    return fail(action, '/frames', 'score', 'must be the frames won by each side, [a, b]');
  }
  const [fa, fb] = frames as [number, number];
  const reason = (a.reason ?? 'played') as ResultReason;
  if (!(RESULT_REASONS as readonly unknown[]).includes(reason)) {
    return fail(action, '/reason', 'invalid', `must be one of ${RESULT_REASONS.join(', ')}`);
  }
  if (a.winner !== undefined && a.winner !== 'a' && a.winner !== 'b')
    return fail(action, '/winner', 'invalid', 'must be "a" or "b"');
  if (fa > race || fb > race || (fa === race && fb === race)) {
    return fail(action, '/frames', 'score', `${fa}:${fb} contradicts a race to ${race}`);
  }
  let winner: 'a' | 'b';
  if (reason === 'played' || reason === 'paper') {
    if (fa !== race && fb !== race)
      return fail(
        action,
        '/frames',
        'score',
        `${fa}:${fb} finishes no race to ${race}: one side must have ${race}`,
      );
    winner = fa === race ? 'a' : 'b';
    if (a.winner !== undefined && a.winner !== winner)
      return fail(action, '/winner', 'score', `the score ${fa}:${fb} says side ${winner} won`);
  } else {
    if (a.winner === undefined)
      return fail(action, '/winner', 'invalid', `a ${reason} must say who goes through: "a" or "b"`);
    winner = a.winner as 'a' | 'b';
    const loserFrames = winner === 'a' ? fb : fa;
    if (loserFrames === race)
      return fail(action, '/frames', 'score', `the side that reached ${race} frames won the match`);
  }
  return ok({ frames: [fa, fb] as const, reason, winner });
}

/** The event's registration rules (events stored before they existed: the defaults). */
export function registrationOf(event: ClubEvent): { readonly limit: number; readonly guests: boolean } {
  return event.spec.registration ?? { limit: LIMITS.entries, guests: true };
}

/**
 * Every match that is ready or called with a withdrawn player becomes a walkover for his opponent
 * (for the higher side, a, when both withdrew), again and again while that makes new ones: the
 * results are stored like any other (by WALKOVER_ACTOR, 0:0), so the winners advance exactly once,
 * in the same action that made them due.
 */
function walkovers(event: ClubEvent, at: number): ClubEvent {
  const gone = new Set(event.entries.filter((e) => e.withdrawn === true).map((e) => e.id));
  if (gone.size === 0) return event;
  let current = event;
  for (;;) {
    const due = viewEvent(current).matches.find(
      (m) =>
        (m.state === 'ready' || m.state === 'called') && (gone.has(m.a as string) || gone.has(m.b as string)),
    );
    if (due === undefined) return current;
    const winner: 'a' | 'b' = gone.has(due.a as string) && !gone.has(due.b as string) ? 'b' : 'a';
    const stored: StoredResult = {
      match: due.id,
      a: due.a as string,
      b: due.b as string,
      frames: [0, 0],
      winner,
      reason: 'walkover',
      by: WALKOVER_ACTOR,
      at,
    };
    const { [due.id]: _, ...calls } = current.calls;
    const next: ClubEvent = {
      ...current,
      results: [...current.results, stored],
      calls,
      audit: [...current.audit, { by: WALKOVER_ACTOR, at, action: 'walkover', match: due.id, to: stored }],
    };
    noteStep(current, next, due.id);
    current = next;
  }
}

function isDirector(event: ClubEvent, by: unknown): boolean {
  return typeof by === 'string' && event.spec.directors.includes(by);
}

/**
 * Applies one action. Every action names who (`by`) and when (`at`, the caller's clock); each
 * success appends an audit entry. A correction resets (and lists) the later results it
 * invalidates: those of matches whose players are no longer the ones they were played by.
 */
export function applyEventAction(event: ClubEvent, action: EventAction): Result<ClubEvent, EventError> {
  const input = action as unknown;
  if (!isRecord(input) || typeof input.type !== 'string')
    return fail('action', '/type', 'invalid', 'must be an action with a "type"');
  const type = input.type;
  const known = [
    'add-entry',
    'add-entries',
    'remove-entry',
    'seed-order',
    'add-director',
    'draw',
    'call',
    'uncall',
    'result',
    'correct',
    'register',
    'close-registration',
    'open-registration',
    'check-in',
    'withdraw',
  ];
  if (!known.includes(type))
    return fail(type, '/type', 'invalid', `unknown action (known: ${known.join(', ')})`);
  if (!isText(input.by, 100)) return fail(type, '/by', 'invalid', 'must name who acts');
  if (!isTime(input.at)) return fail(type, '/at', 'invalid', 'must be a time in milliseconds since 1970');
  const by = input.by;
  const at = input.at;
  // A player acts for himself: registers, checks in or withdraws his own entry.
  const own =
    (type === 'check-in' || type === 'withdraw') &&
    event.entries.some((e) => e.id === input.entry && e.account === by);
  const allowed =
    isDirector(event, by) || (type === 'result' && by === TABLE_ACTOR) || type === 'register' || own;
  if (!allowed) return fail(type, '/by', 'not-director', `${by} is not a director of this event`);
  const audit = (entry: Omit<AuditEntry, 'by' | 'at' | 'action'>): AuditEntry[] => [
    ...event.audit,
    { by, at, action: type, ...entry },
  ];
  const beforeDraw = (): Fail | null =>
    event.draw === null ? null : fail(type, '/type', 'state', 'the draw has been made: the field is fixed');

  switch (type) {
    case 'register': {
      if (event.draw !== null || event.registration !== 'open')
        return fail(type, '/registration', 'state', 'registration is closed');
      const rules = registrationOf(event);
      if (input.guest !== false && !rules.guests)
        return fail(type, '/by', 'not-allowed', 'guests may not register for this event: sign up first');
      if (event.entries.length >= rules.limit)
        return fail(type, '/entries', 'full', `the event is full (${rules.limit} entries)`);
      if (event.entries.some((e) => e.account === by))
        return fail(type, '/by', 'duplicate-entry', 'you have already entered');
      const entry = parseEntry(
        { name: input.name, account: by, ...(input.rating === undefined ? {} : { rating: input.rating }) },
        takenBy(event.entries),
        `e${event.nextEntry}`,
      );
      if (!entry.ok)
        return fail(type, entry.error.field.replace('/entry', ''), entry.error.code, entry.error.message);
      return ok({
        ...event,
        entries: [...event.entries, entry.value],
        nextEntry: event.nextEntry + 1,
        audit: audit({ entry: entry.value.id }),
      });
    }
    case 'close-registration':
    case 'open-registration': {
      const closed = beforeDraw();
      if (closed) return closed;
      const want = type === 'open-registration' ? 'open' : 'closed';
      if ((event.registration ?? 'closed') === want)
        return fail(type, '/registration', 'state', `registration is already ${want}`);
      return ok({ ...event, registration: want, audit: audit({}) });
    }
    case 'check-in': {
      const closed = beforeDraw();
      if (closed) return closed;
      const entry = event.entries.find((e) => e.id === input.entry);
      if (entry === undefined) return fail(type, '/entry', 'not-found', `no entry ${String(input.entry)}`);
      if (entry.checkedIn === true) return fail(type, '/entry', 'state', `${entry.name} has checked in`);
      return ok({
        ...event,
        entries: event.entries.map((e) => (e.id === entry.id ? { ...e, checkedIn: true as const } : e)),
        audit: audit({ entry: entry.id }),
      });
    }
    case 'withdraw': {
      const entry = event.entries.find((e) => e.id === input.entry);
      if (entry === undefined) return fail(type, '/entry', 'not-found', `no entry ${String(input.entry)}`);
      if (event.draw === null)
        return ok({
          ...event,
          entries: event.entries.filter((e) => e.id !== entry.id),
          audit: audit({ entry: entry.id }),
        });
      if (entry.withdrawn === true) return fail(type, '/entry', 'state', `${entry.name} has withdrawn`);
      const view = viewEvent(event);
      if (view.finished || view.tiers.has(entry.id))
        return fail(type, '/entry', 'state', `${entry.name} has no matches left to play`);
      const marked: ClubEvent = {
        ...event,
        entries: event.entries.map((e) => (e.id === entry.id ? { ...e, withdrawn: true as const } : e)),
        audit: audit({ entry: entry.id }),
      };
      return ok(walkovers(marked, at));
    }
    case 'add-entry': {
      const closed = beforeDraw();
      if (closed) return closed;
      if (event.entries.length >= LIMITS.entries)
        return fail(type, '/entry', 'invalid', `an event takes at most ${LIMITS.entries} entries`);
      const entry = parseEntry(input.entry, takenBy(event.entries), `e${event.nextEntry}`);
      if (!entry.ok) return entry;
      return ok({
        ...event,
        entries: [...event.entries, entry.value],
        nextEntry: event.nextEntry + 1,
        audit: audit({}),
      });
    }
    case 'add-entries': {
      const closed = beforeDraw();
      if (closed) return closed;
      const list = input.entries;
      if (!Array.isArray(list) || event.entries.length + list.length > LIMITS.entries) {
        return fail(
          type,
          '/entries',
          'invalid',
          `must be a list; an event takes at most ${LIMITS.entries} entries`,
        );
      }
      const entries = [...event.entries];
      const taken = takenBy(entries);
      for (const [i, item] of list.entries()) {
        const entry = parseEntry(item, taken, `e${event.nextEntry + i}`);
        if (!entry.ok)
          return fail(
            type,
            entry.error.field.replace('/entry', `/entries/${i}`),
            entry.error.code,
            entry.error.message,
          );
        entries.push(entry.value);
      }
      return ok({ ...event, entries, nextEntry: event.nextEntry + list.length, audit: audit({}) });
    }
    case 'remove-entry': {
      const closed = beforeDraw();
      if (closed) return closed;
      if (!event.entries.some((e) => e.id === input.entry))
        return fail(type, '/entry', 'not-found', `no entry ${String(input.entry)}`);
      return ok({ ...event, entries: event.entries.filter((e) => e.id !== input.entry), audit: audit({}) });
    }
    case 'seed-order': {
      const closed = beforeDraw();
      if (closed) return closed;
      const order = input.order;
      const ids = event.entries.map((e) => e.id);
      if (
        !Array.isArray(order) ||
        order.length !== ids.length ||
        new Set(order).size !== ids.length ||
        !order.every((id) => ids.includes(id))
      ) {
        return fail(type, '/order', 'invalid', 'must list every entry id exactly once');
      }
      const byId = new Map(event.entries.map((e) => [e.id, e]));
      return ok({ ...event, entries: order.map((id) => byId.get(id) as Entry), audit: audit({}) });
    }
    case 'add-director': {
      if (!isText(input.account, 100)) return fail(type, '/account', 'invalid', 'must be an account id');
      if (event.spec.directors.includes(input.account))
        return fail(type, '/account', 'invalid', 'is already a director');
      if (event.spec.directors.length >= LIMITS.directors)
        return fail(type, '/account', 'invalid', `at most ${LIMITS.directors} directors`);
      return ok({
        ...event,
        spec: { ...event.spec, directors: [...event.spec.directors, input.account] },
        audit: audit({}),
      });
    }
    case 'draw': {
      const closed = beforeDraw();
      if (closed) return closed;
      if (
        !Number.isInteger(input.seed) ||
        (input.seed as number) < 0 ||
        (input.seed as number) > 0xffffffff
      ) {
        return fail(type, '/seed', 'invalid', 'must be a whole number from 0 to 4294967295');
      }
      if (input.checkedInOnly !== undefined && typeof input.checkedInOnly !== 'boolean')
        return fail(type, '/checkedInOnly', 'invalid', 'must be true or false');
      const left =
        input.checkedInOnly === true
          ? event.entries.filter((e) => e.checkedIn !== true).map((e) => e.id)
          : [];
      const field0: ClubEvent =
        left.length === 0 ? event : { ...event, entries: event.entries.filter((e) => e.checkedIn === true) };
      const field = checkField(field0);
      if (!field.ok) return field;
      const { order, lot } = seedEntries(field0.entries, event.spec.seeding, input.seed as number);
      return ok({
        ...field0,
        draw: { seed: input.seed as number, at, order, lot },
        registration: 'closed',
        audit: audit(left.length === 0 ? {} : { left }),
      });
    }
    case 'call':
    case 'uncall': {
      if (event.draw === null) return fail(type, '/match', 'state', 'the draw has not been made');
      const view = viewEvent(event);
      const match = typeof input.match === 'string' ? findMatch(view, input.match) : undefined;
      if (match === undefined) return fail(type, '/match', 'not-found', `no match ${String(input.match)}`);
      if (type === 'uncall') {
        if (match.state !== 'called') return fail(type, '/match', 'state', `${match.id} is not at a table`);
        const { [match.id]: _, ...calls } = event.calls;
        const uncalled: ClubEvent = { ...event, calls, audit: audit({ match: match.id }) };
        noteStep(event, uncalled, match.id);
        return ok(uncalled);
      }
      if (match.state === 'waiting')
        return fail(type, '/match', 'players-unknown', `the players of ${match.id} are not known yet`);
      if (match.state !== 'ready')
        return fail(type, '/match', 'state', `${match.id} is ${match.state}, not ready`);
      if (!isText(input.table, 100)) return fail(type, '/table', 'invalid', 'must name a table');
      if (event.spec.tables.length > 0 && !event.spec.tables.includes(input.table)) {
        return fail(type, '/table', 'not-found', `the venue has no table ${input.table}`);
      }
      const busy = view.matches.find(
        (m) =>
          m.state === 'called' &&
          (m.table === input.table || [m.a, m.b].some((p) => p === match.a || p === match.b)),
      );
      if (busy !== undefined) {
        return fail(
          type,
          busy.table === input.table ? '/table' : '/match',
          'state',
          `${busy.table === input.table ? `table ${input.table}` : 'a player'} is busy with ${busy.id}`,
        );
      }
      const called: ClubEvent = {
        ...event,
        calls: { ...event.calls, [match.id]: { table: input.table, at } },
        audit: audit({ match: match.id }),
      };
      noteStep(event, called, match.id);
      return ok(called);
    }
    case 'result':
    case 'correct': {
      if (event.draw === null) return fail(type, '/match', 'state', 'the draw has not been made');
      const view = viewEvent(event);
      const match = typeof input.match === 'string' ? findMatch(view, input.match) : undefined;
      if (match === undefined) return fail(type, '/match', 'not-found', `no match ${String(input.match)}`);
      if (match.a === null || match.b === null)
        return fail(type, '/match', 'players-unknown', `the players of ${match.id} are not known yet`);
      if (match.a === BYE || match.b === BYE)
        return fail(type, '/match', 'state', `${match.id} is a bye: nothing is played`);
      if (type === 'result' && match.state === 'finished')
        return fail(type, '/match', 'state', `${match.id} has a result: correct it instead`);
      if (type === 'correct' && match.state !== 'finished')
        return fail(type, '/match', 'state', `${match.id} has no result to correct`);
      if (type === 'correct' && !isText(input.why, LIMITS.why))
        return fail(type, '/why', 'invalid', 'a correction must say why');
      const parsed = parseFrames(type, match.race, input);
      if (!parsed.ok) return parsed;
      const stored: StoredResult = { match: match.id, a: match.a, b: match.b, ...parsed.value, by, at };
      const { [match.id]: _, ...calls } = event.calls;
      const results =
        type === 'result'
          ? [...event.results, stored]
          : [...event.results.filter((r) => r.match !== match.id), stored];
      const next: ClubEvent = { ...event, results, calls };
      if (type === 'result') {
        const recorded: ClubEvent = { ...next, audit: audit({ match: match.id, to: stored }) };
        noteStep(event, recorded, match.id);
        return ok(walkovers(recorded, at));
      }
      // A correction: everything after it is derived again; results and calls that no longer fit go.
      const after = viewEvent(next);
      const reset = [...after.stale];
      const remaining = results.filter((r) => !reset.includes(r.match));
      const kept = { ...next.calls };
      for (const id of Object.keys(kept)) {
        const was = findMatch(view, id);
        const now = findMatch(after, id);
        if (now?.state !== 'called' || now.a !== was?.a || now.b !== was?.b) {
          delete kept[id];
          if (!reset.includes(id)) reset.push(id);
        }
      }
      return ok(
        walkovers(
          {
            ...next,
            results: remaining,
            calls: kept,
            audit: audit({
              match: match.id,
              from: match.result,
              to: stored,
              why: (input.why as string).trim(),
              reset,
            }),
          },
          at,
        ),
      );
    }
  }
  return fail(type, '/type', 'invalid', 'unknown action');
}
