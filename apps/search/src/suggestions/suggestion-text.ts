/**
 * What makes a query a suggestion candidate, before any search runs: its text as suggested (lower-cased, spaces
 * collapsed), enough letters, no special characters unless allowed, none of the excluded words.
 */

/** Longest suggestion kept, in characters: longer "queries" are pasted text, not something to suggest. */
export const maxSuggestionLength = 80;

/** The text a query is suggested (and grouped) as: trimmed, lower-cased, inner spaces collapsed. */
export function suggestionText(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The words of a suggestion. */
export function wordsOf(text: string): string[] {
  return text.split(' ').filter((word) => word !== '');
}

/** Letters and digits counted by `minLetters` (spaces and punctuation do not count). */
export function letterCount(text: string): number {
  return [...text.matchAll(/[\p{L}\p{N}]/gu)].length;
}

/**
 * Whether a suggestion holds a special character: anything but letters, digits, spaces, and the apostrophes and
 * hyphens of words such as "women's" and "t-shirt".
 */
export function hasSpecialCharacters(text: string): boolean {
  return /[^\p{L}\p{M}\p{N}\s'’-]/u.test(text);
}

/** The `exclude` entries as matchers: a plain word leaves out suggestions holding that word, a pattern those it matches. */
export function excluder(entries: readonly string[]): (text: string) => boolean {
  const words = new Set<string>();
  const patterns: RegExp[] = [];
  for (const entry of entries) {
    const word = suggestionText(entry);
    if (/^[\p{L}\p{M}\p{N}'’-]+$/u.test(word)) words.add(word);
    else patterns.push(patternOf(entry));
  }
  return (text) =>
    wordsOf(text).some((word) => words.has(word)) || patterns.some((pattern) => pattern.test(text));
}

/** A regular expression entry; one that does not compile is taken as the literal text. */
function patternOf(entry: string): RegExp {
  try {
    return new RegExp(entry, 'iu');
  } catch {
    return new RegExp(entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
  }
}
