/**
 * Adversarial input, as an attacker or a careless user would write it: actions, match records,
 * situation starts, shot files and strikes, each a valid one with a random defect planted at a
 * random place — deep nesting (to 10,000 levels), huge and tiny numbers, NaN-ish strings, empty
 * and odd keys (`""`, `/`, `~`, `a.b`), prototype keys (`__proto__`, `constructor`), contradictory
 * situations — and the checks every consumer must pass on them: no throw, no mutation, and either
 * acceptance or a clear error (a code, a JSON Pointer that points into the input, a short message).
 *
 * Everything here walks values iteratively or to a bounded depth, so the checks themselves survive
 * the inputs they make.
 */
import { pointerKeys, type Random } from '@pyramid/core';
import { RECORD_FORMAT, RECORD_VERSION, VARIANTS, type Variant } from '@pyramid/rules';
import { elevatedClusterStrike, type RandomShot, randomBreak, randomJumpShot } from './shots.js';

type Json = Record<string, unknown>;

/** Keys that break naive code: empty, separators of paths and pointers, prototype names. */
export const ODD_KEYS: readonly string[] = [
  '',
  ' ',
  '/',
  '~',
  '~0',
  '~1',
  'a/b',
  'a.b',
  '[0]',
  '0',
  '-1',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '\u0000',
  'ш',
  'x'.repeat(300),
];

/** Numbers at the edges of doubles. */
export const ODD_NUMBERS: readonly number[] = [
  1e308,
  -1e308,
  1e200,
  -1e200,
  1e20,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  5e-324,
  -5e-324,
  1e-300,
  -0,
  0.1 + 0.2,
  16,
  -1,
  1.5,
  999,
];

/** Strings that look like numbers (or like nothing) to a lenient parser. */
export const NAN_STRINGS: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '',
  '-0',
  '0',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

/** Sets an own property, even `__proto__` (which plain assignment would take as the prototype). */
export function setOwn(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An array or object nested `depth` levels, built without recursion. */
export function nested(depth: number, kind: 'array' | 'object', leaf: unknown = 0): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) {
    if (kind === 'array') value = [value];
    else {
      const o: Json = {};
      setOwn(o, i % 3 === 0 ? '' : 'a', value);
      value = o;
    }
  }
  return value;
}

/** One adversarial value: an odd number, a NaN-ish string, deep nesting, odd keys, junk. */
export function oddValue(random: Random): unknown {
  switch (random.int(9)) {
    case 0:
      return random.pick(ODD_NUMBERS);
    case 1:
      return random.pick(NAN_STRINGS);
    case 2:
      return nested(random.pick([2, 50, 1000, 10_000]), random.chance(0.5) ? 'array' : 'object');
    case 3: {
      const o: Json = {};
      for (let k = 1 + random.int(3); k > 0; k--) setOwn(o, random.pick(ODD_KEYS), random.pick(ODD_NUMBERS));
      return o;
    }
    case 4:
      return Array.from({ length: random.pick([0, 1, 2, 65, 3000]) }, () => random.int(16));
    case 5:
      return random.pick([null, true, false]);
    case 6:
      return { x: random.pick(ODD_NUMBERS), y: random.pick(ODD_NUMBERS) };
    case 7:
      return 'ш'.repeat(random.pick([1, 100, 100_000]));
    default:
      return random.pick([0, 1, 15, 0.5, -0]);
  }
}

/** A path to every container and leaf of `value` (iteratively, at most `limit` of them). */
function paths(value: unknown, limit = 400): (string | number)[][] {
  const out: (string | number)[][] = [[]];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0 && out.length < limit) {
    const { value: v, path } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    for (const key of keys) {
      const child = [...path, key];
      out.push(child);
      stack.push({ value: (v as Json)[key as string], path: child });
    }
  }
  return out;
}

function at(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const key of path) v = (v as Json)[key as string];
  return v;
}

/** A deep copy of a JSON-like value, without recursion (keeps own `__proto__` keys). */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: [unknown, unknown][] = [[value, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const key of Object.keys(from as object)) {
      const v = (from as Json)[key];
      if (typeof v === 'object' && v !== null) {
        const c: unknown = Array.isArray(v) ? [] : {};
        setOwn(to as Json, key, c);
        stack.push([v, c]);
      } else setOwn(to as Json, key, v);
    }
  }
  return root as T;
}

