import type { UiState } from 'instantsearch.js';
import { useCallback, useSyncExternalStore } from 'react';
import { useInstantSearchContext } from 'react-instantsearch';
import { indexUiState } from './use-search-snapshot.ts';

/**
 * What the listing shows, for the parts around the results (heading, count, filters):
 * - `failed`: the last search failed (or the server could not search and the browser has no answer yet).
 *   InstantSearch then puts back the last state that worked, with its results: the heading, the count and
 *   the filters would describe an older search than the one in the field, so they give way to the error.
 * - `bare`: nothing matched and no filter is in force: there is no filter to show, the results take the
 *   whole width.
 * - `results`: anything else.
 */
export type ListingOutcome = 'results' | 'failed' | 'bare';

/**
 * The listing's outcome, re-rendering its component only when it changes (not on each search's status:
 * keystroke latency, bench/web).
 * @param unavailable the server could not reach the search service.
 */
export function useListingOutcome(unavailable: boolean): ListingOutcome {
  const search = useInstantSearchContext();
  const subscribe = useCallback(
    (notify: () => void) => {
      search.addListener('render', notify);
      return () => {
        search.removeListener('render', notify);
      };
    },
    [search],
  );
  const read = (): ListingOutcome => {
    const results = search.mainIndex.getResults();
    if (search.status === 'error' || (unavailable && !results)) return 'failed';
    if (results?.nbHits === 0 && !hasRefinements(indexUiState(search))) return 'bare';
    return 'results';
  };
  return useSyncExternalStore(subscribe, read, read);
}

/** A filter of the listing is in force (the query, the sort and the page size are not filters). */
function hasRefinements(state: UiState[string]): boolean {
  const lists = [state.refinementList, state.hierarchicalMenu];
  return (
    lists.some((refinements) =>
      Object.values(refinements ?? {}).some((values) => values.length > 0),
    ) ||
    Object.values(state.menu ?? {}).some(Boolean) ||
    Object.values(state.range ?? {}).some((range) => range !== '' && range !== ':') ||
    Object.values(state.toggle ?? {}).some(Boolean)
  );
}
