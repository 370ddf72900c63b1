/**
 * Pocket-acceptance maps (issue 12): a ball rolled at a pocket along a grid of lines parallel to the
 * pocket axis (offset across the mouth) and of speeds, through the real simulator, and what became
 * of it on each line: it fell clean (touching nothing), fell after touching a jaw or facing of that
 * pocket (rattled in), rattled out (touched one and stayed on the table), hung (came to rest with its centre past the mouth line without falling) or missed (never
 * touched the pocket's jaws and did not fall: it met a cushion nose first).
 */
import { boundaryOf, DEFAULT_PARAMS, type PhysicsParams, simulate } from '@pyramid/physics';
import { buildTableGeometry, type PocketId, type TableGeometry } from '@pyramid/table';

export type LineOutcome = 'clean' | 'rattles-in' | 'rattles-out' | 'hangs' | 'misses';

export interface AcceptanceRow {
  /** Rolling speed where the ball starts, m/s. */
  readonly speed: number;
  /** Outcome per offset, in the order of `offsets`. */
  readonly outcomes: readonly LineOutcome[];
}

export interface AcceptanceMap {
  readonly pocket: PocketId;
  /** Offsets of the lines across the mouth, mm (positive: to the left looking into the pocket). */
  readonly offsets: readonly number[];
  readonly rows: readonly AcceptanceRow[];
  /** The mouth (clear gap between the jaw tips) minus the ball's diameter, mm. */
  readonly clearance: number;
}

/** How far before the mouth line the ball starts, mm: far enough to be rolling, near enough to run straight. */
const RUN_UP = 300;

export function acceptanceMap(
  pocket: PocketId,
  speeds: readonly number[],
  step = 0.5,
  geometry: TableGeometry = buildTableGeometry(),
  p: PhysicsParams = DEFAULT_PARAMS,
): AcceptanceMap {
  const boundary = boundaryOf(geometry);
  const capture = geometry.pockets.find((c) => c.id === pocket)!;
  const half = capture.mouthWidth / 2 + geometry.ballRadius / 2;
  const offsets: number[] = [];
  for (let d = -Math.floor(half / step) * step; d <= half + 1e-9; d += step)
    offsets.push(Number(d.toFixed(6)));
  const { axis, mouthCentre } = capture;
  const across = { x: -axis.y, y: axis.x };
  const rows = speeds.map((speed) => ({
    speed,
    outcomes: offsets.map((d): LineOutcome => {
      const x = (mouthCentre.x - axis.x * RUN_UP + across.x * d) / 1000;
      const y = (mouthCentre.y - axis.y * RUN_UP + across.y * d) / 1000;
      const v: [number, number, number] = [axis.x * speed, axis.y * speed, 0];
      const w: [number, number, number] = [-v[1] / p.R, v[0] / p.R, 0];
      const result = simulate([{ id: 0, x, y, v, w }], null, boundary, p);
      if (!result.ok)
        throw new Error(`acceptance map ${pocket} ${speed} m/s ${d} mm: ${result.error.message}`);
      const { events, final } = result.value;
      const touched = events.some(
        (e) =>
          (e.type === 'jaw' && e.pocket === pocket) ||
          (e.type === 'cushion' && e.cushion.startsWith(`${pocket}/`)),
      );
      if (final[0]!.where === pocket)
        return events.some((e) => e.type === 'jaw' || e.type === 'cushion') ? 'rattles-in' : 'clean';
      const end = final[0]!.r;
      const past = (end[0] * 1000 - mouthCentre.x) * axis.x + (end[1] * 1000 - mouthCentre.y) * axis.y;
      if (final[0]!.state === 'stationary' && past > 0) return 'hangs';
      return touched ? 'rattles-out' : 'misses';
    }),
  }));
  return { pocket, offsets, rows, clearance: capture.mouthWidth - 2 * geometry.ballRadius };
}

/**
 * The width of the band of lines around the pocket axis (offset 0) whose outcome is one of `kinds`,
 * mm: the contiguous run through offset 0, counted in steps (a stray line that banks in from a nose
 * far off the axis is not part of it).
 */
export function bandWidth(map: AcceptanceMap, row: AcceptanceRow, kinds: readonly LineOutcome[]): number {
  const centre = map.offsets.indexOf(0);
  if (centre < 0 || !kinds.includes(row.outcomes[centre]!)) return 0;
  let lo = centre;
  let hi = centre;
  while (lo > 0 && kinds.includes(row.outcomes[lo - 1]!)) lo -= 1;
  while (hi + 1 < row.outcomes.length && kinds.includes(row.outcomes[hi + 1]!)) hi += 1;
  return (hi - lo + 1) * (map.offsets[1]! - map.offsets[0]!);
}

/** Lines that fall, clean or after a jaw. */
export const FALLS: readonly LineOutcome[] = ['clean', 'rattles-in'];

const GLYPH: Readonly<Record<LineOutcome, string>> = {
  clean: '#',
  'rattles-in': '+',
  'rattles-out': 'r',
  hangs: 'h',
  misses: '.',
};

/**
 * The map as text: one row per speed, one character per line (# falls clean, + rattles in,
 * r rattles out, h hangs, . misses), then the widths of the clean and of the falling band.
 */
export function acceptanceMapText(map: AcceptanceMap): string {
  const lines = [
    `${map.pocket}: offsets ${map.offsets[0]} … ${map.offsets.at(-1)} mm, step ${map.offsets[1]! - map.offsets[0]!} mm; clearance (mouth − ball) ${map.clearance} mm`,
  ];
  for (const row of map.rows)
    lines.push(
      `${row.speed.toFixed(2).padStart(5)} m/s |${row.outcomes.map((o) => GLYPH[o]).join('')}| clean ${bandWidth(map, row, ['clean']).toFixed(1)} mm, falls ${bandWidth(map, row, FALLS).toFixed(1)} mm`,
    );
  return lines.join('\n');
}
