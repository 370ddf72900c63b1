/**
 * Everything that follows from an event: who plays whom, each match's state, group tables, Swiss
 * standings, places and the champion. Pure, derived afresh from the draw and the results, so a
 * corrected result re-derives everything after it; a stored result whose match now has other
 * players is "stale" (the correction that caused it removes it).
 */
import type { ClubEvent, Races, Stage, StoredResult } from './model.js';
import { buildStructure, type MatchDef, type Source, type Structure } from './structure.js';
import { pairKey, pairSwissRound } from './swiss.js';

/** A bye: the empty side of a match in a field that is not a power of two. */
export const BYE = '-bye-';
/** An entry id, BYE, or null while the player is not known yet. */
export type Slot = string | null;

export type MatchState = 'waiting' | 'ready' | 'called' | 'finished' | 'bye' | 'void';

export interface MatchView {
  readonly id: string;
  readonly stage: Stage;
  readonly round: number;
  readonly index: number;
  readonly roundSize: number;
  readonly group: number | null;
  readonly race: number;
  readonly from: readonly [Source | null, Source | null];
  readonly a: Slot;
  readonly b: Slot;
  readonly state: MatchState;
  readonly result: StoredResult | null;
  readonly winner: Slot;
  readonly loser: Slot;
  readonly table: string | null;
  /** When both players became free for this match (the caller's clock); null unless ready or called. */
  readonly readySince: number | null;
}

export interface TableRow {
  readonly entry: string;
  readonly played: number;
  readonly won: number;
  readonly lost: number;
  readonly framesWon: number;
  readonly framesLost: number;
  /** Swiss: match wins plus byes. */
  readonly score: number;
  readonly buchholz: number;
  readonly medianBuchholz: number;
  readonly byes: number;
}

export interface GroupTable {
  readonly group: number;
  readonly complete: boolean;
  /** In order of the group's tiebreaks once complete; by seed before. */
  readonly rows: readonly TableRow[];
}

export interface EventView {
  readonly matches: readonly MatchView[];
  readonly byId: ReadonlyMap<string, MatchView>;
  readonly groups: readonly GroupTable[];
  /** Swiss: the standings after the finished rounds. */
  readonly swiss: readonly TableRow[];
  /** Entry → the tier at which he left (higher is better); absent while he is still in. */
  readonly tiers: ReadonlyMap<string, number>;
  readonly tierCounts: ReadonlyMap<number, number>;
  readonly champion: string | null;
  readonly finished: boolean;
  /** Stored results that no longer fit their match's players. */
  readonly stale: readonly string[];
}

export function raceFor(races: Races, stage: Stage, roundSize: number): number {
  let race = races.default;
  for (const rule of races.rules) {
    if (rule.stage !== undefined && rule.stage !== stage) continue;
    if (rule.fromPlayersLeft !== undefined && roundSize > rule.fromPlayersLeft) continue;
    race = rule.race;
  }
  return race;
}

/** What a draw fixes: the structure, and each entry's seed and lot positions. */
interface DrawContext {
  readonly structure: Structure;
  readonly seedIndex: ReadonlyMap<string, number>;
  readonly lot: ReadonlyMap<string, number>;
}

const EMPTY: DrawContext = {
  structure: { defs: [], groups: [], tierCounts: new Map(), index: new Map(), dependents: new Map() },
  seedIndex: new Map(),
  lot: new Map(),
};
const contexts = new WeakMap<object, DrawContext>();
/**
 * Caches ride on the values themselves as hidden (non-enumerable) properties rather than in weak
 * maps: an event's view, a view's internals, and the step from a parent event. JSON, spreads and
 * equality ignore them; a long run of events stays cheap for the garbage collector.
 */
const CACHE = Symbol('cache');
type Cached = { [CACHE]?: EventView | Step | undefined };
/** Defines the hidden property once; later writes are plain assignments. */
function cache(event: ClubEvent, value: EventView | Step): void {
  const target = event as Cached;
  if (Object.hasOwn(target, CACHE)) target[CACHE] = value;
  else Object.defineProperty(target, CACHE, { value, writable: true, configurable: true, enumerable: false });
}
const viewOf = (event: ClubEvent): EventView | undefined => {
  const found = (event as Cached)[CACHE];
  return found instanceof View ? found : undefined;
};

