/** Citations in the referee's words (no imports: the browser tests use it too). */

/**
 * The referee's explanation cites its paragraphs inline ("… correct. [п.12.1] No ball …", and in
 * places "(п.5.3)"); the log lists them once, below, in one form (`citeIn`): the inline ones go.
 */
const BRACKETED = /\s*\[([^\]]*)\]/g;
const PARENTHESISED = /\s*\(((?:п\.|§)\s?[^()]*(?:\([^()]*\)[^()]*)*)\)/g;

export function withoutCitations(text: string): string {
  return text
    .replace(BRACKETED, '')
    .replace(PARENTHESISED, '')
    .replace(/\s+([.,:;])/g, '$1')
    .trim();
}

/** The citations an explanation makes inline, in its own language's form ("п.26", "Free 5.3"). */
export function inlineCitations(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [BRACKETED, PARENTHESISED])
    for (const m of text.matchAll(pattern))
      for (const cite of m[1]!.split(/,\s*/)) if (cite !== '') found.push(cite.trim());
  return found;
}
