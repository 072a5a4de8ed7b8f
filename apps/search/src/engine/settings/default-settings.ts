/**
 * Algolia's documented defaults for every setting the engine understands (docs/api.md §3.2, §4.1). One table on
 * purpose: it is the single place a default is written down.
 */
import type { IndexSettings } from '../types.ts';

/** Algolia's default `ranking`: the tie-break criteria in order. */
export const defaultRanking: readonly string[] = [
  'typo',
  'geo',
  'words',
  'filters',
  'proximity',
  'attribute',
  'exact',
  'custom',
];

/**
 * Returns a complete, fresh `IndexSettings` with Algolia's defaults: prefixLast, typo tolerance on (1 typo from 4
 * letters, 2 from 8), no plurals or stop words, 20 hits per page, 100 values per facet, `<em>` tags, `…` ellipsis,
 * pagination limited to 1,000 hits, every attribute searchable, the default `ranking`.
 */
export function defaultIndexSettings(): IndexSettings {
  return {
    queryType: 'prefixLast',
    typoTolerance: true,
    minWordSizefor1Typo: 4,
    minWordSizefor2Typos: 8,
    allowTyposOnNumericTokens: true,
    ignorePlurals: false,
    removeStopWords: false,
    queryLanguages: [],
    advancedSyntax: false,
    advancedSyntaxFeatures: ['exactPhrase', 'excludeWords'],
    removeWordsIfNoResults: 'none',
    optionalWords: [],
    exactOnSingleWordQuery: 'attribute',
    alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
    synonyms: true,
    disableTypoToleranceOnAttributes: [],
    disableTypoToleranceOnWords: [],
    disableExactOnAttributes: [],
    minProximity: 1,
    hitsPerPage: 20,
    maxValuesPerFacet: 100,
    maxFacetHits: 10,
    sortFacetValuesBy: 'count',
    attributesToRetrieve: ['*'],
    attributesToHighlight: undefined,
    attributesToSnippet: [],
    highlightPreTag: '<em>',
    highlightPostTag: '</em>',
    snippetEllipsisText: '…',
    restrictHighlightAndSnippetArrays: false,
    replaceSynonymsInHighlight: false,
    distinct: 0,
    paginationLimitedTo: 1000,
    searchableAttributes: [],
    attributesForFaceting: [],
    customRanking: [],
    ranking: defaultRanking,
    attributeForDistinct: undefined,
    unretrievableAttributes: [],
    numericAttributesForFiltering: [],
    camelCaseAttributes: [],
    separatorsToIndex: '',
    keepDiacriticsOnCharacters: '',
    indexLanguages: [],
    relevancyStrictness: 100,
  };
}
