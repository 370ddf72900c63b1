/**
 * What text people may show to others: player names and chat lines. Both are plain text shown as
 * text (never HTML); beyond that, a name must look like what it is. Invisible characters
 * (zero-width spaces and joiners, the soft hyphen, word joiners, the byte order mark), bidi
 * controls (embeddings, overrides, isolates, marks) and the "filler" letters that render as blank
 * (Hangul fillers U+3164, U+115F, U+1160, U+FFA0, the braille blank U+2800, Khmer inherent vowels)
 * would let two names look alike, look empty, or reorder the text around them. A name is normalised
 * (NFC, every space character a plain space, runs of spaces one) and refused when it holds any of
 * them; a chat line is refused when it holds a bidi embedding, override or isolate, or when nothing
 * visible is left once the invisible characters are set aside. Everything counts code points (what
 * people count as characters), never UTF-16 units, and a lone surrogate is never accepted.
 *
 * Dependency-free so that the browser can check a name before sending it; the server checks again.
 */
import { MAX_CHAT_LENGTH, MAX_NAME_LENGTH } from './protocol.js';

/**
 * Characters that show nothing (or only change how neighbours render) and are letters or symbols by
 * their general category, so that `\p{Cf}` alone would miss them: Hangul fillers, the braille
 * blank, Khmer inherent vowels, the combining grapheme joiner, Mongolian free variation selectors.
 */
const FILLERS = '\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u2800\\u3164\\uffa0';

/** Bidi embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI): they reorder text around them. */
const BIDI_REORDERING = '\\u202a-\\u202e\\u2066-\\u2069';

/**
 * Refused anywhere in a name: control characters (`Cc`), format characters (`Cf`: zero-width
 * space/non-joiner/joiner, soft hyphen, word joiner, BOM, bidi marks and controls, Arabic letter
 * mark, Mongolian vowel separator…), lone surrogates (`Cs`), private use (`Co`), unassigned code
 * points (`Cn`), line and paragraph separators, and the fillers.
 */
const NAME_REFUSED = new RegExp(`[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}${FILLERS}]`, 'u');

/** A visible character: a letter, number, punctuation or symbol that is not a filler. */
const VISIBLE = new RegExp(`(?![${FILLERS}])[\\p{L}\\p{N}\\p{P}\\p{S}]`, 'u');

/** More combining marks in a row (decomposed) than any script needs: text that spills over its neighbours. */
const MARK_RUN = /\p{M}{5,}/u;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
const REORDERING = new RegExp(`[${BIDI_REORDERING}]`, 'u');
/** A lone (unpaired) surrogate: what cutting UTF-16 in the middle of a character leaves. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The number of characters (code points) of a string. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export type TextCheck =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: string };

/**
 * A player name as it is stored and shown, or why it is refused: NFC, spaces made plain and single,
 * trimmed; 1 to MAX_NAME_LENGTH characters; no invisible, bidi, control or filler character; at
 * least one visible character; no pile of combining marks.
 */
export function normaliseName(raw: string): TextCheck {
  if (LONE_SURROGATE.test(raw)) return { ok: false, message: 'has a broken character (a lone surrogate)' };
  const text = raw
    .normalize('NFC')
    .replace(/\p{Zs}+/gu, ' ')
    .trim();
  if (text === '') return { ok: false, message: 'is empty' };
  if (CONTROL.test(text)) return { ok: false, message: 'has control characters: plain text only' };
  if (NAME_REFUSED.test(text))
    return {
      ok: false,
      message: 'has an invisible or text-direction character (zero-width, soft hyphen, bidi control, filler)',
    };
  if (!VISIBLE.test(text)) return { ok: false, message: 'has no visible character' };
  if (MARK_RUN.test(text.normalize('NFD')))
    return { ok: false, message: 'has too many combining marks in a row' };
  if (codePoints(text) > MAX_NAME_LENGTH)
    return { ok: false, message: `is longer than ${MAX_NAME_LENGTH} characters` };
  return { ok: true, text };
}

/**
 * Why a chat line cannot be shown to others, or null when it can: 1 to MAX_CHAT_LENGTH characters,
 * no control characters (line breaks included), no bidi embedding/override/isolate, and something
 * visible (a line of only zero-width characters or fillers is refused).
 */
export function chatTextProblem(text: string): string | null {
  if (text.length === 0) return 'is empty';
  if (LONE_SURROGATE.test(text)) return 'has a broken character (a lone surrogate)';
  if (codePoints(text) > MAX_CHAT_LENGTH) return `is longer than ${MAX_CHAT_LENGTH} characters`;
  if (CONTROL.test(text)) return 'has control characters (line breaks included): plain text only';
  if (REORDERING.test(text))
    return 'has a bidi embedding, override or isolate (they reorder the text around them)';
  if (!VISIBLE.test(text)) return 'has no visible character';
  return null;
}
