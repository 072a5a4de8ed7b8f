import { productsIndex } from '@vitrine/catalogue/search-settings';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { InstantSearch } from 'react-instantsearch';
import { InsightsMiddleware } from '../../lib/insights/instantsearch-insights.ts';
import { recommendClient } from '../../lib/recommend/recommend-client.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';

/**
 * InstantSearch over the `products` index for recommendation rows only: no routing and no search widget, so
 * InstantSearch sends one `POST /1/indexes/*\/recommendations` for all the rows inside and no search request.
 * Renders nothing without a search-only key; events of the rows go through the page's insights client.
 */
export function RecommendProvider({ children, fallback }: RecommendProviderProps) {
  const { publicConfig } = useSiteData();
  const searchClient = recommendClient(publicConfig);
  const [started, setStarted] = useState(false);
  if (!searchClient) return null;
  return (
    <>
      {!started && fallback}
      <InstantSearch
        searchClient={searchClient}
        indexName={productsIndex}
        insights={false}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <Started onStart={setStarted} />
        <InsightsMiddleware />
        {children}
      </InstantSearch>
    </>
  );
}

export interface RecommendProviderProps {
  readonly children: ReactNode;
  /**
   * Drawn until InstantSearch starts, which happens only in the browser after hydration (it renders nothing
   * before): the rows' placeholders, so that the server-rendered page keeps their room.
   */
  readonly fallback?: ReactNode;
}

/** Tells the provider, before the browser paints, that InstantSearch renders its children. */
function Started({ onStart }: { onStart: (started: true) => void }) {
  useLayoutEffect(() => onStart(true), [onStart]);
  return null;
}
