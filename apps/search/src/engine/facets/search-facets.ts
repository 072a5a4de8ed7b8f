/**
 * The facets part of a search: which attributes are counted (`facets`, `*`), over which documents (before
 * distinct, or after it for `facetingAfterDistinct` and `afterDistinct(attr)`), with their numeric stats.
 */

import type { IndexState } from '../index-state.ts';
import type { FacetStats, IndexSettings, SearchQuery } from '../types.ts';
import { facetResult, type MatchedSet } from './facet-counts.ts';

/** Facet counts and stats of one search. */
export interface SearchFacets {
  readonly facetCounts: Record<string, Record<string, number>>;
  readonly facetStats: Record<string, FacetStats>;
}

/** The facet attributes a query asks for: `*` = every declared attribute that is not `filterOnly`. */
export function requestedFacets(state: IndexState, requested: readonly string[]): string[] {
  const countable = state.faceting
    .filter((attribute) => !attribute.filterOnly)
    .map((attribute) => attribute.path);
  const names = requested.flatMap((name) =>
    name === '*' ? countable : countable.includes(name) ? [name] : [],
  );
  return [...new Set(names)];
}

/**
 * Counts the requested facets.
 * @param documents - the matched documents (pinned ones included).
 * @param matchedSet - the same documents as a bit set, when available (faster for large sets).
 * @param afterDistinct - the documents kept by distinct, computed only if some facet needs them.
 */
export function countFacets(
  state: IndexState,
  query: SearchQuery,
  options: IndexSettings,
  documents: Uint32Array,
  matchedSet: MatchedSet | undefined,
  afterDistinct: () => Uint32Array,
): SearchFacets {
  const facetCounts: Record<string, Record<string, number>> = {};
  const facetStats: Record<string, FacetStats> = {};
  let distinctDocuments: Uint32Array | undefined;
  for (const name of requestedFacets(state, query.facets ?? [])) {
    const column = state.columns.facet(name);
    if (column === undefined) continue;
    const declaredAfter = state.faceting.some(
      (attribute) => attribute.path === name && attribute.afterDistinct,
    );
    const useDistinct = query.facetingAfterDistinct === true || declaredAfter;
    if (useDistinct) distinctDocuments ??= afterDistinct();
    const { counts, stats } = facetResult(
      column,
      useDistinct && distinctDocuments !== undefined ? distinctDocuments : documents,
      options.maxValuesPerFacet,
      options.sortFacetValuesBy,
      useDistinct ? undefined : matchedSet,
    );
    facetCounts[name] = counts;
    if (stats !== undefined) facetStats[name] = stats;
  }
  return { facetCounts, facetStats };
}
