import { createSearchAdminClient } from '../../src/server/search/search-admin-client.ts';
import type { SearchTarget } from '../../src/server/search/search-sync.ts';
import type { TestSearchService } from './search-service.ts';

/** The test search service as the index sync connects to it (`createSearchSync`'s `connect`). */
export function searchTargetOf(service: TestSearchService): SearchTarget {
  return {
    client: createSearchAdminClient({
      url: service.url,
      appId: 'vitrine',
      adminKey: service.adminKey,
    }),
    description: service.url,
  };
}