function contextOf(event: ClubEvent): DrawContext {
  const draw = event.draw;
  if (draw === null) return EMPTY;
  let found = contexts.get(draw);
  if (found === undefined) {
    found = {
      structure: buildStructure(draw.order, event.spec.format),
      seedIndex: new Map(draw.order.map((id, i) => [id, i])),
      lot: new Map(draw.lot.map((id, i) => [id, i])),
    };
    contexts.set(draw, found);
  }
  return found;
}

const emptyRow = (entry: string): TableRow => ({
  entry,
  played: 0,
  won: 0,
  lost: 0,
  framesWon: 0,
  framesLost: 0,
  score: 0,
  buchholz: 0,
  medianBuchholz: 0,
  byes: 0,
});

interface Tally {
  played: number;
  won: number;
  lost: number;
  framesWon: number;
  framesLost: number;
  byes: number;
  opponents: string[];
}

function tallyOf(
  ids: readonly string[],
  matches: readonly MatchView[],
  byes: readonly string[] = [],
): Map<string, Tally> {
  const tally = new Map<string, Tally>(
    ids.map((id) => [
      id,
      { played: 0, won: 0, lost: 0, framesWon: 0, framesLost: 0, byes: 0, opponents: [] },
    ]),
  );
  for (const id of byes) (tally.get(id) as Tally).byes++;
  for (const m of matches) {
    if (m.state !== 'finished' || m.result === null) continue;
    const [fa, fb] = m.result.frames;
    const ta = tally.get(m.a as string);
    const tb = tally.get(m.b as string);
    if (ta === undefined || tb === undefined) continue;
    const aWon = m.result.winner === 'a';
    ta.played++;
    tb.played++;
    ta.framesWon += fa;
    ta.framesLost += fb;
    tb.framesWon += fb;
    tb.framesLost += fa;
    (aWon ? ta : tb).won++;
    (aWon ? tb : ta).lost++;
    ta.opponents.push(m.b as string);
    tb.opponents.push(m.a as string);
  }
  return tally;
}

/**
 * A group's order by its tiebreaks: matches won; among players level on wins, the matches won
 * between them (head to head); frame difference; frames won; the seeded lot.
 */
function rankGroup(
  members: readonly string[],
  matches: readonly MatchView[],
  lot: ReadonlyMap<string, number>,
): TableRow[] {
  const tally = tallyOf(members, matches);
  const t = (id: string): Tally => tally.get(id) as Tally;
  const headToHead = new Map<string, number>();
  for (const id of members) {
    const level = new Set(members.filter((o) => t(o).won === t(id).won));
    let wins = 0;
    for (const m of matches) {
      if (m.state !== 'finished' || m.result === null) continue;
      if (!level.has(m.a as string) || !level.has(m.b as string)) continue;
      if ((m.result.winner === 'a' ? m.a : m.b) === id) wins++;
    }
    headToHead.set(id, wins);
  }
  const key = (id: string): number[] => [
    -t(id).won,
    -(headToHead.get(id) ?? 0),
    -(t(id).framesWon - t(id).framesLost),
    -t(id).framesWon,
    lot.get(id) ?? 0,
  ];
  return [...members]
    .sort((x, y) => {
      const kx = key(x);
      const ky = key(y);
      for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return (kx[i] as number) - (ky[i] as number);
      return 0;
    })
    .map((id) => rowOf(id, t(id), 0, 0));
}

function rowOf(entry: string, t: Tally, buchholz: number, medianBuchholz: number): TableRow {
  return {
    ...emptyRow(entry),
    played: t.played,
    won: t.won,
    lost: t.lost,
    framesWon: t.framesWon,
    framesLost: t.framesLost,
    byes: t.byes,
    score: t.won + t.byes,
    buchholz,
    medianBuchholz,
  };
}

interface Builder {
  readonly event: ClubEvent;
  readonly results: ReadonlyMap<string, StoredResult>;
  readonly matches: MatchView[];
  readonly byId: Map<string, MatchView>;
  readonly stale: string[];
}

