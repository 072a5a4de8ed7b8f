import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { createSearchAdminClient } from '../../src/server/search/search-admin-client.ts';
import { syncSearchIndex } from '../../src/server/search/sync-search-index.ts';
import { catalogueIndexStore } from './catalogue-index-store.ts';
import { startSearchService } from './search-service.ts';

/**
 * A real search service holding the sample catalogue (both languages' texts), loaded by the storefront's own
 * index sync (records, settings, synonyms of @vitrine/catalogue), and an admin client to search it.
 */
export async function startSampleSearch() {
  const service = await startSearchService();
  const client = createSearchAdminClient({
    url: service.url,
    appId: 'vitrine',
    adminKey: service.adminKey,
  });
  await syncSearchIndex(client, catalogueIndexStore(loadLumaSample()));
  return { client, close: () => service.close() };
}
