import { type LiteClient, liteClient } from 'algoliasearch/lite';
import { searchClientOptions } from '../search/search-client.ts';
import type { PublicConfig } from '../site/public-config.ts';

/**
 * How long a recommendations request may take. The lite client's defaults (1 s to the response's headers,
 * 2 s to read it) suit searches typed into a box; recommendation rows load below the fold while the shopper
 * reads, and the first request after the search service starts also builds the models (a few seconds on a
 * busy machine): waiting longer beats an empty page.
 */
const recommendTimeouts = { connect: 5_000, read: 10_000, write: 30_000 };

const clients = new Map<string, LiteClient>();

/**
 * One lite client per search configuration for every recommendation row of the page (product page, cart
 * drawer, home): they share the client's response cache, so a row mounted twice asks the service once.
 * `null` without a search-only key (the rows then render nothing).
 */
export function recommendClient(config: PublicConfig | null): LiteClient | null {
  if (!config?.searchKey) return null;
  const key = JSON.stringify([config.searchUrl, config.appId, config.searchKey]);
  let client = clients.get(key);
  if (!client) {
    const { appId, apiKey, hosts } = searchClientOptions(config);
    client = liteClient(appId, apiKey, {
      timeouts: recommendTimeouts,
      ...(hosts ? { hosts: hosts.map((host) => ({ ...host })) } : {}),
    });
    clients.set(key, client);
  }
  return client;
}

type RecommendationsResponse = Awaited<ReturnType<LiteClient['getRecommendations']>>;
type RecommendationsParams = Parameters<LiteClient['getRecommendations']>[0];

/**
 * A listing's search client whose recommendation requests (a category's trending row, mounted in the
 * listing's InstantSearch) go through `recommend`, the page's shared recommendations client: its longer
 * timeouts cover the first request after the search service starts, which builds the models. A row that
 * still cannot load shows nothing: InstantSearch keeps one status for all its widgets, so a failed row would
 * otherwise put the whole listing, whose results did arrive, in its error state.
 */
export function withRecommendationsApart(
  search: LiteClient,
  recommend: LiteClient | null,
): LiteClient {
  return {
    ...search,
    async getRecommendations(params, options) {
      try {
        return await (recommend ?? search).getRecommendations(params, options);
      } catch (error) {
        console.warn('Recommendations could not be loaded; the row stays empty.', error);
        return noRecommendations(params);
      }
    },
  } as LiteClient;
}

/** One empty answer per request: the rows render their empty state (hidden). */
function noRecommendations(params: RecommendationsParams): RecommendationsResponse {
  const requests = Array.isArray(params) ? params : params.requests;
  return {
    results: requests.map(() => ({
      hits: [],
      nbHits: 0,
      page: 0,
      nbPages: 0,
      hitsPerPage: 0,
      processingTimeMS: 0,
      exhaustiveNbHits: true,
      query: '',
      params: '',
    })),
  } as RecommendationsResponse;
}