/** A match's view from its two players (as resolved so far) and the stored result and call. */
function settle(
  event: ClubEvent,
  def: Omit<MatchDef, 'a' | 'b'>,
  from: readonly [Source | null, Source | null],
  a: Slot,
  c: Slot,
  stored: StoredResult | undefined,
): MatchView {
  let state: MatchState;
  let result: StoredResult | null = null;
  let winner: Slot = null;
  let loser: Slot = null;
  if (a === BYE && c === BYE) {
    state = 'void';
    winner = BYE;
    loser = BYE;
  } else if (a === BYE || c === BYE) {
    const other = a === BYE ? c : a;
    loser = BYE;
    if (other === null) state = 'waiting';
    else {
      state = 'bye';
      winner = other;
    }
  } else if (a === null || c === null) {
    state = 'waiting';
  } else {
    if (stored !== undefined && stored.a === a && stored.b === c) {
      state = 'finished';
      result = stored;
      winner = stored.winner === 'a' ? a : c;
      loser = stored.winner === 'a' ? c : a;
    } else {
      state = event.calls[def.id] !== undefined ? 'called' : 'ready';
    }
  }
  const call = event.calls[def.id];
  return {
    id: def.id,
    stage: def.stage,
    round: def.round,
    index: def.index,
    roundSize: def.roundSize,
    group: def.group ?? null,
    race: raceFor(event.spec.races, def.stage, def.roundSize),
    from,
    a,
    b: c,
    state,
    result,
    winner,
    loser,
    table: state === 'called' && call !== undefined ? call.table : null,
    readySince: null,
  };
}

function push(b: Builder, view: MatchView): MatchView {
  if (view.state !== 'finished' && b.results.has(view.id)) b.stale.push(view.id);
  b.matches.push(view);
  b.byId.set(view.id, view);
  return view;
}

function swissMatches(b: Builder, order: readonly string[], rounds: number): { byes: string[] } {
  const seedIndex = new Map(order.map((id, i) => [id, i]));
  const met = new Set<string>();
  const hadBye = new Set<string>();
  const byes: string[] = [];
  const score = new Map(order.map((id) => [id, 0]));
  for (let round = 1; round <= rounds; round++) {
    const ranked = [...order].sort(
      (x, y) =>
        (score.get(y) as number) - (score.get(x) as number) ||
        (seedIndex.get(x) as number) - (seedIndex.get(y) as number),
    );
    const pairing = pairSwissRound(round, ranked, met, hadBye);
    const views = pairing.pairs.map(([x, y], i) =>
      push(
        b,
        settle(
          b.event,
          {
            id: `S${round}-${i + 1}`,
            stage: 'swiss',
            round,
            index: i + 1,
            roundSize: order.length,
            loserOut: null,
            winnerOut: null,
            champion: false,
          },
          [{ player: x }, { player: y }],
          x,
          y,
          b.results.get(`S${round}-${i + 1}`),
        ),
      ),
    );
    for (const [x, y] of pairing.pairs) met.add(pairKey(x, y));
    if (pairing.bye !== null) {
      hadBye.add(pairing.bye);
      byes.push(pairing.bye);
      score.set(pairing.bye, (score.get(pairing.bye) as number) + 1);
    }
    if (!views.every((v) => v.state === 'finished')) break;
    for (const v of views) {
      const w = v.winner as string;
      score.set(w, (score.get(w) as number) + 1);
    }
  }
  return { byes };
}

function swissStandings(
  order: readonly string[],
  matches: readonly MatchView[],
  byes: readonly string[],
  lot: ReadonlyMap<string, number>,
  medianFirst: boolean,
): TableRow[] {
  const tally = tallyOf(order, matches, byes);
  const scoreOf = (id: string): number => {
    const t = tally.get(id) as Tally;
    return t.won + t.byes;
  };
  const rows = order.map((id) => {
    const t = tally.get(id) as Tally;
    const opp = t.opponents.map(scoreOf).sort((x, y) => x - y);
    const buchholz = opp.reduce((s, x) => s + x, 0);
    const median =
      opp.length >= 3 ? buchholz - (opp[0] as number) - (opp[opp.length - 1] as number) : buchholz;
    return rowOf(id, t, buchholz, median);
  });
  const key = (r: TableRow): number[] => [
    -r.score,
    medianFirst ? -r.medianBuchholz : -r.buchholz,
    medianFirst ? -r.buchholz : -r.medianBuchholz,
    -(r.framesWon - r.framesLost),
    -r.framesWon,
    lot.get(r.entry) ?? 0,
  ];
  return rows.sort((x, y) => {
    const kx = key(x);
    const ky = key(y);
    for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return (kx[i] as number) - (ky[i] as number);
    return 0;
  });
}

