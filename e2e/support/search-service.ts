import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The running search service of the suite, with the admin key it wrote in the data folder. */
function service(): { url: string; appId: string; adminKey: string; searchKey: string } {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  const file = JSON.parse(readFileSync(join(dataDir, 'search-service.json'), 'utf8')) as {
    appId: string;
    adminKey: string;
    searchKey: string;
  };
  return { url: process.env['E2E_SEARCH_URL'] ?? 'http://localhost:7370', ...file };
}

/** Saves a query rule on the `products` index (Algolia's rule JSON) and waits until it applies. */
export async function saveRule(rule: {
  objectID: string;
  [field: string]: unknown;
}): Promise<void> {
  const { url, appId, adminKey } = service();
  const headers = { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey };
  const response = await fetch(`${url}/1/indexes/products/rules/${rule.objectID}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(rule),
  });
  if (!response.ok) throw new Error(`saving rule ${rule.objectID}: HTTP ${response.status}`);
  const { taskID } = (await response.json()) as { taskID: number };
  for (let attempt = 0; attempt < 50; attempt++) {
    const task = await fetch(`${url}/1/indexes/products/task/${taskID}`, { headers });
    if (((await task.json()) as { status?: string }).status === 'published') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`rule ${rule.objectID} was not published`);
}

/** How often the merchant's analytics counted `query` on the `products` index today, with its mean hit count. */
export async function loggedSearch(query: string): Promise<{ count: number; nbHits: number }> {
  const { url, appId, adminKey } = service();
  const headers = { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey };
  const response = await fetch(`${url}/2/searches?index=products&limit=1000`, { headers });
  if (!response.ok) throw new Error(`GET /2/searches: HTTP ${response.status}`);
  const { searches } = (await response.json()) as {
    searches: { search: string; count: number; nbHits: number }[];
  };
  const entry = searches.find((search) => search.search === query.toLowerCase());
  return { count: entry?.count ?? 0, nbHits: entry?.nbHits ?? 0 };
}

/**
 * Slugs of the products of one category (`categories.lvl2:Men > Tops > Jackets`), asked of the search service:
 * the English ones, or the French ones with `slugFr`.
 */
export async function slugsOfCategory(
  facet: string,
  slugAttribute: 'slug' | 'slugFr' = 'slug',
): Promise<Set<string>> {
  const { url, appId, searchKey } = service();
  const response = await fetch(`${url}/1/indexes/products/query`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': searchKey },
    body: JSON.stringify({
      facetFilters: [facet],
      hitsPerPage: 1000,
      attributesToRetrieve: [slugAttribute],
    }),
  });
  const { hits } = (await response.json()) as { hits: Record<string, string>[] };
  return new Set(hits.map((hit) => hit[slugAttribute] ?? ''));
}
