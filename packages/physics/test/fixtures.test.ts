/**
 * Golden regression shots: fixtures/physics/*.json, each a readable shot with a `why` that derives its
 * expectations from the geometry and the closed forms (never a snapshot of simulator output).
 *
 * Format: { why, setup: { table: '12ft' | 'none', params?: overrides, cushionModel?, balls, strike },
 * expect } (cushionModel: the model the `why` derives with, when it is not the default) with
 * any of these expectations:
 * - pocketed / offTable: { id: pocket or rail } — exactly these balls end pocketed / off the table;
 * - firstContact: [a, b] (the first ball–ball event, either order) and firstContactTime (s);
 * - eventTypes (the whole list) or eventTypesPrefix; noEventTypes;
 * - firstBoundary: the first cushion/jaw/pocket/off-table event: its type, ids, time and, optionally,
 *   the ball's centre x or y there;
 * - atLeast: { type, pocket?, count } events of that kind;
 * - final: { id: [x, y] } final centres;
 * - directionAfterFirstContact: { ball, angleDeg } the ball's heading right after the first contact.
 * Tolerances: times 1e-6 relative (root solver), positions 1e-8 m, angles 1e-7°.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CushionModel } from '../src/cushion-models.js';
import type { SimEvent } from '../src/events.js';
import type { BallSetup } from '../src/simulate.js';
import type { Strike } from '../src/strike.js';
import { deg, expectClose, INFINITE, P, run, sampleOf, TABLE } from './helpers.js';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'physics');

interface Fixture {
  why: string;
  setup: {
    table: '12ft' | 'none';
    params?: Record<string, number>;
    cushionModel?: CushionModel;
    balls: BallSetup[];
    strike: Strike | null;
  };
  expect: {
    pocketed?: Record<string, string>;
    offTable?: Record<string, string>;
    firstContact?: [number, number] | null;
    firstContactTime?: number;
    eventTypes?: string[];
    eventTypesPrefix?: string[];
    noEventTypes?: string[];
    firstBoundary?: { type: string; t?: number; x?: number; y?: number; [key: string]: unknown };
    atLeast?: { type: string; pocket?: string; count: number };
    final?: Record<string, [number, number]>;
    directionAfterFirstContact?: { ball: number; angleDeg: number };
  };
}

const TIME = 1e-6;
const POSITION = 1e-8;
const ANGLE = 1e-7;

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

const KNOWN = new Set([
  'pocketed',
  'offTable',
  'firstContact',
  'firstContactTime',
  'eventTypes',
  'eventTypesPrefix',
  'noEventTypes',
  'firstBoundary',
  'atLeast',
  'final',
  'directionAfterFirstContact',
]);

const isBoundary = (e: SimEvent) =>
  e.type === 'cushion' || e.type === 'jaw' || e.type === 'pocket' || e.type === 'off-table';

describe('golden shots (fixtures/physics)', () => {
  it('there are at least five readable fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  for (const file of files) {
    it(file, () => {
      const fixture = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Fixture;
      expect(fixture.why.length).toBeGreaterThan(40);
      for (const key of Object.keys(fixture.expect))
        expect(KNOWN.has(key), `unknown expectation ${key}`).toBe(true);
      const { table, params, cushionModel, balls, strike } = fixture.setup;
      const sim = run(
        balls,
        strike,
        table === 'none' ? INFINITE : TABLE,
        { ...P, ...params },
        cushionModel === undefined ? {} : { cushionModel },
      );
      const ex = fixture.expect;

      const ended = (state: string) =>
        Object.fromEntries(sim.final.filter((b) => b.state === state).map((b) => [String(b.id), b.where]));
      expect(ended('pocketed')).toEqual(ex.pocketed ?? {});
      expect(ended('off-table')).toEqual(ex.offTable ?? {});

      const contact = sim.events.find((e) => e.type === 'ball-ball');
      if (ex.firstContact !== undefined) {
        if (ex.firstContact === null) expect(contact).toBeUndefined();
        else
          expect(contact?.type === 'ball-ball' && [...contact.balls].sort()).toEqual(
            [...ex.firstContact].sort(),
          );
      }
      if (ex.firstContactTime !== undefined)
        expectClose(contact!.t, ex.firstContactTime, TIME, 0, 'first contact');

      const types = sim.events.map((e) => e.type);
      if (ex.eventTypes) expect(types).toEqual(ex.eventTypes);
      if (ex.eventTypesPrefix)
        expect(types.slice(0, ex.eventTypesPrefix.length)).toEqual(ex.eventTypesPrefix);
      for (const type of ex.noEventTypes ?? []) expect(types).not.toContain(type);

      if (ex.firstBoundary) {
        const { t, x, y, ...fields } = ex.firstBoundary;
        const first = sim.events.find(isBoundary);
        expect(first).toMatchObject(fields);
        if (t !== undefined) expectClose(first!.t, t, TIME, 0, 'first boundary event');
        const ball = first && 'ball' in first ? sampleOf(sim, first.t, first.ball) : undefined;
        if (x !== undefined) expectClose(ball!.r[0], x, 0, POSITION, 'x at the first boundary event');
        if (y !== undefined) expectClose(ball!.r[1], y, 0, POSITION, 'y at the first boundary event');
      }

      if (ex.atLeast) {
        const { type, pocket, count } = ex.atLeast;
        const n = sim.events.filter(
          (e) => e.type === type && (pocket === undefined || ('pocket' in e && e.pocket === pocket)),
        );
        expect(n.length).toBeGreaterThanOrEqual(count);
      }

      for (const [id, [x, y]] of Object.entries(ex.final ?? {})) {
        const f = sim.final.find((b) => b.id === Number(id))!;
        expectClose(f.r[0], x, 0, POSITION, `ball ${id} final x`);
        expectClose(f.r[1], y, 0, POSITION, `ball ${id} final y`);
      }

      if (ex.directionAfterFirstContact) {
        const { ball, angleDeg } = ex.directionAfterFirstContact;
        const b = sampleOf(sim, contact!.t, ball);
        expectClose(deg(Math.atan2(b.v[1], b.v[0])), angleDeg, 0, ANGLE, `ball ${ball} heading`);
      }
    });
  }
});