/** Where a source's player comes from, as far as it is known. */
function resolver(byId: ReadonlyMap<string, MatchView>, groups: readonly GroupTable[]) {
  return (source: Source): Slot => {
    if ('player' in source) return source.player;
    if ('bye' in source) return BYE;
    if ('group' in source) {
      const table = groups[source.group];
      return table?.complete === true ? (table.rows[source.place - 1]?.entry ?? BYE) : null;
    }
    const m = byId.get('winner' in source ? source.winner : source.loser);
    if (m === undefined) return null;
    return 'winner' in source ? m.winner : m.loser;
  };
}

function settleDef(
  event: ClubEvent,
  def: MatchDef,
  byId: ReadonlyMap<string, MatchView>,
  groups: readonly GroupTable[],
  stored: StoredResult | undefined,
): MatchView {
  const resolve = resolver(byId, groups);
  let a = resolve(def.a);
  let c = resolve(def.b);
  if (def.resetOf !== undefined) {
    const first = byId.get(def.resetOf);
    if (first === undefined || first.state !== 'finished') a = c = null;
    else if (first.result?.winner === 'a') a = c = BYE;
  }
  return settle(event, def, [def.a, def.b], a, c, stored);
}

/** The tier changes a settled match makes: who leaves, and the champion. */
function outcome(
  def: MatchDef,
  view: MatchView,
  tiers: number[],
  seed: ReadonlyMap<string, number>,
): string | null | undefined {
  if (view.state !== 'finished' && view.state !== 'bye') return undefined;
  if (def.resetBy !== undefined && view.result?.winner === 'b') return undefined;
  if (def.loserOut !== null && view.loser !== null && view.loser !== BYE)
    tiers[seed.get(view.loser) as number] = def.loserOut;
  if (def.winnerOut !== null && view.winner !== null && view.winner !== BYE)
    tiers[seed.get(view.winner) as number] = def.winnerOut;
  return def.champion ? view.winner : undefined;
}

function groupTable(
  g: number,
  members: readonly string[],
  matches: readonly MatchView[],
  lot: ReadonlyMap<string, number>,
): GroupTable {
  const own = matches.filter((m) => m.group === g);
  const complete = own.every((m) => m.state === 'finished');
  return { group: g, complete, rows: complete ? rankGroup(members, own, lot) : tallyRows(members, own) };
}

function groupTiers(
  table: GroupTable,
  advance: number,
  tiers: number[],
  seed: ReadonlyMap<string, number>,
): void {
  if (!table.complete) return;
  table.rows.forEach((row, i) => {
    if (i >= advance) tiers[seed.get(row.entry) as number] = -(i + 1);
  });
}

/** Ready since: the later of the draw and each player's last finished match. */
function withReadySince(
  m: MatchView,
  drawAt: number,
  last: number[],
  seed: ReadonlyMap<string, number>,
): MatchView {
  if (m.state !== 'ready' && m.state !== 'called')
    return m.readySince === null ? m : { ...m, readySince: null };
  const since = Math.max(
    drawAt,
    last[seed.get(m.a as string) as number] as number,
    last[seed.get(m.b as string) as number] as number,
  );
  return m.readySince === since ? m : { ...m, readySince: since };
}

const terminal = (m: MatchView): boolean => m.state === 'finished' || m.state === 'bye' || m.state === 'void';

interface Internal {
  /** Each entry's (by seed position) tier, NaN while he is still in. */
  readonly tiers: number[];
  /** Each entry's (by seed position) last finished match, the caller's clock. */
  readonly last: number[];
  /** Results by match position (fixed structures). */
  readonly results: readonly (StoredResult | undefined)[];
  /** The champion's match has been decided (the view's champion waits for every match to end). */
  readonly decided: string | null;
  /** Matches not yet finished, void or a bye. */
  readonly open: number;
  /** Match id → position in `matches`. */
  readonly index: ReadonlyMap<string, number>;
}

