import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Waits until the search service answers searches on the `products` index with the catalogue in it: the
 * stack reports healthy as soon as it listens, and the storefront pushes the index while starting.
 */
export default async function waitForSearchIndex(): Promise<void> {
  const searchUrl = process.env['E2E_SEARCH_URL'] ?? 'http://localhost:7370';
  const dataDir = process.env['E2E_DATA_DIR'];
  const deadline = Date.now() + 180_000;
  let last = 'no attempt yet';
  while (Date.now() < deadline) {
    try {
      const { appId, searchKey } = serviceKeys(dataDir);
      const response = await fetch(`${searchUrl}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': searchKey },
        body: JSON.stringify({ requests: [{ indexName: 'products', query: '', hitsPerPage: 0 }] }),
      });
      const body = (await response.json()) as { results?: { nbHits?: number }[] };
      const hits = body.results?.[0]?.nbHits ?? 0;
      if (response.ok && hits > 0) return;
      last = `HTTP ${response.status}, ${hits} hits`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The products index was not ready on ${searchUrl} after 3 minutes (${last})`);
}

function serviceKeys(dataDir: string | undefined): { appId: string; searchKey: string } {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  const file = JSON.parse(readFileSync(join(dataDir, 'search-service.json'), 'utf8')) as {
    appId: string;
    searchKey: string;
  };
  return { appId: file.appId, searchKey: file.searchKey };
}
