/**
 * Folding used to compare rule patterns, query edits and rule/synonym searches with the query text.
 * Kept local and tiny on purpose; it can later be swapped for the engine's own folding (`fold-characters.ts`)
 * so that rules and search agree on ligatures too.
 */

const combiningMarks = /\p{M}/gu;
const spaces = /\s+/gu;

/**
 * Lower-cases, decomposes (NFKD) and strips diacritics, then collapses whitespace:
 * `"  Crème   BRÛLÉE "` → `"creme brulee"`, `"ﬁlm"` → `"film"`.
 * @param text - any string.
 */
export function normalizeForRules(text: string): string {
  return text
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .toLowerCase()
    .replace(spaces, ' ')
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