function finish(
  event: ClubEvent,
  ctx: DrawContext,
  matches: MatchView[],
  index: ReadonlyMap<string, number>,
  parts: Pick<EventView, 'groups' | 'swiss' | 'tierCounts' | 'stale'>,
  internal: Omit<Internal, 'open' | 'index'>,
  refresh: { readonly indices: Iterable<number>; readonly open: number } | null,
): EventView {
  const drawAt = event.draw?.at ?? 0;
  let open = refresh?.open ?? 0;
  const update = (i: number): void => {
    const before = matches[i] as MatchView;
    if (before.state === 'ready' || before.state === 'called' || before.readySince !== null) {
      matches[i] = withReadySince(before, drawAt, internal.last, ctx.seedIndex);
    }
  };
  if (refresh === null) {
    for (let i = 0; i < matches.length; i++) {
      update(i);
      if (!terminal(matches[i] as MatchView)) open++;
    }
  } else {
    for (const i of refresh.indices) update(i);
  }
  const finished = event.draw !== null && internal.decided !== null && open === 0;
  return new View(matches, parts, finished ? internal.decided : null, finished, event.draw?.order ?? [], {
    ...internal,
    open,
    index,
  });
}

/** A derived view; its internals (for the next step's incremental derivation) are private. */
class View implements EventView {
  readonly matches: readonly MatchView[];
  readonly groups: readonly GroupTable[];
  readonly swiss: readonly TableRow[];
  readonly tierCounts: ReadonlyMap<number, number>;
  readonly stale: readonly string[];
  readonly champion: string | null;
  readonly finished: boolean;
  readonly #order: readonly string[];
  readonly #internal: Internal;
  #byId: Map<string, MatchView> | undefined;
  #tiers: Map<string, number> | undefined;

  constructor(
    matches: readonly MatchView[],
    parts: Pick<EventView, 'groups' | 'swiss' | 'tierCounts' | 'stale'>,
    champion: string | null,
    finished: boolean,
    order: readonly string[],
    internal: Internal,
  ) {
    this.matches = matches;
    this.groups = parts.groups;
    this.swiss = parts.swiss;
    this.tierCounts = parts.tierCounts;
    this.stale = parts.stale;
    this.champion = champion;
    this.finished = finished;
    this.#order = order;
    this.#internal = internal;
  }

  get byId(): ReadonlyMap<string, MatchView> {
    this.#byId ??= new Map([...this.#internal.index].map(([id, i]) => [id, this.matches[i] as MatchView]));
    return this.#byId;
  }

  get tiers(): ReadonlyMap<string, number> {
    if (this.#tiers === undefined) {
      this.#tiers = new Map();
      for (let i = 0; i < this.#order.length; i++) {
        const t = this.#internal.tiers[i] as number;
        if (!Number.isNaN(t)) this.#tiers.set(this.#order[i] as string, t);
      }
    }
    return this.#tiers;
  }

  static internal(view: EventView): Internal | undefined {
    return view instanceof View ? view.#internal : undefined;
  }
}

/** The match `id` of a view, or undefined. */
export function findMatch(view: EventView, id: string): MatchView | undefined {
  const i = View.internal(view)?.index.get(id);
  return i === undefined ? undefined : view.matches[i];
}

