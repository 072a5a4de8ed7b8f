/**
 * Merges one query's overrides onto the index settings: every text-matching and response option given in the
 * query wins, everything else comes from the index.
 */
import type { IndexSettings, ResponseOptions, SearchQuery, TextMatchingOptions } from '../types.ts';

const overridableKeys: readonly (keyof TextMatchingOptions | keyof ResponseOptions)[] = [
  'queryType',
  'typoTolerance',
  'minWordSizefor1Typo',
  'minWordSizefor2Typos',
  'allowTyposOnNumericTokens',
  'ignorePlurals',
  'removeStopWords',
  'queryLanguages',
  'advancedSyntax',
  'advancedSyntaxFeatures',
  'removeWordsIfNoResults',
  'optionalWords',
  'exactOnSingleWordQuery',
  'alternativesAsExact',
  'synonyms',
  'disableTypoToleranceOnAttributes',
  'disableExactOnAttributes',
  'minProximity',
  'hitsPerPage',
  'maxValuesPerFacet',
  'maxFacetHits',
  'sortFacetValuesBy',
  'attributesToRetrieve',
  'attributesToHighlight',
  'attributesToSnippet',
  'highlightPreTag',
  'highlightPostTag',
  'snippetEllipsisText',
  'restrictHighlightAndSnippetArrays',
  'replaceSynonymsInHighlight',
  'distinct',
  'paginationLimitedTo',
];

/**
 * The settings one search runs with: `settings` overridden by every option `query` defines.
 * `{hitsPerPage: 20, …}` + `{text: 'tv', hitsPerPage: 5}` → `{hitsPerPage: 5, …}`.
 */
export function resolveQueryOptions(settings: IndexSettings, query: SearchQuery): IndexSettings {
  const merged: Record<string, unknown> = { ...settings };
  const overrides = query as unknown as Readonly<Record<string, unknown>>;
  for (const key of overridableKeys) {
    const value = overrides[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged as unknown as IndexSettings;
}
