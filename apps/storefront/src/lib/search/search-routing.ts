import type { UiState } from 'instantsearch.js';
import type { RouterProps } from 'instantsearch.js/es/middlewares/createRouterMiddleware';
import type { SingletonRouter } from 'next/router';
import { createInstantSearchRouterNext } from 'react-instantsearch-router-nextjs';
import type { Locale } from '../../i18n/locale.ts';
import { holdAddressWrites } from './address-writes.ts';
import type { CategoryLookup } from './category-lookup.ts';
import { addressWriteDelayMs } from './search-attributes.ts';
import {
  parseSearchAddress,
  routeStateFromUiState,
  type SearchRouteState,
  searchAddress,
  uiStateFromRouteState,
} from './url-state.ts';

export interface SearchRoutingOptions {
  readonly singletonRouter: SingletonRouter;
  /** The full address of the request, when rendering on the server. */
  readonly serverUrl: string;
  readonly indexName: string;
  readonly categories: CategoryLookup;
  /** The page's language, for an address that is not a listing page (none should reach here). */
  readonly locale: Locale;
}

/**
 * InstantSearch's routing for the listing pages: Next's router (shallow pushes, back/forward without a server
 * round trip on the same page), the address written 400 ms after the last change unless the shopper leaves
 * meanwhile (`address-writes.ts`), and the address format of `url-state.ts`. Addresses are absolute, as the
 * history router compares them with `location.href`.
 */
export function createSearchRouting(
  options: SearchRoutingOptions,
): RouterProps<UiState, SearchRouteState> {
  const { categories, indexName } = options;
  const router = createInstantSearchRouterNext<SearchRouteState>({
    singletonRouter: options.singletonRouter,
    serverUrl: options.serverUrl,
    // Called once InstantSearch starts, after `hold` below is set.
    beforeStart: () => hold.start(),
    beforeDispose: () => hold.stop(),
    routerOptions: {
      // The delay is the hold's.
      writeDelay: 0,
      // The search page keeps its state when InstantSearch unmounts (e.g. going to a product page).
      cleanUrlOnDispose: false,
      createURL: ({ routeState, location }) => {
        const { page } = parseSearchAddress(location, categories);
        const path = searchAddress(
          routeState,
          page ?? { locale: options.locale, kind: 'search' },
          categories,
        );
        return `${location.origin}${path}`;
      },
      parseURL: ({ location }) => parseSearchAddress(location, categories).route,
    },
  });
  const hold = holdAddressWrites(router, options.singletonRouter, addressWriteDelayMs);
  return {
    router,
    stateMapping: {
      stateToRoute: (uiState) => routeStateFromUiState(uiState, indexName),
      routeToState: (routeState) => uiStateFromRouteState(routeState, indexName),
    },
  };
}
