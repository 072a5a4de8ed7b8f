import dynamic from 'next/dynamic';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { categoryAttribute } from '../../lib/search/search-attributes.ts';
import { BreadcrumbWidget } from './breadcrumb-widget.tsx';
import { categoryPathLabel } from './category-label.ts';
import { CurrentRefinementsWidget } from './current-refinements-widget.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { HitsPerPageWidget } from './hits-per-page-widget.tsx';
import { MobileFilters } from './mobile-filters.tsx';
import { QueryRuleBanners } from './query-rule-banners.tsx';
import { SearchBoxWidget } from './search-box-widget.tsx';
import { SearchHead } from './search-head.tsx';
import styles from './search-layout.module.css';
import { SearchResults } from './search-results.tsx';
import { SortByWidget } from './sort-by-widget.tsx';
import { StatsWidget } from './stats-widget.tsx';
import { useListingOutcome } from './use-listing-outcome.ts';
import { useIndexUiStateValue } from './use-search-snapshot.ts';

export interface SearchLayoutProps {
  readonly listing: 'search' | 'category';
  readonly unavailable: boolean;
}

const resultsId = 'search-results';

/** Trending items of the category, under a category listing only (not in the search page's first load). */
const CategoryTrending = dynamic(() => import('../recommend/category-trending.tsx'), {
  ssr: false,
});

/**
 * The listing page: heading and search field, filters in a sidebar (a dialog on small screens), then the
 * toolbar (count, sort, page size), the filters in force, banners and the results.
 */
export function SearchLayout({ listing, unavailable }: SearchLayoutProps) {
  // Re-rendered when the query or the category changes, not on every search's status (keystroke latency).
  const query = useIndexUiStateValue((state) => state.query?.trim() ?? '');
  const category = useIndexUiStateValue(
    (state) => state.hierarchicalMenu?.[categoryAttribute]?.at(-1) ?? '',
  );
  const outcome = useListingOutcome(unavailable);
  const messages = useMessages().search;
  const locale = useLocale();
  // After a failed search the state is the last one that worked, not the query in the field: no query then.
  const shownQuery = outcome === 'failed' ? '' : query;
  const heading = shownQuery
    ? messages.headingWithQuery(shownQuery)
    : category
      ? categoryPathLabel([category], locale)
      : outcome === 'failed'
        ? messages.title
        : messages.heading;
  return (
    // `data-outcome` hides what would describe an older search (failed) or nothing (bare), see the CSS.
    // Hidden, not unmounted: removing widgets would start a search.
    <div className={`container ${styles.page}`} data-outcome={outcome}>
      <SearchHead />
      <div className={styles.top}>
        <BreadcrumbWidget />
        <h1 className={styles.heading}>{heading}</h1>
        <SearchBoxWidget />
      </div>
      <div className={styles.columns}>
        <aside className={styles.sidebar} aria-label={messages.filtersTitle}>
          <h2 className="visually-hidden">{messages.filtersTitle}</h2>
          <FilterPanel />
        </aside>
        <section className={styles.results} id={resultsId} aria-label={messages.title}>
          <div className={styles.toolbar}>
            <div className={styles.mobileFilters}>
              <MobileFilters listing={listing} />
            </div>
            <StatsWidget />
            <div className={styles.controls}>
              <div className={styles.sort}>
                <SortByWidget />
              </div>
              <div className={styles.perPage}>
                <HitsPerPageWidget />
              </div>
            </div>
          </div>
          <div className={styles.stateful}>
            <CurrentRefinementsWidget listing={listing} />
            <QueryRuleBanners />
          </div>
          <SearchResults listing={listing} unavailable={unavailable} anchorId={resultsId} />
        </section>
      </div>
      {listing === 'category' && <CategoryTrending />}
    </div>
  );
}
