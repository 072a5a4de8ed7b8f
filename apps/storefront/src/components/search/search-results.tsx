import { RotateCcw } from 'lucide-react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { ActionButton } from '../ui/action-button.tsx';
import { LoadingBar } from '../ui/loading-bar.tsx';
import { SearchNotice } from '../ui/search-notice.tsx';
import { HitsWidget } from './hits-widget.tsx';
import { NoResults } from './no-results.tsx';
import { PaginationWidget } from './pagination-widget.tsx';
import styles from './search-layout.module.css';

export interface SearchResultsProps {
  readonly listing: 'search' | 'category';
  /** The server could not reach search: show the error until the browser gets an answer. */
  readonly unavailable: boolean;
  /** Id of the element to bring into view when the page changes. */
  readonly anchorId: string;
}

/**
 * The results, or why there are none: a stalled search shows a loading bar (after 200 ms), a failed one a
 * localized error with a retry, an empty one the no-results help. The hit widgets stay mounted throughout.
 */
export const SearchResults = memo(function SearchResults({
  listing,
  unavailable,
  anchorId,
}: SearchResultsProps) {
  // `catchError`: a failed search is this error state, not also an uncaught error in the console.
  const { status, results, refresh, uiState, setUiState } = useInstantSearch({ catchError: true });
  const messages = useMessages().search;
  // After a failed search InstantSearch puts back the last state that worked; "try again" asks again for
  // what the shopper asked for (the query still in the field), not for that older state.
  const requested = useRef(uiState);
  useEffect(() => {
    if (status !== 'error') requested.current = uiState;
  }, [status, uiState]);
  const retry = () => {
    setUiState(requested.current);
    refresh();
  };
  // The same elements on every render: this block re-renders on each status change of each search
  // (`useInstantSearch`), and React then skips the hits and the pagination, which re-render on their own
  // when their results change.
  const hits = useMemo(
    () => (
      <>
        <HitsWidget />
        <PaginationWidget resultsId={anchorId} />
      </>
    ),
    [anchorId],
  );
  const failed = status === 'error' || (unavailable && results.__isArtificial === true);
  const empty = !failed && !results.__isArtificial && results.nbHits === 0;
  return (
    <div
      className={styles.resultsBody}
      aria-busy={status === 'loading' || status === 'stalled'}
      // The query the shown results answer (benchmarks wait for it to measure keystroke to paint).
      data-results-query={results.__isArtificial ? undefined : results.query}
    >
      {/* The results' own heading: on phones the filters (and their heading) are in a dialog, and the
          product cards' headings would follow the page's h1 directly. */}
      <h2 className="visually-hidden">{messages.title}</h2>
      <LoadingBar active={status === 'stalled'} label={messages.loading} />
      {failed && (
        <SearchNotice
          tone="error"
          title={messages.errorTitle}
          text={messages.errorText}
          actions={
            <ActionButton onClick={retry}>
              <RotateCcw aria-hidden="true" />
              {messages.retry}
            </ActionButton>
          }
        />
      )}
      {empty && <NoResults listing={listing} />}
      <div hidden={failed || empty}>{hits}</div>
    </div>
  );
});
