/**
 * The storefront's two Query Suggestions configurations, one per language (decision 0018): each builds its
 * suggestions index from the `products` searches its pages tag `lang:<locale>` (the header autocomplete's own
 * searches also carry `autocomplete` and are not counted) and from the catalogue seeds of that language. The
 * category of each suggestion is the `categories` facet (English keys: the French page shows them with `label`).
 */
import { productsIndex } from '@vitrine/catalogue';
import type { SeedLanguage } from './catalogue-seeds.ts';

export const querySuggestionsIndices: Readonly<Record<SeedLanguage, string>> = {
  en: `${productsIndex}_query_suggestions_en`,
  fr: `${productsIndex}_query_suggestions_fr`,
};

export const querySeedIndices: Readonly<Record<SeedLanguage, string>> = {
  en: `${productsIndex}_query_seeds_en`,
  fr: `${productsIndex}_query_seeds_fr`,
};

/** The facet whose top values each suggestion carries ("jackets" in Jackets / « dans Vestes »). */
export const suggestionCategoryFacet = 'categories';

/** The configuration of a language's suggestions index, as the Query Suggestions API takes it. */
export function suggestionsConfig(language: SeedLanguage) {
  return {
    indexName: querySuggestionsIndices[language],
    sourceIndices: [
      {
        indexName: productsIndex,
        analyticsTags: [`lang:${language}`],
        facets: [{ attribute: suggestionCategoryFacet, amount: 3 }],
        minHits: 3,
        minLetters: 3,
        external: [querySeedIndices[language]],
      },
    ],
    languages: [language],
    exclude: [],
    allowSpecialCharacters: false,
  };
}
