import { useCallback, useState } from 'react';
import { useInstantSearch } from 'react-instantsearch';

/** What a recommendation row shows: placeholders until its model answered, then its items or nothing. */
export type RowState = 'loading' | 'empty' | 'ready';

/**
 * The state of one recommendation row. Pass `transformItems` to the row's hook: InstantSearch calls it only
 * once the row's model has answered, which tells "no answer yet" (placeholders, also in the server render)
 * from "answered with no items" (the row renders nothing). A failed request also renders nothing.
 */
export function useRowState<T>(): {
  stateOf: (count: number) => RowState;
  transformItems: (items: T[], metadata: { results: unknown }) => T[];
} {
  // A failed recommendations request only hides the rows: caught here, not thrown as an uncaught error.
  const { status } = useInstantSearch({ catchError: true });
  const [answered, setAnswered] = useState(false);
  const transformItems = useCallback((items: T[], { results }: { results: unknown }) => {
    // A widget's first render state is computed from the index's search results (artificial empty ones
    // before any search): only the model's own answer counts. Called while InstantSearch renders its
    // widgets: record it after that render.
    if (isRecommendAnswer(results)) queueMicrotask(() => setAnswered(true));
    return items;
  }, []);
  const stateOf = (count: number): RowState =>
    count > 0 ? 'ready' : answered || status === 'error' ? 'empty' : 'loading';
  return { stateOf, transformItems };
}

/** One model's raw answer (`{ hits, … }`), as opposed to search results (`_rawResults`) or artificial ones. */
function isRecommendAnswer(results: unknown): boolean {
  if (typeof results !== 'object' || results === null) return false;
  const fields = results as { __isArtificial?: unknown; _rawResults?: unknown; hits?: unknown };
  return (
    fields.__isArtificial !== true && fields._rawResults === undefined && Array.isArray(fields.hits)
  );
}
