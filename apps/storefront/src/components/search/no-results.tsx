import { productsIndex } from '@vitrine/catalogue/search-settings';
import dynamic from 'next/dynamic';
import {
  Configure,
  Index,
  useClearRefinements,
  useHits,
  useInstantSearch,
  useSearchBox,
} from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { ActionButton } from '../ui/action-button.tsx';
import { SearchNotice } from '../ui/search-notice.tsx';
import { excludedFromClearing } from './current-refinements-widget.tsx';
import { HitsWidget } from './hits-widget.tsx';
import styles from './search-layout.module.css';

/** Trending items, loaded only when a search finds nothing (kept out of the search page's first load). */
const NoResultsTrending = dynamic(() => import('../recommend/no-results-trending.tsx'), {
  ssr: false,
});

/** Index id of the relaxed search offered when nothing matches: the query without its last words. */
export const relaxedIndexId = 'relaxed';
/** The second offer, when dropping the last words finds nothing: the query without its first words. */
const relaxedFirstWordsIndexId = 'relaxed-first-words';

/**
 * Nothing matched: says so, offers to clear the filters or the search in one click, and, for a query of
 * several words, shows what the same search finds once the last words are dropped (`removeWordsIfNoResults`),
 * or, when that finds nothing either ("xyzzy jacket"), once the first words are.
 */
export function NoResults({ listing }: { listing: 'search' | 'category' }) {
  const messages = useMessages().search;
  const { query, refine } = useSearchBox();
  const clear = useClearRefinements({ excludedAttributes: excludedFromClearing(listing) });
  const severalWords = query.trim().split(/\s+/).length > 1;
  const hasQuery = query.trim() !== '';
  const { scopedResults } = useInstantSearch();
  const lastWordsFound =
    (scopedResults.find((scoped) => scoped.indexId === relaxedIndexId)?.results?.nbHits ?? 0) > 0;
  return (
    <SearchNotice
      tone="empty"
      title={messages.noResultsTitle(query)}
      text={messages.noResultsText}
      actions={
        clear.canRefine || hasQuery ? (
          <>
            {clear.canRefine && (
              <ActionButton onClick={clear.refine}>{messages.clearFilters}</ActionButton>
            )}
            {hasQuery && (
              <ActionButton
                variant={clear.canRefine ? 'secondary' : 'primary'}
                onClick={() => refine('')}
              >
                {messages.searchReset}
              </ActionButton>
            )}
          </>
        ) : undefined
      }
    >
      {severalWords && (
        <>
          <RelaxedOffer indexId={relaxedIndexId} removeWords="lastWords" onSearch={refine} />
          {/* Sent in the same call as the first offer, shown only when that one found nothing. */}
          <RelaxedOffer
            indexId={relaxedFirstWordsIndexId}
            removeWords="firstWords"
            onSearch={refine}
            hidden={lastWordsFound}
          />
        </>
      )}
      <NoResultsTrending />
    </SearchNotice>
  );
}

/**
 * The same search with words dropped (`removeWords`), in an index of its own. An offer beside the shopper's
 * search, not a search of theirs: not in the merchant's analytics.
 */
function RelaxedOffer({
  indexId,
  removeWords,
  onSearch,
  hidden = false,
}: {
  indexId: string;
  removeWords: 'lastWords' | 'firstWords';
  onSearch: (query: string) => void;
  hidden?: boolean;
}) {
  return (
    <Index indexName={productsIndex} indexId={indexId}>
      <Configure removeWordsIfNoResults={removeWords} hitsPerPage={8} page={0} analytics={false} />
      <RelaxedResults onSearch={onSearch} hidden={hidden} />
    </Index>
  );
}

/**
 * Results of a relaxed search; `onSearch` runs a query on the main results. `hidden` keeps its widgets
 * mounted (mounting one makes InstantSearch search every index again) without showing them.
 */
function RelaxedResults({
  onSearch,
  hidden = false,
}: {
  onSearch: (query: string) => void;
  hidden?: boolean;
}) {
  const { results } = useHits();
  const messages = useMessages().search;
  if (hidden || !results || results.__isArtificial || results.nbHits === 0) return null;
  const shorter = (results as { queryAfterRemoval?: unknown }).queryAfterRemoval;
  const shorterQuery =
    typeof shorter === 'string' && shorter.trim() !== '' ? stripTags(shorter) : undefined;
  return (
    <section className={styles.relaxed} aria-labelledby="relaxed-title">
      <div className={styles.relaxedHead}>
        <h3 id="relaxed-title">
          {shorterQuery ? messages.relaxedTitle(shorterQuery) : messages.relaxedGeneric}
        </h3>
        {shorterQuery && (
          <ActionButton variant="secondary" onClick={() => onSearch(shorterQuery)}>
            {messages.searchInstead(shorterQuery)}
          </ActionButton>
        )}
      </div>
      <HitsWidget />
    </section>
  );
}

/** Algolia marks removed words (`red jacket <em>xyz</em>`); keep the words that were searched. */
function stripTags(marked: string): string {
  return marked
    .replace(/<em>.*?<\/em>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
