/**
 * The searches a build runs on a source index, through the same preparation and engine as a shopper's search
 * (the index's settings, rules and synonyms apply) but never logged: how many records a suggestion finds, and its
 * top facet values.
 */
import type { IndexRegistry } from '../indices/index-registry.ts';
import { epochSeconds } from '../protocol/epoch-seconds.ts';
import { noConstraints, prepareSearch } from '../search/prepare-search.ts';
import type { SuggestionsFacet } from './suggestions-config.ts';

export interface FacetValueCount {
  readonly value: string;
  readonly count: number;
}

export interface SuggestionHits {
  readonly nbHits: number;
  /** attribute → its top `amount` values for this query, the most frequent first. */
  readonly facets: { readonly [attribute: string]: readonly FacetValueCount[] };
}

/** Facet values read per attribute for `generate`. */
const generatedValuesPerFacet = 50;

/** Searches `text` on `indexName` (which must exist) in `languages`. */
export function searchSuggestion(
  registry: IndexRegistry,
  indexName: string,
  text: string,
  facets: readonly SuggestionsFacet[],
  languages: readonly string[],
  now: Date,
): SuggestionHits {
  const result = run(
    registry,
    indexName,
    {
      query: text,
      facets: facets.map((facet) => facet.attribute),
      maxValuesPerFacet: Math.max(1, ...facets.map((facet) => facet.amount)),
      ...(languages.length > 0 ? { queryLanguages: [...languages] } : {}),
    },
    now,
  );
  const counted: { [attribute: string]: FacetValueCount[] } = {};
  for (const { attribute, amount } of facets)
    counted[attribute] = topValues(result.facetCounts[attribute] ?? {}, amount);
  return { nbHits: result.totalHits, facets: counted };
}

/** The most frequent values of `attribute` over the whole index (for `generate`). */
export function facetValuesOf(
  registry: IndexRegistry,
  indexName: string,
  attribute: string,
  now: Date,
): string[] {
  const result = run(
    registry,
    indexName,
    {
      query: '',
      facets: [attribute],
      maxValuesPerFacet: generatedValuesPerFacet,
    },
    now,
  );
  return topValues(result.facetCounts[attribute] ?? {}, generatedValuesPerFacet).map(
    (entry) => entry.value,
  );
}

function run(
  registry: IndexRegistry,
  indexName: string,
  params: Record<string, unknown>,
  now: Date,
) {
  const index = registry.require(indexName);
  const prepared = prepareSearch(
    index,
    { ...params, hitsPerPage: 0, analytics: false, clickAnalytics: false },
    { constraints: noConstraints, nowSeconds: epochSeconds(now) },
  );
  return index.search(prepared.query);
}

function topValues(
  counts: { readonly [value: string]: number },
  amount: number,
): FacetValueCount[] {
  return Object.entries(counts)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))
    .slice(0, amount);
}