/** Canonical text of a JSON-like value, without recursion: two values are equal iff their texts are. */
export function snapshot(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  const CLOSE = Symbol('close');
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'symbol') {
      out.push(v === CLOSE ? ')' : ',');
      continue;
    }
    if (typeof v !== 'object' || v === null) {
      // A string by its length and text (quoting a long one with JSON.stringify is slow).
      out.push(Object.is(v, -0) ? '-0' : typeof v === 'string' ? `s${v.length}:${v}` : String(v));
      continue;
    }
    const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v).sort();
    out.push(Array.isArray(v) ? '[(' : '{(');
    stack.push(CLOSE);
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push((v as Json)[keys[i]!]);
      if (!Array.isArray(v)) stack.push(`${JSON.stringify(keys[i])}:`);
    }
  }
  return out.join('');
}

/** JSON text of a JSON-like value, without recursion (JSON.stringify overflows on deep nesting). */
export function jsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  const CLOSE_ARRAY = Symbol(']');
  const CLOSE_OBJECT = Symbol('}');
  const COMMA = Symbol(',');
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === CLOSE_ARRAY) out.push(']');
    else if (v === CLOSE_OBJECT) out.push('}');
    else if (v === COMMA) out.push(',');
    else if (typeof v === 'object' && v !== null && !(v instanceof KeyText)) {
      const array = Array.isArray(v);
      const keys = Object.keys(v);
      out.push(array ? '[' : '{');
      stack.push(array ? CLOSE_ARRAY : CLOSE_OBJECT);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push((v as Json)[keys[i]!]);
        if (!array) stack.push(new KeyText(keys[i]!));
        if (i > 0) stack.push(COMMA);
      }
    } else if (v instanceof KeyText) out.push(`${JSON.stringify(v.key)}:`);
    else out.push(JSON.stringify(v) ?? 'null');
  }
  return out.join('');
}

class KeyText {
  constructor(readonly key: string) {}
}

/**
 * Plants one defect in a copy of `value`: a node replaced by an odd value, an odd key added, a key
 * removed, or a subtree nested deeper. The input is never touched.
 */
export function mutate(random: Random, value: unknown): unknown {
  const copy = copyJson(value);
  if (typeof copy !== 'object' || copy === null) return oddValue(random);
  const all = paths(copy);
  const path = random.pick(all);
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1];
  const node = at(copy, path);
  switch (random.int(5)) {
    case 0:
    case 1:
      if (key === undefined) return oddValue(random);
      setOwn(at(copy, parentPath) as Json, String(key), oddValue(random));
      return copy;
    case 2:
      if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
        setOwn(node as Json, random.pick(ODD_KEYS), oddValue(random));
        return copy;
      }
      return mutate(random, copy);
    case 3:
      if (key !== undefined) {
        const parent = at(copy, parentPath);
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete (parent as Json)[key as string];
        return copy;
      }
      return oddValue(random);
    default:
      if (key === undefined) return nested(10_000, 'array', copy);
      setOwn(
        at(copy, parentPath) as Json,
        String(key),
        nested(random.chance(0.2) ? 10_000 : 3, 'array', node),
      );
      return copy;
  }
}

