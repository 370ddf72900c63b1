/** Citations in the referee's words (no imports: the browser tests use it too). */

/**
 * The referee's explanation cites its paragraphs inline ("… correct. [п.12.1] No ball …", and in
 * places "(п.5.3)"); the log lists them once, below, in one form (`citeIn`): the inline ones go.
 */
export function withoutCitations(text: string): string {
  return text
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/\s*\((?:п\.|§)\s?[^()]*(?:\([^()]*\)[^()]*)*\)/g, '')
    .replace(/\s+([.,:;])/g, '$1')
    .trim();
}
