import { useState } from 'react';
import type { useRefinementList } from 'react-instantsearch';
import { useLocale } from '../../i18n/i18n-context.tsx';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { type FacetValue, type LabelMatch, matchFacetLabels } from './facet-value-search.ts';
import { useLatestResults } from './use-search-snapshot.ts';

type RefinementList = ReturnType<typeof useRefinementList>;

export interface FacetSearch {
  /** What the shopper typed in the facet's search field. */
  readonly query: string;
  /** Whether the list shows search results rather than the facet's top values. */
  readonly searching: boolean;
  /** On a page whose labels are not the keys: the values whose label matches (see facet-value-search.ts). */
  readonly labelMatches: readonly LabelMatch[] | null;
  readonly change: (query: string) => void;
  /** Empties the search (after a value is chosen). */
  readonly reset: () => void;
}

/**
 * The search field of a facet, in the page's language: the service's facet-value search on the English
 * page (the indexed keys are the labels), the French labels of the values in the response on the French
 * page (facet-value-search.ts explains why).
 */
export function useFacetSearch(attribute: string, list: RefinementList): FacetSearch {
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const byLabel = locale !== 'en';
  const typed = query.trim() !== '';
  // Followed only while searching by label, so that the facet does not re-render for every search.
  const results = useLatestResults(byLabel && typed);
  const labelMatches =
    byLabel && typed ? matchFacetLabels(facetValues(results, attribute), query, locale) : null;
  // Of constant identity, for the memoised field (memo-by-value.ts).
  const change = useLatestCallback((next: string) => {
    setQuery(next);
    if (!byLabel) list.searchForItems(next);
  });
  return {
    query,
    searching: byLabel ? typed : list.isFromSearch,
    labelMatches,
    change,
    reset: () => {
      if (query === '') return;
      setQuery('');
      if (!byLabel) list.searchForItems('');
    },
  };
}

/** Every value of the facet in the results (disjunctive counts for an "or" facet). */
function facetValues(
  results: ReturnType<typeof useLatestResults>,
  attribute: string,
): FacetValue[] {
  if (!results) return [];
  const values = results.getFacetValues(attribute, { sortBy: ['count:desc', 'name:asc'] });
  return Array.isArray(values)
    ? values.map((value) => ({ value: value.name, count: value.count, isRefined: value.isRefined }))
    : [];
}
