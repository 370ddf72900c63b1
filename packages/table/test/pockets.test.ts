import { describe, expect, it } from 'vitest';
import { POCKET_IDS, POCKET_NAMES, pocketCentre, REGULATION_12FT } from '../src/index.js';

const L = 3550;
const W = 1775;

describe('pockets', () => {
  it('has six pockets with distinct English and Russian names', () => {
    expect(POCKET_IDS).toHaveLength(6);
    const en = new Set(POCKET_IDS.map((id) => POCKET_NAMES[id].en));
    const ru = new Set(POCKET_IDS.map((id) => POCKET_NAMES[id].ru));
    expect(en.size).toBe(6);
    expect(ru.size).toBe(6);
  });

  it('names sides as seen from the house: left is +y, front is the house end', () => {
    expect(POCKET_NAMES.FL.ru).toContain('левая');
    expect(POCKET_NAMES.FL.ru).toContain('у дома');
    expect(POCKET_NAMES.MR.ru).toContain('правая средняя');
    expect(POCKET_NAMES.BR.ru).toContain('у заднего борта');
  });

  it('places corners where the cushion lines meet and middles on the centre line', () => {
    const at = (id: (typeof POCKET_IDS)[number]) => pocketCentre(REGULATION_12FT, id);
    expect(at('FL')).toEqual({ x: 0, y: W });
    expect(at('FR')).toEqual({ x: 0, y: 0 });
    expect(at('ML')).toEqual({ x: L / 2, y: W });
    expect(at('MR')).toEqual({ x: L / 2, y: 0 });
    expect(at('BL')).toEqual({ x: L, y: W });
    expect(at('BR')).toEqual({ x: L, y: 0 });
  });
});
