import { describe, expect, it } from 'vitest';
import { describeJsonSyntaxError, jsonSyntaxError } from '../src/index.js';

describe('jsonSyntaxError', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of [
      '{}',
      '[]',
      ' 0 ',
      '-1.5e+3',
      '"a\\u00e9\\n"',
      '{"a": [1, true, false, null, {"b": "c"}]}\n',
    ]) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(jsonSyntaxError(text)).toBeNull();
    }
  });

  it.each([
    ['{"a": 1,}', 1, 9, 'a property name in double quotes', '"}"'],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "',' or '}'", '"\\""'],
    ['[1, 2', 1, 6, "',' or ']'", 'the end of the text'],
    ['{"a": tru}', 1, 10, "'true'", '"}"'],
    ['{"a": 01}', 1, 8, "',' or '}'", '"1"'],
    ['{"é": x}', 1, 7, 'a value (an object, array, string, number, true, false or null)', '"x"'],
    ['{}\r\n{}', 2, 1, 'the end of the text', '"{"'],
    ['"abc', 1, 5, "'\"' (the string is not closed)", 'the end of the text'],
    ['', 1, 1, 'a value (an object, array, string, number, true, false or null)', 'the end of the text'],
  ])('%j breaks at line %i, column %i', (text, line, column, expected, found) => {
    expect(() => JSON.parse(text)).toThrow();
    const error = jsonSyntaxError(text);
    expect(error).toMatchObject({ line, column, expected, found });
    expect(describeJsonSyntaxError(error!)).toBe(
      `line ${line}, column ${column}: expected ${expected}, found ${found}`,
    );
  });

  it('finds the error of text nested 100,000 levels deep without running out of stack', () => {
    const depth = 100_000;
    const valid = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(jsonSyntaxError(valid)).toBeNull();
    const objects = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth - 1)}`;
    expect(jsonSyntaxError(objects)).toMatchObject({ offset: objects.length, expected: "',' or '}'" });
    const broken = `${'['.repeat(depth)}1,]`;
    expect(jsonSyntaxError(broken)).toMatchObject({
      offset: depth + 2,
      line: 1,
      column: depth + 3,
      found: '"]"',
    });
  });
});
