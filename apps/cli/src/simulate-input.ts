/**
 * The shot file of `pyramid simulate`: a table, parameter overrides, the balls (positions in mm,
 * like every other record of this product) and the strike. Everything is checked here, before the
 * simulator runs, and the first problem is reported with the field it is in.
 *
 *   {
 *     "table": "12ft",                          a PRESETS key, or a table description
 *                                               ({ "base"?, "name"?, …dimensions, "sources"? }:
 *                                               tableFromDescription in @pyramid/table)
 *     "params": { "muRoll": 0.012 },            overrides of DEFAULT_PARAMS (SI units)
 *     "break": false,                           judge it as a break (breakCushionBalls)
 *     "balls": [{ "id": 0, "x": 700, "y": 887.5, "v"?: [vx, vy] m/s, "w"?: [wx, wy, wz] rad/s }],
 *     "strike": { "ball": 0, "speed": 8, "angleDeg": 0, "side"?, "height"?, "elevationDeg"? }
 *   }
 */
import {
  describeJsonSyntaxError,
  describeValue,
  fieldPointer,
  jsonSyntaxError,
  pointerJoin,
} from '@pyramid/core';
import {
  type BallSetup,
  DEFAULT_PARAMS,
  INPUT_RANGES,
  inRange,
  isDirection,
  PARAM_NAMES,
  PARAM_RANGES,
  type PhysicsParams,
  type Range,
  rangeText,
  type Strike,
} from '@pyramid/physics';
import {
  buildTableGeometry,
  isBallId,
  PRESETS,
  type TableDimension,
  type TableGeometry,
  type TablePreset,
  type TableSpec,
  tableFromDescription,
  tableSpecOf,
} from '@pyramid/table';

/** A problem with the shot file: the field it is in (a JSON Pointer, '' for the whole file) and what is wrong. */
export interface ShotError {
  readonly field: string;
  readonly message: string;
}

export interface BallInput {
  readonly id: number;
  /** mm. */
  readonly x: number;
  readonly y: number;
  /** m/s. */
  readonly v?: readonly [number, number];
  /** rad/s. */
  readonly w?: readonly [number, number, number];
}

export interface Shot {
  /** As given in the file, for the reproducible report. */
  readonly source: unknown;
  readonly table: TablePreset;
  readonly spec: TableSpec;
  readonly geometry: TableGeometry;
  readonly params: PhysicsParams;
  readonly isBreak: boolean;
  readonly balls: readonly BallInput[];
  /** The balls in the simulator's units (m). */
  readonly setups: readonly BallSetup[];
  readonly strike: Strike;
}

class Invalid extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** `field` is a pointer, or a path of names written here (`balls[3].x`), turned into one. */
function fail(field: string, message: string): never {
  throw new Invalid(fieldPointer(field), message);
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, field: string, known: readonly string[]): Json {
  if (!isObject(value)) fail(field, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      fail(join(field, key), `unknown field (known: ${known.join(', ')})`);
    }
  }
  return value;
}

/** The pointer to a key of the input inside `field`: the key is a token, never read as a path. */
function join(field: string, key: string): string {
  return pointerJoin(fieldPointer(field), key);
}

function finite(value: unknown, field: string, unit = ''): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail(field, `must be a finite number${unit === '' ? '' : ` (${unit})`}, got ${describeValue(value)}`);
  }
  return value;
}

/** A finite number inside its physical range (@pyramid/physics ranges.ts, shared with the simulator). */
function within(value: unknown, field: string, range: Range, unit = ''): number {
  const number = finite(value, field, unit);
  if (!inRange(number, range))
    fail(field, `must be ${rangeText(range)}${unit === '' ? '' : ` ${unit}`}, got ${number}`);
  return number;
}

function vector<N extends 2 | 3>(
  value: unknown,
  field: string,
  length: N,
  unit: string,
  range: Range,
): number[] {
  if (!Array.isArray(value) || value.length !== length) {
    fail(field, `must be an array of ${length} numbers (${unit})`);
  }
  return value.map((entry, i) => within(entry, `${field}[${i}]`, range, unit));
}

/** Parameters the table decides: the ball and the cushion nose come from the preset. */
const FROM_TABLE: Partial<Record<keyof PhysicsParams, TableDimension>> = {
  R: 'ballDiameter',
  m: 'ballMass',
  noseHeight: 'cushionNoseHeight',
};

