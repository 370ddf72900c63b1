/**
 * Where a JSON text first breaks the grammar (RFC 8259), as a line and a column a person can find
 * in an editor. `JSON.parse` reports positions differently from one engine (and Node version) to
 * the next, and sometimes not at all; this scanner gives the same answer everywhere.
 */

export interface JsonSyntaxError {
  /** Offset in UTF-16 code units from the start of the text. */
  readonly offset: number;
  /** 1-based line (lines end at \n, \r\n or \r). */
  readonly line: number;
  /** 1-based column, in characters (code points) from the start of the line. */
  readonly column: number;
  /** What the grammar wanted there, e.g. `',' or '}'`. */
  readonly expected: string;
  /** What was found: a quoted character, or "the end of the text". */
  readonly found: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {}
}

/** The first syntax error of `text`, or null when it is valid JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  let i = 0;
  const fail = (expected: string): never => {
    throw new Stop(i, expected);
  };
  const space = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const digits = () => {
    const start = i;
    while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    if (i === start) fail('a digit');
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail("'\"' (the string is not closed)");
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail('a character other than a control character (escape it)');
      if (c === 0x5c) {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) {
            i++;
            if (!/^[0-9a-fA-F]$/.test(text[i] ?? '')) fail('a hexadecimal digit of \\u');
          }
          i++;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail('an escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u');
      } else i++;
    }
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`'${word}'`);
      i++;
    }
  };
  const scalar = (c: string | undefined): void => {
    const word = c === 't' ? 'true' : c === 'f' ? 'false' : c === 'n' ? 'null' : null;
    if (c === '"') {
      string();
      return;
    }
    if (word !== null) {
      literal(word);
      return;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      if (text[i] === '-') i++;
      if (text[i] === '0') i++;
      else digits();
      if (text[i] === '.') {
        i++;
        digits();
      }
      if (text[i] === 'e' || text[i] === 'E') {
        i++;
        if (text[i] === '+' || text[i] === '-') i++;
        digits();
      }
      return;
    }
    fail('a value (an object, array, string, number, true, false or null)');
  };
  // An explicit stack of the open containers, not recursion: untrusted text may nest deeper than
  // the call stack goes (and how deep that is differs between Node versions).
  const value = (): void => {
    const open: ('{' | '[')[] = [];
    let next: 'value' | 'key' | 'after' = 'value';
    for (;;) {
      if (next === 'key') {
        space();
        if (text[i] !== '"') fail('a property name in double quotes');
        string();
        space();
        if (text[i] !== ':') fail("':'");
        i++;
        next = 'value';
        continue;
      }
      if (next === 'value') {
        space();
        const c = text[i];
        if (c === '{' || c === '[') {
          i++;
          space();
          if (text[i] === (c === '{' ? '}' : ']')) i++;
          else {
            open.push(c);
            next = c === '{' ? 'key' : 'value';
            continue;
          }
        } else scalar(c);
        next = 'after';
        continue;
      }
      // After a value: the text ends, or the innermost container goes on or closes.
      const top = open[open.length - 1];
      if (top === undefined) return;
      space();
      const close = top === '{' ? '}' : ']';
      if (text[i] === ',') {
        i++;
        next = top === '{' ? 'key' : 'value';
      } else if (text[i] === close) {
        i++;
        open.pop();
      } else fail(`',' or '${close}'`);
    }
  };
  try {
    value();
    space();
    if (i < text.length) fail('the end of the text');
    return null;
  } catch (caught) {
    if (!(caught instanceof Stop)) throw caught;
    return locate(text, caught.offset, caught.expected);
  }
}

function locate(text: string, offset: number, expected: string): JsonSyntaxError {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset; k++) {
    const c = text[k];
    if (c === '\n' || (c === '\r' && text[k + 1] !== '\n')) {
      line++;
      lineStart = k + 1;
    }
  }
  const column = [...text.slice(lineStart, offset)].length + 1;
  const ch = text.codePointAt(offset);
  const found = ch === undefined ? 'the end of the text' : JSON.stringify(String.fromCodePoint(ch));
  return { offset, line, column, expected, found };
}

/** `line 3, column 14: expected ',' or '}', found "]"` */
export function describeJsonSyntaxError(error: JsonSyntaxError): string {
  return `line ${error.line}, column ${error.column}: expected ${error.expected}, found ${error.found}`;
}
