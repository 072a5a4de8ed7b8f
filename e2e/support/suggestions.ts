import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The suite's search service and its admin key (written in the data folder). */
export function searchService(): { url: string; headers: Record<string, string> } {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  const { appId, adminKey } = JSON.parse(
    readFileSync(join(dataDir, 'search-service.json'), 'utf8'),
  ) as { appId: string; adminKey: string };
  const url = process.env['E2E_SEARCH_URL'] ?? 'http://localhost:7370';
  return { url, headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey } };
}

/**
 * Waits until the storefront has set up the query suggestions of both languages (after its first index sync)
 * and the search service has built them: a suggestion answers `jacke` and `veste`.
 */
export async function waitForSuggestions(timeoutMs = 120_000): Promise<void> {
  const { url, headers } = searchService();
  const deadline = Date.now() + timeoutMs;
  const answers = async (locale: string, query: string) => {
    const response = await fetch(`${url}/1/indexes/products_query_suggestions_${locale}/query`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, hitsPerPage: 1 }),
    }).catch(() => undefined);
    if (!response?.ok) return false;
    return ((await response.json()) as { nbHits?: number }).nbHits !== 0;
  };
  while (Date.now() < deadline) {
    if ((await answers('en', 'jacke')) && (await answers('fr', 'veste'))) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the query suggestions were not built in time');
}