function derive(event: ClubEvent): EventView {
  const ctx = contextOf(event);
  const structure = ctx.structure;
  const results = new Map(event.results.map((r) => [r.match, r]));
  const b: Builder = { event, results, matches: [], byId: new Map(), stale: [] };
  const draw = event.draw;
  const format = event.spec.format;
  const n = draw?.order.length ?? 0;
  const groupTables: GroupTable[] = [];
  const tiers: number[] = new Array(n).fill(Number.NaN);
  let champion: string | null = null;
  let swiss: TableRow[] = [];
  let groupsDone = false;

  for (const def of structure.defs) {
    if (format.kind === 'groups' && def.stage !== 'group' && !groupsDone) {
      groupsDone = true;
      structure.groups.forEach((members, g) => {
        const table = groupTable(g, members, b.matches, ctx.lot);
        groupTables.push(table);
        groupTiers(table, format.advance, tiers, ctx.seedIndex);
      });
    }
    const view = push(b, settleDef(event, def, b.byId, groupTables, results.get(def.id)));
    const won = outcome(def, view, tiers, ctx.seedIndex);
    if (won !== undefined) champion = won;
  }

  let tierCounts = structure.tierCounts;
  let index = structure.index;
  if (format.kind === 'swiss' && draw !== null) {
    const { byes } = swissMatches(b, draw.order, format.rounds);
    swiss = swissStandings(draw.order, b.matches, byes, ctx.lot, format.tiebreak === 'median-buchholz');
    const complete =
      b.matches.length === expectedSwissMatches(n, format.rounds) &&
      b.matches.every((m) => m.state === 'finished');
    if (complete) {
      swiss.forEach((row, i) => {
        tiers[ctx.seedIndex.get(row.entry) as number] = -(i + 1);
      });
      champion = swiss[0]?.entry ?? null;
    }
    tierCounts = new Map(draw.order.map((_, i) => [-(i + 1), 1]));
    index = new Map(b.matches.map((m, i) => [m.id, i]));
  }
  const last: number[] = new Array(n).fill(0);
  for (const m of b.matches) {
    if (m.result === null) continue;
    for (const p of [m.a, m.b] as string[]) {
      const i = ctx.seedIndex.get(p) as number;
      last[i] = Math.max(last[i] as number, m.result.at);
    }
  }
  const byDef = structure.defs.map((d) => results.get(d.id));
  return finish(
    event,
    ctx,
    b.matches,
    index,
    { groups: groupTables, swiss, tierCounts, stale: b.stale },
    {
      tiers,
      last,
      results: byDef,
      decided: champion,
    },
    null,
  );
}

/**
 * The view after a new result or a call on one match of a fixed structure (every format but
 * Swiss), from the view before it: only the matches that take players from it are settled again.
 * A test checks it against `derive` from scratch.
 */
function deriveAfter(prev: EventView, event: ClubEvent, changed: string): EventView {
  const ctx = contextOf(event);
  const structure = ctx.structure;
  const internal = View.internal(prev) as Internal;
  const start = structure.index.get(changed);
  if (start === undefined) return derive(event);
  const matches = prev.matches.slice();
  const tiers = internal.tiers.slice();
  const last = internal.last.slice();
  const results = internal.results.slice();
  const added = event.results[event.results.length - 1];
  if (added !== undefined && added.match === changed) results[start] = added;
  const groups = prev.groups.slice();
  const format = event.spec.format;
  const byId: ReadonlyMap<string, MatchView> = {
    get: (id: string) => {
      const i = structure.index.get(id);
      return i === undefined ? undefined : matches[i];
    },
  } as ReadonlyMap<string, MatchView>;
  let decided = internal.decided;
  let open = internal.open;
  // Dependents always come later in the structure: visit the queue in increasing order.
  const queue = [start];
  const visited: number[] = [];
  const touched: string[] = [];
  const mark = (key: string): void => {
    for (const i of structure.dependents.get(key) ?? []) if (!queue.includes(i)) queue.push(i);
    queue.sort((x, y) => x - y);
  };
  while (queue.length > 0) {
    const i = queue.shift() as number;
    visited.push(i);
    const def = structure.defs[i] as MatchDef;
    const old = matches[i] as MatchView;
    const now = settleDef(event, def, byId, groups, results[i]);
    matches[i] = now;
    open += (terminal(now) ? 0 : 1) - (terminal(old) ? 0 : 1);
    if (now.result !== null && old.result !== now.result) {
      for (const p of [now.a, now.b] as string[]) {
        const k = ctx.seedIndex.get(p) as number;
        last[k] = Math.max(last[k] as number, now.result.at);
        touched.push(p);
      }
    }
    const won = outcome(def, now, tiers, ctx.seedIndex);
    if (won !== undefined) decided = won;
    if (
      old.state === now.state &&
      old.a === now.a &&
      old.b === now.b &&
      old.winner === now.winner &&
      old.loser === now.loser
    )
      continue;
    mark(def.id);
    if (def.group !== undefined && format.kind === 'groups') {
      const g = def.group;
      const table = groupTable(g, structure.groups[g] as string[], matches, ctx.lot);
      groups[g] = table;
      groupTiers(table, format.advance, tiers, ctx.seedIndex);
      if (table.complete) mark(`group:${g}`);
    }
  }
  // A finished match makes its players' other waiting matches (in a group) wait from now.
  const refresh = new Set(visited);
  for (const p of touched) for (const i of playerMatches(ctx).get(p) ?? []) refresh.add(i);
  return finish(
    event,
    ctx,
    matches,
    structure.index,
    { groups, swiss: prev.swiss, tierCounts: prev.tierCounts, stale: prev.stale },
    { tiers, last, results, decided },
    { indices: refresh, open },
  );
}