/** The input kinds the fuzzers make. */
export const INPUT_KINDS = ['action', 'record', 'situation', 'shot-file', 'strike'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** A situation start that holds together (the scores agree with the shelves, one ball per place). */
export function consistentSituation(random: Random, variant: Variant = random.pick(VARIANTS)): Json {
  const shelves: number[][] = [[], []];
  const table: number[] = [0];
  for (let b = 1; b <= 15; b++) {
    const where = random.int(4);
    if (where < 2 && table.length < 15) shelves[where]!.push(b);
    else table.push(b);
  }
  if (table.length === 1) table.push(shelves[0]!.pop() ?? shelves[1]!.pop()!);
  const scores =
    variant === 'classic' ? [random.int(60), random.int(60)] : [shelves[0]!.length, shelves[1]!.length];
  const player = random.int(2);
  const terms = variant === 'free' ? { cueBall: 'choose' } : random.chance(0.3) ? { inHand: 'house' } : {};
  return { from: 'situation', scores, shelves, table, turn: { kind: 'shot', player, terms } };
}

/** The contradictions a situation can hold, each one the referee must refuse. */
export const CONTRADICTIONS = [
  'ball-twice',
  'ball-missing',
  'in-hand-on-shelf',
  'score-off-shelves',
  'mode-for-another-variant',
] as const;

/** A situation start with one contradiction planted, for the given variant. */
export function contradictorySituation(
  random: Random,
  variant: Variant,
): { variant: Variant; start: Json; contradiction: (typeof CONTRADICTIONS)[number] } {
  const s = consistentSituation(random, variant);
  const shelves = s.shelves as number[][];
  const table = s.table as number[];
  const contradiction = random.pick(CONTRADICTIONS);
  switch (contradiction) {
    case 'ball-twice': {
      const ball = table[1 + random.int(table.length - 1)] ?? 1;
      shelves[random.int(2)]!.push(ball);
      break;
    }
    case 'ball-missing': {
      const white = table.findIndex((b) => b !== 0);
      if (white >= 0) table.splice(white, 1);
      else shelves[0]!.pop();
      break;
    }
    case 'in-hand-on-shelf': {
      // The cue ball in hand is a ball already scored.
      const shelf = shelves[0]!.length > 0 ? 0 : 1;
      if (shelves[shelf]!.length === 0) shelves[shelf]!.push(table.pop()!);
      const scored = shelves[shelf]![0]!;
      const cueBall = variant === 'free' ? scored : 0;
      if (cueBall === 0) {
        // Only Free has the coloured ball on a shelf: elsewhere the contradiction is Free's.
        return contradictorySituation(random, 'free');
      }
      s.turn = { kind: 'shot', player: 0, terms: { kind: 'ordinary', cueBall, inHand: 'house' } };
      if (variant !== 'classic') s.scores = [shelves[0]!.length, shelves[1]!.length];
      break;
    }
    case 'score-off-shelves':
      // Free and Combined score a point per shelf ball; Dynamic's score can run ahead of the
      // shelf (option 2) but never fall below it; Classic scores by value.
      if (variant === 'classic') return contradictorySituation(random, 'free');
      if (variant === 'dynamic') {
        if (shelves[0]!.length === 0) shelves[0]!.push(table.pop()!);
        s.scores = [shelves[0]!.length - 1, shelves[1]!.length];
      } else s.scores = [shelves[0]!.length + 1 + random.int(3), shelves[1]!.length];
      break;
    default:
      // Each variant gets a turn only another variant has.
      if (variant === 'free')
        s.playOff = true; // Classic 5.7 only
      else if (variant === 'combined')
        s.turn = { kind: 'shot', player: 0, terms: { objectBallsOnly: true } }; // Dynamic only
      else if (variant === 'dynamic')
        s.turn = { kind: 'shot', player: 0, terms: { cueBall: 3 } }; // Free only
      else
        s.turn = {
          kind: 'decision',
          decision: { kind: 'penalty-ball', player: 0, after: { kind: 'shot', player: 1 } },
        }; // not in Classic
      break;
  }
  return { variant, start: s, contradiction };
}

/** A match record's header around `start`. */
export function recordOf(variant: Variant, start: Json, actions: readonly unknown[] = []): Json {
  return { format: RECORD_FORMAT, version: RECORD_VERSION, variant, start, actions: [...actions] };
}

/** A shot file of `pyramid simulate` (positions in mm) for a random shot. */
export function shotFileOf(shot: RandomShot): Json {
  return {
    break: shot.kind === 'break',
    balls: shot.balls.map((b) => ({ id: b.id, x: b.x * 1000, y: b.y * 1000 })),
    strike: { ...shot.strike, direction: { ...shot.strike.direction! } },
  };
}

/** A random shot of any of the three kinds. */
export function anyRandomShot(random: Random): RandomShot {
  const roll = random.int(3);
  return roll === 0
    ? randomBreak(random)
    : roll === 1
      ? randomJumpShot(random)
      : elevatedClusterStrike(random);
}

/**
 * What is unclear about an error on `input`, or null when it is clear: a code and a message (at
 * most 300 characters), and a field that is a JSON Pointer whose every step but the last exists in
 * `input` (the last may be the missing field that was required).
 */
export function unclearError(
  input: unknown,
  error: { readonly code?: unknown; readonly field?: unknown; readonly message?: unknown },
): string | null {
  if (typeof error.code !== 'string' || error.code === '') return 'no code';
  if (typeof error.message !== 'string' || error.message === '') return 'no message';
  if (error.message.length > 300) return `a message of ${error.message.length} characters`;
  if (typeof error.field !== 'string') return 'no field';
  const keys = pointerKeys(error.field);
  if (keys === null) return `field ${JSON.stringify(error.field.slice(0, 80))} is not a JSON Pointer`;
  let v = input;
  for (let i = 0; i < keys.length - 1; i++) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, keys[i]!))
      return `field ${error.field.slice(0, 80)} does not point into the input`;
    v = (v as Json)[keys[i]!];
  }
  return null;
}
