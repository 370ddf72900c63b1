/**
 * A top view of the table in text: the bed (3550 × 1775 mm on 12 ft, every preset is twice as long
 * as it is wide) as 61 × 15 character cells, the house
 * (front) end on the left, +y (the left side seen from the house) at the top. Pockets sit in the
 * frame; the house line is dotted; balls are 1–9, a–f for 10–15 and ● for the coloured ball. A
 * ball whose cell is taken (the rack, a cluster) goes to the nearest free cell, so every ball on
 * the bed is always drawn once.
 */
import type { BallId } from '@pyramid/rules';
import { markings, type Point, REGULATION_12FT, type TableSpec } from '@pyramid/table';
import type { Style } from './text.js';

export const COLUMNS = 61;
export const ROWS = 15;

export function ballGlyph(ball: BallId): string {
  if (ball === 0) return '●';
  return ball < 10 ? String(ball) : String.fromCharCode('a'.charCodeAt(0) + ball - 10);
}

function cellOf(spec: TableSpec, at: Point): { col: number; row: number } {
  const col = Math.round((at.x / spec.length) * (COLUMNS - 1));
  const row = Math.round(((spec.width - at.y) / spec.width) * (ROWS - 1));
  return { col: clamp(col, 0, COLUMNS - 1), row: clamp(row, 0, ROWS - 1) };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The nearest free cell to (col, row), searching rings outward; cells are about twice as tall as wide. */
function nearestFree(
  taken: (string | null)[][],
  col: number,
  row: number,
): { col: number; row: number } | null {
  for (let radius = 0; radius < COLUMNS; radius++) {
    let best: { col: number; row: number; d: number } | null = null;
    for (let dr = -radius; dr <= radius; dr++) {
      for (let dc = -radius * 2; dc <= radius * 2; dc++) {
        const r = row + dr;
        const c = col + dc;
        if (r < 0 || r >= ROWS || c < 0 || c >= COLUMNS) continue;
        if (taken[r]?.[c] !== null) continue;
        const d = (dr * 2) ** 2 + dc ** 2;
        if (best === null || d < best.d) best = { col: c, row: r, d };
      }
    }
    if (best !== null) return best;
  }
  return null;
}

/**
 * Draws the table `spec` (default 12 ft) with the balls at `positions` (ball number → mm). Returns
 * the lines, without a trailing newline, each prefixed with `indent`.
 */
export function drawTable(
  positions: Readonly<Record<string, Point>>,
  st: Style,
  indent = '  ',
  spec: TableSpec = REGULATION_12FT,
): string[] {
  const grid: (string | null)[][] = Array.from({ length: ROWS }, () =>
    Array<string | null>(COLUMNS).fill(null),
  );
  const balls = Object.keys(positions)
    .map(Number)
    .sort((a, b) => a - b);
  for (const ball of balls) {
    const at = positions[ball];
    if (at === undefined) continue;
    const want = cellOf(spec, at);
    const cell = nearestFree(grid, want.col, want.row);
    if (cell === null) continue;
    const row = grid[cell.row];
    if (row !== undefined)
      row[cell.col] = ball === 0 ? st.yellow(st.bold(ballGlyph(ball))) : st.bold(ballGlyph(ball));
  }
  const m = markings(spec);
  const houseCol = cellOf(spec, { x: m.houseLineX, y: 0 }).col;
  const backSpot = cellOf(spec, m.backSpot);
  const mid = (COLUMNS - 1) / 2;
  const border = (left: string, right: string) => {
    const cells: string[] = [];
    for (let c = 0; c < COLUMNS; c++) cells.push(c === mid ? 'o' : '─');
    return `${indent}${st.dim(left)} o${cells.join('')}o ${st.dim(right)}`;
  };
  const lines = [border('FL', 'BL')];
  grid.forEach((cells, r) => {
    const text = cells
      .map((cell, c) => {
        if (cell !== null) return cell;
        if (c === houseCol) return st.dim('┊');
        if (c === backSpot.col && r === backSpot.row) return st.dim('·');
        return ' ';
      })
      .join('');
    lines.push(`${indent}   │${text}│`);
  });
  lines.push(border('FR', 'BR'));
  return lines;
}
