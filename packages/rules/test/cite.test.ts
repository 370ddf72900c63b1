/** Citations read in the reader's language: variant paragraphs named as the rules text names them. */
import { describe, expect, it } from 'vitest';
import { citeIn } from '../src/index.js';

describe('citeIn', () => {
  it('names the variant in Russian as the rules text does, and keeps the paragraph', () => {
    expect(citeIn('Classic 5.3', 'ru')).toBe('Классическая 5.3');
    expect(citeIn('Classic 5.1, 5.3', 'ru')).toBe('Классическая 5.1, 5.3');
    expect(citeIn('Dynamic 7(2)', 'ru')).toBe('Динамичная 7(2)');
    expect(citeIn('Combined 6, п.22.2', 'ru')).toBe('Комбинированная 6, п.22.2');
    expect(citeIn('Free 5.3', 'ru')).toBe('Свободная 5.3');
  });

  it('leaves general-rule citations and English alone', () => {
    expect(citeIn('29.1(9)', 'ru')).toBe('29.1(9)');
    expect(citeIn('п.20', 'ru')).toBe('п.20');
    expect(citeIn('Classic 5.3', 'en')).toBe('Classic 5.3');
  });
});
