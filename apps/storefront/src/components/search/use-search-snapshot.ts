import type { UiState } from 'instantsearch.js';
import { useCallback, useSyncExternalStore } from 'react';
import { useInstantSearchContext } from 'react-instantsearch';

type SearchResults = NonNullable<
  ReturnType<ReturnType<typeof useInstantSearchContext>['mainIndex']['getResults']>
>;

/*
 * `useInstantSearch()` re-renders its component on every render event of InstantSearch — at least twice
 * per keystroke (the search starting, its results), whatever changed. These hooks read one thing from the
 * instance and re-render only when that thing changes (keystroke-to-results latency, bench/web).
 */

/** The latest results of the main index, followed only while `active` (else `null`). */
export function useLatestResults(active = true): SearchResults | null {
  const search = useInstantSearchContext();
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!active) return () => {};
      search.addListener('render', notify);
      return () => {
        search.removeListener('render', notify);
      };
    },
    [search, active],
  );
  const read = () => (active ? search.mainIndex.getResults() : null);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * A value derived from the main index's UI state (query, refinements), compared with `Object.is`: return a
 * string or a number, not a new object.
 */
export function useIndexUiStateValue<T extends string | number | boolean>(
  select: (indexUiState: UiState[string]) => T,
): T {
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
  const read = () => select(indexUiState(search));
  return useSyncExternalStore(subscribe, read, read);
}

type InstantSearchInstance = ReturnType<typeof useInstantSearchContext>;

const uiStates = new WeakMap<
  InstantSearchInstance,
  { readonly state: object; readonly widgets: number; readonly value: UiState[string] }
>();

/**
 * The main index's UI state, computed once per search state: `getUiState()` asks every widget for its part
 * (copying the state at each step), and each `useIndexUiStateValue` reads it on every render event, several
 * times. The helper's search parameters are immutable: a new state is a new object.
 */
export function indexUiState(search: InstantSearchInstance): UiState[string] {
  const state = search.mainIndex.getHelper()?.state;
  const widgets = search.mainIndex.getWidgets().length;
  const cached = uiStates.get(search);
  if (state && cached?.state === state && cached.widgets === widgets) return cached.value;
  const value = search.getUiState()[search.mainIndex.getIndexId()] ?? {};
  if (state) uiStates.set(search, { state, widgets, value });
  return value;
}