function tableOf(value: unknown): TablePreset {
  if (value === undefined) return PRESETS['12ft']!;
  if (typeof value === 'string') {
    if (!Object.hasOwn(PRESETS, value)) {
      fail('table', `unknown table ${describeValue(value)} (known: ${Object.keys(PRESETS).join(', ')})`);
    }
    return PRESETS[value]!;
  }
  const described = tableFromDescription(value);
  if (!described.ok) {
    const { field, message } = described.error;
    fail(field === '' ? 'table' : `table.${field}`, message);
  }
  return described.value;
}

function paramsOf(value: unknown, table: TablePreset): PhysicsParams {
  const params: Record<keyof PhysicsParams, number> = {
    ...DEFAULT_PARAMS,
    R: table.ballDiameter / 2000,
    m: table.ballMass / 1000,
    noseHeight: table.cushionNoseHeight / 1000,
  };
  if (value === undefined) return Object.freeze(params);
  const p = object(value, 'params', PARAM_NAMES);
  for (const name of PARAM_NAMES) {
    if (p[name] === undefined) continue;
    const field = `params.${name}`;
    const fromTable = FROM_TABLE[name];
    if (fromTable !== undefined) fail(field, `is set by the table: give table.${fromTable} instead`);
    params[name] = within(p[name], field, PARAM_RANGES[name]);
  }
  return Object.freeze(params);
}

function ballsOf(value: unknown, spec: TableSpec): BallInput[] {
  if (!Array.isArray(value) || value.length === 0) fail('balls', 'must be a non-empty array of balls');
  if (value.length > 16) fail('balls', `holds ${value.length} balls; a table has at most 16`);
  const seen = new Map<number, number>();
  const balls = value.map((raw, i): BallInput => {
    const field = `balls[${i}]`;
    const b = object(raw, field, ['id', 'x', 'y', 'v', 'w']);
    if (typeof b.id !== 'number' || !isBallId(b.id)) {
      fail(`${field}.id`, `must be a ball number 0–15, got ${describeValue(b.id)}`);
    }
    const id = b.id;
    const twice = seen.get(id);
    if (twice !== undefined) fail(`${field}.id`, `ball ${id} is already balls[${twice}]`);
    seen.set(id, i);
    const x = finite(b.x, `${field}.x`, 'mm');
    const y = finite(b.y, `${field}.y`, 'mm');
    const r = spec.ballDiameter / 2;
    if (x < r || x > spec.length - r) {
      fail(`${field}.x`, `ball ${id} lies outside the bed (x must be from ${r} to ${spec.length - r} mm)`);
    }
    if (y < r || y > spec.width - r) {
      fail(`${field}.y`, `ball ${id} lies outside the bed (y must be from ${r} to ${spec.width - r} mm)`);
    }
    const ball: { -readonly [K in keyof BallInput]: BallInput[K] } = { id, x, y };
    if (b.v !== undefined)
      ball.v = vector(b.v, `${field}.v`, 2, 'm/s', INPUT_RANGES.velocity) as [number, number];
    if (b.w !== undefined)
      ball.w = vector(b.w, `${field}.w`, 3, 'rad/s', INPUT_RANGES.spin) as [number, number, number];
    return ball;
  });
  const d = spec.ballDiameter;
  for (let i = 0; i < balls.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = balls[i]!;
      const b = balls[j]!;
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      if (dx * dx + dy * dy < d * d) {
        const apart = Math.sqrt(dx * dx + dy * dy);
        fail(
          `balls[${i}]`,
          `ball ${a.id} overlaps ball ${b.id} (centres ${round(apart)} mm apart, less than the ${d} mm diameter)`,
        );
      }
    }
  }
  return balls;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function strikeOf(value: unknown, balls: readonly BallInput[], params: PhysicsParams): Strike {
  const s = object(value, 'strike', [
    'ball',
    'speed',
    'angleDeg',
    'direction',
    'side',
    'height',
    'elevationDeg',
  ]);
  if (typeof s.ball !== 'number' || !isBallId(s.ball)) {
    fail('strike.ball', `must be a ball number 0–15, got ${describeValue(s.ball)}`);
  }
  const ball = s.ball;
  if (!balls.some((b) => b.id === ball)) fail('strike.ball', `ball ${ball} is not in balls`);
  const speed = finite(s.speed, 'strike.speed', 'm/s');
  if (!(speed > 0 && speed <= params.maxCueSpeed)) {
    fail('strike.speed', `must be > 0 and ≤ params.maxCueSpeed = ${params.maxCueSpeed} m/s, got ${speed}`);
  }
  const strike: { -readonly [K in keyof Strike]: Strike[K] } = { ball, speed };
  if (s.angleDeg !== undefined && s.direction !== undefined) {
    fail('strike.direction', 'give either angleDeg or direction, not both');
  }
  if (s.direction !== undefined) {
    const d = object(s.direction, 'strike.direction', ['x', 'y']);
    const x = within(d.x, 'strike.direction.x', INPUT_RANGES.direction);
    const y = within(d.y, 'strike.direction.y', INPUT_RANGES.direction);
    if (!isDirection(x, y)) fail('strike.direction', 'must not be the zero vector (or shorter than 1e-9)');
    strike.direction = { x, y };
  } else {
    if (s.angleDeg === undefined) fail('strike.angleDeg', 'is required (or give strike.direction)');
    strike.angleDeg = within(s.angleDeg, 'strike.angleDeg', INPUT_RANGES.angleDeg, 'degrees');
  }
  for (const key of ['side', 'height'] as const) {
    if (s[key] === undefined) continue;
    const offset = finite(s[key], `strike.${key}`, 'ball radii');
    // Beyond the miscue limit is a miscue (the simulator reports it); a whole radius misses the ball.
    if (!(Math.abs(offset) < 1))
      fail(`strike.${key}`, `must be a tip offset in ball radii, above −1 and below 1, got ${offset}`);
    strike[key] = offset;
  }
  if (s.elevationDeg !== undefined) {
    const elevation = finite(s.elevationDeg, 'strike.elevationDeg', 'degrees');
    if (elevation < 0 || elevation > 80)
      fail('strike.elevationDeg', `must be from 0 to 80°, got ${elevation}`);
    strike.elevationDeg = elevation;
  }
  return strike;
}

