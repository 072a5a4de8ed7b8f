/**
 * Folding used to compare rule patterns, query edits and rule/synonym searches with the query text.
 * Kept local and tiny on purpose; it can later be swapped for the engine's own folding (`fold-characters.ts`)
 * so that rules and search agree on ligatures too.
 */

const combiningMarks = /\p{M}/gu;
/** Whitespace and punctuation: Algolia's normalisation treats punctuation between words as a separator. */
const separators = /[^\p{L}\p{N}]+/gu;

/**
 * Lower-cases, decomposes (NFKD) and strips diacritics, then turns runs of spaces and punctuation into one space:
 * `"  Crème   BRÛLÉE! "` → `"creme brulee"`, `"ﬁlm"` → `"film"`, `"Côtes-du-Rhône"` → `"cotes du rhone"`.
 * @param text - any string.
 */
export function normalizeForRules(text: string): string {
  return text
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .toLowerCase()
    .replace(separators, ' ')
    .trim();
}

/**
 * The normalised words of a text: `"Crème  brûlée"` → `["creme", "brulee"]`; `""` → `[]`.
 * @param text - any string.
 */
export function ruleWords(text: string): string[] {
  const normalized = normalizeForRules(text);
  return normalized === '' ? [] : normalized.split(' ');
}
