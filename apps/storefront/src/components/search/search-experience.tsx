import { productsIndex } from '@vitrine/catalogue/search-settings';
import type { SearchClient } from 'instantsearch.js';
import singletonRouter from 'next/router';
import { useMemo } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';
import type { Locale } from '../../i18n/locale.ts';
import { useConsent } from '../../lib/insights/consent-store.ts';
import { InsightsMiddleware } from '../../lib/insights/instantsearch-insights.ts';
import type { CategoryLookup } from '../../lib/search/category-lookup.ts';
import { pageSearchParameters, stalledSearchDelayMs } from '../../lib/search/search-attributes.ts';
import { createSearchRouting } from '../../lib/search/search-routing.ts';
import { DisposeOnLeave } from './dispose-on-leave.tsx';
import { SearchLayout } from './search-layout.tsx';

export interface SearchExperienceProps {
  readonly searchClient: SearchClient;
  /** The request's full address, for rendering on the server. */
  readonly serverUrl: string;
  readonly locale: Locale;
  readonly listing: 'search' | 'category';
  readonly categories: CategoryLookup;
  readonly unavailable: boolean;
}

/**
 * InstantSearch over the `products` index with the address as its state. Rendered by the page (browser
 * client) and by `getServerState` on the server (server-to-server client): both must mount the same widgets.
 */
export function SearchExperience(props: SearchExperienceProps) {
  const { serverUrl, categories, locale } = props;
  const routing = useMemo(
    () =>
      createSearchRouting({
        singletonRouter,
        serverUrl,
        indexName: productsIndex,
        categories,
        locale,
      }),
    [serverUrl, categories, locale],
  );
  // With the shopper's consent, queries carry clickAnalytics (also on the server, so that the server-rendered
  // results have a queryID) and the anonymous token, and hit clicks become click events; without it, neither.
  const tracked = useConsent().choice === 'accepted';
  return (
    <InstantSearch
      searchClient={props.searchClient}
      indexName={productsIndex}
      routing={routing}
      stalledSearchDelay={stalledSearchDelayMs}
      future={{ preserveSharedStateOnUnmount: true }}
      insights={false}
    >
      <DisposeOnLeave />
      <InsightsMiddleware />
      {/* One hit per product: facet counts count products, not colour variants. */}
      <Configure facetingAfterDistinct clickAnalytics={tracked} {...pageSearchParameters(locale)} />
      <SearchLayout listing={props.listing} unavailable={props.unavailable} />
    </InstantSearch>
  );
}
