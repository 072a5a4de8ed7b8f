/**
 * Small English and French stop-word lists (folded: no accents), used when `removeStopWords` is on. Kept short on
 * purpose: only words that never carry meaning in a product query.
 */

const stopWordsByLanguage: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(
    'a an and are as at be but by for from has have in into is it its of on or that the their there these this to was were will with'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'a au aux avec ce ces dans de des du elle en est et il ils je la le les leur lui ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous y'.split(
      ' ',
    ),
  ),
};

/**
 * True when `word` (folded) is a stop word in one of `languages`.
 * @param languages - language codes (`en`, `fr`); unknown codes are ignored.
 */
export function isStopWord(word: string, languages: readonly string[]): boolean {
  return languages.some((language) => stopWordsByLanguage[language]?.has(word) === true);
}

/** The languages a stop-word or plural setting applies to: `true` → the query languages, a list → itself. */
export function resolveLanguages(
  setting: boolean | readonly string[],
  queryLanguages: readonly string[],
): readonly string[] {
  if (setting === false) return [];
  if (setting === true) return queryLanguages.length > 0 ? queryLanguages : ['en', 'fr'];
  return setting;
}
