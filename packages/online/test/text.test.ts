import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chatTextProblem,
  codePoints,
  MAX_CHAT_LENGTH,
  MAX_NAME_LENGTH,
  normaliseName,
} from '../src/index.js';

describe('names', () => {
  it('are NFC with plain single spaces, trimmed', () => {
    expect(normaliseName('  Е\u0308лка \u3000 Мила\u00a0')).toEqual({ ok: true, text: 'Ёлка Мила' });
    expect(normaliseName('Cafe\u0301')).toEqual({ ok: true, text: 'Café' });
    expect(normaliseName('Anna Karenina')).toEqual({ ok: true, text: 'Anna Karenina' });
    expect(normaliseName('🎱 Шар №8')).toEqual({ ok: true, text: '🎱 Шар №8' });
  });

  it('refuse every invisible, bidi, control, filler or private character, and names of only marks', () => {
    const refused = [
      '\u200b', // zero-width space
      'a\u200cb', // zero-width non-joiner
      'a\u200db', // zero-width joiner
      'a\u00adb', // soft hyphen
      'a\u2060b', // word joiner
      'a\u200eb', // left-to-right mark
      'a\u202eb', // right-to-left override
      'a\u2067b', // right-to-left isolate
      'a\u061cb', // Arabic letter mark
      '\u3164', // Hangul filler
      '\u115f\u1160', // Hangul choseong/jungseong fillers
      '\uffa0', // halfwidth Hangul filler
      '\u2800', // braille blank
      'a\u034fb', // combining grapheme joiner
      'a\ue000b', // private use
      'a\u0085b', // next line (C1 control)
      'a\u2028b', // line separator
      '\u0301\u0301', // only combining marks
      'a\u0301\u0301\u0301\u0301\u0301', // a pile of marks
      '   ',
    ];
    for (const name of refused) expect(normaliseName(name).ok, JSON.stringify(name)).toBe(false);
  });

  it('count code points: 24 of them, however many UTF-16 units, and never leave a lone surrogate', () => {
    expect(normaliseName('🎱'.repeat(MAX_NAME_LENGTH)).ok).toBe(true);
    expect(normaliseName('🎱'.repeat(MAX_NAME_LENGTH + 1)).ok).toBe(false);
    expect(normaliseName('Anna\ud83c').ok).toBe(false);
    expect(normaliseName('\udc00Anna').ok).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const checked = normaliseName(raw);
        if (!checked.ok) return;
        expect(checked.text).toBe(checked.text.normalize('NFC'));
        expect(codePoints(checked.text)).toBeLessThanOrEqual(MAX_NAME_LENGTH);
        expect(/\p{Cs}/u.test(checked.text)).toBe(false);
        expect(checked.text).toBe(checked.text.trim());
      }),
    );
  });
});

describe('chat lines', () => {
  it('refuse bidi embeddings, overrides and isolates, and lines with nothing visible', () => {
    for (const text of ['\u202agg', '\u202bgg', '\u202cgg', '\u202dgg', '\u202egg', 'gg\u2066', 'gg\u2069']) {
      expect(chatTextProblem(text), JSON.stringify(text)).toMatch(/bidi/);
    }
    for (const text of ['\u200b', '\u200b\u200c\u200d', '\u3164', ' \u2800 ', '\u00ad']) {
      expect(chatTextProblem(text), JSON.stringify(text)).toBe('has no visible character');
    }
    expect(chatTextProblem('')).toBe('is empty');
    expect(chatTextProblem('a\nb')).toMatch(/control/);
    expect(chatTextProblem('x'.repeat(MAX_CHAT_LENGTH + 1))).toMatch(/longer/);
    expect(chatTextProblem('hi\ud83c')).toMatch(/surrogate/);
  });

  it('accept text with marks, joiners inside emoji, and right-to-left words', () => {
    for (const text of [
      'gg wp',
      'שלום\u200f ok',
      '👨\u200d👩\u200d👧',
      'می\u200cخواهم',
      '🎱'.repeat(MAX_CHAT_LENGTH),
    ])
      expect(chatTextProblem(text), JSON.stringify(text)).toBeNull();
  });
});
