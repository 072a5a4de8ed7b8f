import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The running search service of the suite, with the keys it wrote in the data folder. */
export function searchService(): {
  url: string;
  appId: string;
  adminKey: string;
  searchKey: string;
  /** The headers of an admin call. */
  adminHeaders: Record<string, string>;
} {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  const file = JSON.parse(readFileSync(join(dataDir, 'search-service.json'), 'utf8')) as {
    appId: string;
    adminKey: string;
    searchKey: string;
  };
  const adminHeaders = {
    'x-algolia-application-id': file.appId,
    'x-algolia-api-key': file.adminKey,
  };
  return { url: process.env['E2E_SEARCH_URL'] ?? 'http://localhost:7370', ...file, adminHeaders };
}

/** Saves a query rule on the `products` index (Algolia's rule JSON) and waits until it applies. */
export async function saveRule(rule: {
  objectID: string;
  [field: string]: unknown;
}): Promise<void> {
  const { url, adminHeaders: headers } = searchService();
  const response = await fetch(`${url}/1/indexes/products/rules/${rule.objectID}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(rule),
  });
  if (!response.ok) throw new Error(`saving rule ${rule.objectID}: HTTP ${response.status}`);
  const { taskID } = (await response.json()) as { taskID: number };
  await published(taskID, `rule ${rule.objectID}`);
}

/** How often the merchant's analytics counted `query` on the `products` index today, with its mean hit count. */
export async function loggedSearch(query: string): Promise<{ count: number; nbHits: number }> {
  const { url, adminHeaders: headers } = searchService();
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
  const { url, appId, searchKey } = searchService();
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

/** Waits until a write task of the `products` index is published. */
async function published(taskID: number, what: string): Promise<void> {
  const { url, adminHeaders: headers } = searchService();
  for (let attempt = 0; attempt < 50; attempt++) {
    const task = await fetch(`${url}/1/indexes/products/task/${taskID}`, { headers });
    if (((await task.json()) as { status?: string }).status === 'published') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not published`);
}

/**
 * Removes every query rule of `products` and its replicas: a spec that merchandises (pins, hides, buries)
 * leaves the shared stack's results as it found them for the specs after it.
 */
export async function clearRules(): Promise<void> {
  const { url, adminHeaders: headers } = searchService();
  const response = await fetch(`${url}/1/indexes/products/rules/clear?forwardToReplicas=true`, {
    method: 'POST',
    headers,
  });
  if (!response.ok) throw new Error(`clearing the rules: HTTP ${response.status}`);
  await published(((await response.json()) as { taskID: number }).taskID, 'clearing the rules');
}

/** Deletes the synonyms of `products` (and its replicas) that hold the word `word` itself (as input or synonym). */
export async function deleteSynonymsWith(word: string): Promise<void> {
  const { url, adminHeaders: headers } = searchService();
  const found = await fetch(`${url}/1/indexes/products/synonyms/search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: word, hitsPerPage: 100 }),
  });
  if (!found.ok) throw new Error(`searching the synonyms: HTTP ${found.status}`);
  const { hits } = (await found.json()) as {
    hits: { objectID: string; input?: string; synonyms?: string[] }[];
  };
  const holding = hits.filter((hit) => hit.input === word || hit.synonyms?.includes(word));
  for (const { objectID } of holding) await deleteSynonym(objectID);
}

/** Deletes one synonym of `products` (and its replicas). */
export async function deleteSynonym(objectID: string): Promise<void> {
  const { url, adminHeaders: headers } = searchService();
  const response = await fetch(
    `${url}/1/indexes/products/synonyms/${encodeURIComponent(objectID)}?forwardToReplicas=true`,
    { method: 'DELETE', headers },
  );
  if (!response.ok) throw new Error(`deleting synonym ${objectID}: HTTP ${response.status}`);
  await published(((await response.json()) as { taskID: number }).taskID, `deleting ${objectID}`);
}

/** The events the search service stored for `index` (`GET /1/events`, admin key), most recent first. */
export async function listStoredEvents<TEvent>(index: string): Promise<TEvent[]> {
  const { url, adminHeaders: headers } = searchService();
  const response = await fetch(`${url}/1/events?index=${index}&limit=1000`, { headers });
  if (!response.ok) throw new Error(`GET /1/events: HTTP ${response.status}`);
  return ((await response.json()) as { events: TEvent[] }).events;
}
