import { searchService } from './search-service.ts';

/**
 * Waits until the storefront has set up the query suggestions of both languages (after its first index sync)
 * and the search service has built them: a suggestion answers `jacke` and `veste`.
 */
export async function waitForSuggestions(timeoutMs = 120_000): Promise<void> {
  const { url, adminHeaders: headers } = searchService();
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