/** Parses and checks a shot file's text. */
/**
 * Reads a shot file. `table`, when given (from `--table FILE`), replaces the file's own `table`.
 */
export function parseShot(
  text: string,
  table?: TablePreset,
): { ok: true; value: Shot } | { ok: false; error: ShotError } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (caught) {
    const syntax = jsonSyntaxError(text);
    const reason =
      syntax !== null
        ? describeJsonSyntaxError(syntax)
        : caught instanceof Error
          ? caught.message
          : String(caught);
    return { ok: false, error: { field: '', message: `not valid JSON: ${reason}` } };
  }
  try {
    return { ok: true, value: checkShot(json, table) };
  } catch (caught) {
    if (caught instanceof Invalid)
      return { ok: false, error: { field: caught.field, message: caught.message } };
    throw caught;
  }
}

function checkShot(json: unknown, tableOverride: TablePreset | undefined): Shot {
  const top = object(json, '', ['description', 'table', 'params', 'break', 'balls', 'strike']);
  if (top.description !== undefined && typeof top.description !== 'string') {
    fail('description', 'must be a string');
  }
  if (top.break !== undefined && typeof top.break !== 'boolean') fail('break', 'must be true or false');
  const table = tableOverride ?? tableOf(top.table);
  let geometry: TableGeometry;
  try {
    geometry = buildTableGeometry(table);
  } catch (caught) {
    fail('table', caught instanceof Error ? caught.message : String(caught));
  }
  const spec = tableSpecOf(table);
  const params = paramsOf(top.params, table);
  const balls = ballsOf(top.balls, spec);
  if (top.strike === undefined) fail('strike', 'is required');
  const strike = strikeOf(top.strike, balls, params);
  const setups: BallSetup[] = balls.map((b) => ({
    id: b.id,
    x: b.x / 1000,
    y: b.y / 1000,
    ...(b.v === undefined ? {} : { v: [b.v[0], b.v[1], 0] as const }),
    ...(b.w === undefined ? {} : { w: b.w }),
  }));
  return {
    source: json,
    table,
    spec,
    geometry,
    params,
    isBreak: top.break === true,
    balls,
    setups,
    strike,
  };
}