const playerIndexes = new WeakMap<DrawContext, ReadonlyMap<string, readonly number[]>>();

/** The matches of the structure with a fixed player (group matches), by player. */
function playerMatches(ctx: DrawContext): ReadonlyMap<string, readonly number[]> {
  let found = playerIndexes.get(ctx);
  if (found === undefined) {
    const map = new Map<string, number[]>();
    ctx.structure.defs.forEach((def, i) => {
      for (const source of [def.a, def.b]) {
        if ('player' in source && def.stage === 'group')
          map.set(source.player, [...(map.get(source.player) ?? []), i]);
      }
    });
    found = map;
    playerIndexes.set(ctx, found);
  }
  return found;
}

function tallyRows(members: readonly string[], matches: readonly MatchView[]): TableRow[] {
  const tally = tallyOf(members, matches);
  return members.map((id) => rowOf(id, tally.get(id) as Tally, 0, 0));
}

export function expectedSwissMatches(players: number, rounds: number): number {
  return Math.floor(players / 2) * rounds;
}

interface Step {
  readonly parent: ClubEvent;
  readonly match: string;
}

/**
 * Notes that `next` differs from `parent` only by a new result or call of `match`, so that its
 * view can be derived from the parent's (applyEventAction records it).
 */
export function noteStep(parent: ClubEvent, next: ClubEvent, match: string): void {
  if (parent.spec.format.kind !== 'swiss') cache(next, { parent, match });
}

/** The derived view of an event (cached per event value: events are immutable). */
export function viewEvent(event: ClubEvent): EventView {
  let view = viewOf(event);
  if (view === undefined) {
    const found = (event as Cached)[CACHE];
    const step = found !== undefined && !(found instanceof View) ? (found as Step) : undefined;
    const before = step === undefined ? undefined : viewOf(step.parent);
    view =
      step !== undefined && before !== undefined ? deriveAfter(before, event, step.match) : derive(event);
    // Replacing the step by the view drops the link to the parent, so a long chain can be collected.
    cache(event, view);
  }
  return view;
}

/** The view derived from scratch, without the cache (for tests of the incremental path). */
export function deriveView(event: ClubEvent): EventView {
  return derive(event);
}

/** Entries in a called match that has no result yet: they are at a table. */
export function busyPlayers(view: EventView): Set<string> {
  const busy = new Set<string>();
  for (const m of view.matches) if (m.state === 'called') busy.add(m.a as string).add(m.b as string);
  return busy;
}

/** Ready matches whose players are both free, longest-waiting first (then in order of play). */
export function readyMatches(event: ClubEvent): MatchView[] {
  const view = viewEvent(event);
  const busy = busyPlayers(view);
  const order = new Map(view.matches.map((m, i) => [m.id, i]));
  return view.matches
    .filter((m) => m.state === 'ready' && !busy.has(m.a as string) && !busy.has(m.b as string))
    .sort(
      (x, y) =>
        (x.readySince as number) - (y.readySince as number) ||
        (order.get(x.id) as number) - (order.get(y.id) as number),
    );
}

/** For each free table of the venue (in its order), the longest-waiting ready match, no player twice. */
export function suggestCalls(event: ClubEvent): { table: string; match: string }[] {
  const view = viewEvent(event);
  const taken = new Set(view.matches.filter((m) => m.state === 'called').map((m) => m.table));
  const used = new Set<string>();
  const out: { table: string; match: string }[] = [];
  const ready = readyMatches(event);
  for (const table of event.spec.tables) {
    if (taken.has(table)) continue;
    const next = ready.find((m) => !used.has(m.a as string) && !used.has(m.b as string));
    if (next === undefined) break;
    used.add(next.a as string).add(next.b as string);
    ready.splice(ready.indexOf(next), 1);
    out.push({ table, match: next.id });
  }
  return out;
}
