import { useMemo } from 'react';
import type { InstantSearchServerState } from 'react-instantsearch';
import { InstantSearchSSRProvider } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { createCategoryLookup } from '../../lib/search/category-lookup.ts';
import { createSearchClient } from '../../lib/search/search-client.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { SearchNotice } from '../ui/search-notice.tsx';
import { SearchExperience } from './search-experience.tsx';

/** What the listing pages receive from `searchServerSideProps` / `categoryServerSideProps`. */
export interface SearchScreenProps {
  readonly locale: Locale;
  readonly listing: 'search' | 'category';
  /** The request's full address (InstantSearch's router reads the state from it on the server). */
  readonly serverUrl: string;
  /** The first page of results, fetched by the server; `null` when the search service was unavailable. */
  readonly serverState: InstantSearchServerState | null;
}

/** The search page and the category listings: the same screen, in the page's language. */
export function SearchScreen({ listing, serverUrl, serverState }: SearchScreenProps) {
  const { publicConfig, navigation } = useSiteData();
  const locale = useLocale();
  const messages = useMessages().search;
  const categories = useMemo(() => createCategoryLookup(navigation), [navigation]);
  const searchClient = useMemo(
    () => (publicConfig?.searchKey ? createSearchClient(publicConfig) : null),
    [publicConfig],
  );
  if (!searchClient) {
    return (
      <div className="container">
        <SearchNotice tone="error" title={messages.errorTitle} text={messages.errorText} />
      </div>
    );
  }
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
