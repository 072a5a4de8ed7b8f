/**
 * The storefront's two Query Suggestions configurations, one per language (decision 0018): each builds its
 * suggestions index from the `products` searches its pages tag `lang:<locale>` (the header autocomplete's own
 * searches also carry `autocomplete` and are not counted) and from the catalogue seeds of that language. Each
 * suggestion carries its top category paths at the two deeper levels of `hierarchicalCategories` (English keys,
 * `Women > Tops > Jackets`: the header's panel scopes the first suggestion to the deepest one and labels it in
 * the page's language).
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

/** The facets whose top values each suggestion carries ("jacket" in Jackets / « dans Vestes »). */
export const suggestionCategoryFacets = [
  'hierarchicalCategories.lvl1',
  'hierarchicalCategories.lvl2',
];

/** The configuration of a language's suggestions index, as the Query Suggestions API takes it. */
export function suggestionsConfig(language: SeedLanguage) {
  return {
    indexName: querySuggestionsIndices[language],
    sourceIndices: [
      {
        indexName: productsIndex,
        analyticsTags: [`lang:${language}`],
        facets: suggestionCategoryFacets.map((attribute) => ({ attribute, amount: 3 })),
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
