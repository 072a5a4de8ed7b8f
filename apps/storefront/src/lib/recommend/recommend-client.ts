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
