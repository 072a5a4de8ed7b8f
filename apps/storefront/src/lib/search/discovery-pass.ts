import type { LiteClient } from 'algoliasearch/lite';

type SearchArguments = Parameters<LiteClient['search']>;

/** A query's parameters with `analytics` off, whether they are an object or a URL-encoded string. */
function withoutAnalytics(params: unknown): unknown {
  if (typeof params === 'string') {
    const parsed = new URLSearchParams(params);
    parsed.set('analytics', 'false');
    return parsed.toString();
  }
  return { ...(typeof params === 'object' ? params : {}), analytics: false };
}

/** Every query of one `search` call with `analytics` off, in either of the client's argument shapes. */
function uncounted(requests: SearchArguments[0]): SearchArguments[0] {
  const mark = <T extends object>(request: T) =>
    'params' in request
      ? { ...request, params: withoutAnalytics(request.params) }
      : { ...request, analytics: false };
  if (Array.isArray(requests)) return requests.map(mark) as SearchArguments[0];
  const { requests: list, ...rest } = requests as { requests: object[] };
  return { ...rest, requests: list.map(mark) } as SearchArguments[0];
}

/** The server's search client for one `getServerState`, and what to call once it has finished. */
export interface DiscoveryPassClient {
  readonly client: LiteClient;
  /**
   * Sends the first search again, counted, when it was the only one (the page had no two-pass widget, so
   * there was no discovery pass): every server-rendered page counts once.
   */
  countIfSinglePass(): Promise<void>;
}

/**
 * The server's search client for one `getServerState`, whose first search is left out of the merchant's
 * analytics. React InstantSearch renders a page with a two-pass widget (our listings' `DynamicWidgets`) twice
 * on the server: the first pass's search only finds out which facets to mount, the second is the shopper's
 * search, the one the page shows (the browser does not search again). Without this every page load counted
 * as two searches (`e2e/search-analytics-count.spec.ts`).
 */
export function withDiscoveryPassUncounted(client: LiteClient): DiscoveryPassClient {
  const calls: SearchArguments[] = [];
  const wrapped = {
    ...client,
    search(requests, options) {
      calls.push([requests, options]);
      return client.search(calls.length === 1 ? uncounted(requests) : requests, options);
    },
  } as LiteClient;
  return {
    client: wrapped,
    async countIfSinglePass() {
      const [only] = calls;
      if (calls.length === 1 && only !== undefined) await client.search(...only);
    },
  };
}
