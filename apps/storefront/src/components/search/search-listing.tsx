import { useEffect, useMemo } from 'react';
import { InstantSearchSSRProvider } from 'react-instantsearch';
import { useLocale } from '../../i18n/i18n-context.tsx';
import { recommendClient, withRecommendationsApart } from '../../lib/recommend/recommend-client.ts';
import { createCategoryLookup } from '../../lib/search/category-lookup.ts';
import { createSearchClient } from '../../lib/search/search-client.ts';
import type { PublicConfig } from '../../lib/site/public-config.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { SearchExperience } from './search-experience.tsx';
import type { SearchScreenProps } from './search-screen.tsx';

export interface SearchListingProps extends Omit<SearchScreenProps, 'locale'> {
  /** With a search-only key (the page shows its error state without one). */
  readonly publicConfig: PublicConfig;
  /** Called once the listing has mounted or hydrated (it then responds to the shopper). */
  readonly onReady?: () => void;
}

/**
 * The listing with InstantSearch, the client and the server's first results: the part of the search page
 * that `search-screen.tsx` loads on its own (`React.lazy` in an `<Activity>`), after the page's first
 * scripts.
 */
export default function SearchListing({
  listing,
  serverUrl,
  serverState,
  publicConfig,
  onReady,
}: SearchListingProps) {
  useEffect(() => onReady?.(), [onReady]);
  const { navigation } = useSiteData();
  const locale = useLocale();
  const categories = useMemo(() => createCategoryLookup(navigation), [navigation]);
  const searchClient = useMemo(
    () => withRecommendationsApart(createSearchClient(publicConfig), recommendClient(publicConfig)),
    [publicConfig],
  );
  return (
    <InstantSearchSSRProvider {...(serverState ?? {})}>
      <SearchExperience
        searchClient={searchClient}
        serverUrl={serverUrl}
        locale={locale}
        listing={listing}
        categories={categories}
        unavailable={serverState === null}
      />
    </InstantSearchSSRProvider>
  );
}
