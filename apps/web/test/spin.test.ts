/**
 * The spin widget's keys and words: arrows move the tip by one step in their direction,
 * PageUp/PageDown three steps along the focused slider's axis, Home back to the centre; the
 * reducer keeps the tip inside the miscue limit; each slider says its value in the page's language.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_AIM, MAX_TIP, withTip } from '../src/game/state/index.js';
import { TIP_PAGE_STEP, TIP_STEP, tipAfterKey, tipText } from '../src/game/ui/spin.js';

const centre = { side: 0, height: 0 };

describe('the spin widget by keys', () => {
  it('arrows move the tip one step in their direction, whichever slider has the focus', () => {
    for (const axis of ['side', 'height'] as const) {
      expect(tipAfterKey(centre, 'ArrowRight', axis)).toEqual({ side: TIP_STEP, height: 0 });
      expect(tipAfterKey(centre, 'ArrowLeft', axis)).toEqual({ side: -TIP_STEP, height: 0 });
      expect(tipAfterKey(centre, 'ArrowUp', axis)).toEqual({ side: 0, height: TIP_STEP });
      expect(tipAfterKey(centre, 'ArrowDown', axis)).toEqual({ side: 0, height: -TIP_STEP });
    }
  });

  it('PageUp/PageDown take three steps along the focused axis; Home centres', () => {
    expect(TIP_PAGE_STEP).toBeCloseTo(3 * TIP_STEP, 12);
    expect(tipAfterKey(centre, 'PageUp', 'side')).toEqual({ side: TIP_PAGE_STEP, height: 0 });
    expect(tipAfterKey(centre, 'PageDown', 'height')).toEqual({ side: 0, height: -TIP_PAGE_STEP });
    expect(tipAfterKey({ side: 0.3, height: -0.2 }, 'Home', 'height')).toEqual(centre);
  });

  it('steps land on the grid (no drift after many presses) and other keys are left alone', () => {
    let tip = centre;
    for (let i = 0; i < 7; i++) tip = tipAfterKey(tip, 'ArrowRight', 'side')!;
    expect(tip.side).toBe(0.35);
    for (const key of [' ', 'Escape', 'Enter', 'a', 'End']) expect(tipAfterKey(tip, key, 'side')).toBeNull();
  });

  it('the reducer keeps a keyed tip inside the miscue limit', () => {
    let aim = DEFAULT_AIM;
    for (let i = 0; i < 20; i++) {
      const next = tipAfterKey(aim, 'ArrowUp', 'height')!;
      aim = withTip(aim, next.side, next.height);
    }
    expect(aim.height).toBeCloseTo(MAX_TIP, 12);
    const diagonal = tipAfterKey(aim, 'ArrowRight', 'side')!;
    const clamped = withTip(aim, diagonal.side, diagonal.height);
    expect(Math.hypot(clamped.side, clamped.height)).toBeCloseTo(MAX_TIP, 12);
  });
});

describe("the sliders' values in words", () => {
  it.each([
    [0.2, 'side', '0,2 радиуса вправо', '0.2 radius right'],
    [-0.15, 'side', '0,15 радиуса влево', '0.15 radius left'],
    [0.45, 'height', '0,45 радиуса вверх', '0.45 radius up'],
    [-0.05, 'height', '0,05 радиуса вниз', '0.05 radius down'],
    [0, 'side', 'по центру', 'centre'],
    [0.0001, 'height', 'по центру', 'centre'],
  ] as const)('%f (%s)', (value, axis, ru, en) => {
    expect(tipText(value, axis, 'ru')).toBe(ru);
    expect(tipText(value, axis, 'en')).toBe(en);
  });
});
