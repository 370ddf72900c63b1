/**
 * The bracket as SVG: a section per part of the event (winners', losers', the finals, a final
 * stage, a knockout), a column per round, a box per match with both players, the score and the
 * match's state (waiting, ready, called to table N, finished). Groups are tables and Swiss rounds
 * lists (in page.ts). Drawn afresh from the shown event each time it changes.
 */
import { BYE, type MatchView, type Stage } from '@pyramid/events';
import type { EventWord } from './words.js';

const SVG = 'http://www.w3.org/2000/svg';
const BOX_W = 190;
const BOX_H = 46;
const GAP_X = 36;
const GAP_Y = 14;
const HEAD = 22;

export type T = (key: EventWord, values?: Readonly<Record<string, string | number>>) => string;

/** The sections drawn as brackets, in page order, with the stages each holds. */
export const BRACKET_SECTIONS: readonly { readonly title: EventWord; readonly stages: readonly Stage[] }[] = [
  { title: 'single', stages: ['single'] },
  { title: 'winners', stages: ['winners'] },
  { title: 'losers', stages: ['losers'] },
  { title: 'finalStage', stages: ['final-stage'] },
  { title: 'knockout', stages: ['knockout'] },
  { title: 'finals', stages: ['grand-final', 'third-place'] },
];

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export function stateLabel(m: MatchView, t: T): string {
  if (m.state === 'called') return t('called', { table: m.table ?? '?' });
  return t(m.state);
}

/** A side's name: the entry's, a bye, or an ellipsis while not known. */
export function sideName(slot: string | null, names: ReadonlyMap<string, string>): string {
  if (slot === null) return '…';
  if (slot === BYE) return '—';
  return names.get(slot) ?? slot;
}

/** One section's SVG, or null when the event has no match of its stages. */
export function bracketSvg(
  matches: readonly MatchView[],
  stages: readonly Stage[],
  names: ReadonlyMap<string, string>,
  t: T,
  /** A match played now: its running frames and a line of words (online.ts). */
  live: (m: MatchView) => { frames: readonly [number, number]; text: string } | null = () => null,
): SVGSVGElement | null {
  const mine = matches.filter((m) => stages.includes(m.stage));
  if (mine.length === 0) return null;
  // Columns: each (stage, round) in order; the finals put the third-place match after the grand finals.
  const columns: { key: string; ms: MatchView[] }[] = [];
  for (const stage of stages) {
    const rounds = [...new Set(mine.filter((m) => m.stage === stage).map((m) => m.round))].sort(
      (a, b) => a - b,
    );
    for (const round of rounds) {
      const ms = mine.filter((m) => m.stage === stage && m.round === round).sort((a, b) => a.index - b.index);
      columns.push({ key: `${stage}-${round}`, ms });
    }
  }
  const rows = Math.max(...columns.map((c) => c.ms.length));
  const height = HEAD + rows * (BOX_H + GAP_Y);
  const width = columns.length * (BOX_W + GAP_X);
  const svg = el('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'bracket', role: 'img' });
  const centre = new Map<string, { x: number; y: number }>();
  columns.forEach((column, c) => {
    const x = c * (BOX_W + GAP_X);
    const first = column.ms[0] as MatchView;
    svg.append(
      el(
        'text',
        { x, y: 14, class: 'round' },
        `${first.id.replace(/-\d+$/, '')} · ${t('race', { n: first.race })}`,
      ),
    );
    const slot = (rows * (BOX_H + GAP_Y)) / column.ms.length;
    column.ms.forEach((m, i) => {
      const y = HEAD + slot * i + (slot - BOX_H) / 2;
      centre.set(m.id, { x, y: y + BOX_H / 2 });
      const g = el('g', { 'data-testid': `match-${m.id}`, 'data-state': m.state, class: `match ${m.state}` });
      g.append(el('rect', { x, y, width: BOX_W, height: BOX_H, rx: 5 }));
      const running = live(m);
      if (running !== null) g.setAttribute('data-live', running.text);
      const frames = m.result?.frames ?? running?.frames ?? null;
      const sides: [string | null, number | null, boolean][] = [
        [m.a, frames?.[0] ?? null, m.winner !== null && m.winner === m.a],
        [m.b, frames?.[1] ?? null, m.winner !== null && m.winner === m.b],
      ];
      sides.forEach(([slotId, score, won], s) => {
        const ty = y + 16 + s * 17;
        g.append(
          el(
            'text',
            { x: x + 6, y: ty, class: won ? 'name won' : 'name' },
            sideName(slotId, names).slice(0, 20),
          ),
        );
        if (score !== null)
          g.append(
            el('text', { x: x + BOX_W - 8, y: ty, class: 'score', 'text-anchor': 'end' }, String(score)),
          );
      });
      g.append(
        el(
          'text',
          { x: x + BOX_W - 8, y: y - 2, class: 'state', 'text-anchor': 'end' },
          `${m.id} · ${running?.text ?? stateLabel(m, t)}`,
        ),
      );
      const title = el(
        'title',
        {},
        `${m.id}: ${sideName(m.a, names)} – ${sideName(m.b, names)} (${stateLabel(m, t)})`,
      );
      g.append(title);
      svg.append(g);
    });
  });
  // Lines from a match to the one its winner plays next, within the section.
  for (const m of mine) {
    const to = centre.get(m.id);
    if (to === undefined) continue;
    m.from.forEach((source, s) => {
      if (source === null || !('winner' in source)) return;
      const from = centre.get(source.winner);
      if (from === undefined || from.x >= to.x) return;
      const y = to.y - BOX_H / 4 + (s * BOX_H) / 2;
      const mid = from.x + BOX_W + GAP_X / 2;
      svg.prepend(
        el('path', { d: `M${from.x + BOX_W},${from.y} H${mid} V${y} H${to.x}`, class: 'link', fill: 'none' }),
      );
    });
  }
  return svg;
}
