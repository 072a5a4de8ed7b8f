import type { LiteClient } from 'algoliasearch/lite';

type SearchArguments = Parameters<LiteClient['search']>;

/** Adds `analytics: false` to every query of one `search` call, in either of the client's argument shapes. */
function uncounted(requests: SearchArguments[0]): SearchArguments[0] {
  const mark = <T extends object>(request: T) => {
    const params = 'params' in request && typeof request.params === 'object' ? request.params : {};
    return 'params' in request
      ? { ...request, params: { ...params, analytics: false } }
      : { ...request, analytics: false };
  };
  if (Array.isArray(requests)) return requests.map(mark) as SearchArguments[0];
  const { requests: list, ...rest } = requests as { requests: object[] };
  return { ...rest, requests: list.map(mark) } as SearchArguments[0];
}

/**
 * The server's search client for one `getServerState`, whose first search is left out of the merchant's
 * analytics. React InstantSearch renders a page with a two-pass widget (our listings' `DynamicWidgets`) twice
 * on the server: the first pass's search only finds out which facets to mount, the second is the shopper's
 * search, the one the page shows (the browser does not search again). Without this every page load counted
 * as two searches (`e2e/search-analytics-count.spec.ts`).
 */
export function withDiscoveryPassUncounted(client: LiteClient): LiteClient {
  let calls = 0;
  return {
    ...client,
    search(requests, options) {
      calls += 1;
      return client.search(calls === 1 ? uncounted(requests) : requests, options);
    },
  } as LiteClient;
}
