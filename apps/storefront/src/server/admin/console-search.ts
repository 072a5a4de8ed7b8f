import { productsIndex } from '@vitrine/catalogue/search-settings';
import type { Algoliasearch } from 'algoliasearch';
import { createSearchAdminClient } from '../search/search-admin-client.ts';
import type { ConsoleSearchAccess } from './admin-runtime.ts';
import { ConsoleInputError } from './console-http.ts';

/** The index the console merchandises: the shop's (its replicas receive the rules and synonyms too). */
export const consoleIndex = productsIndex;

/** The official clients the console uses: the admin key's (writes) and the search-only key's (what shoppers see). */
export interface ConsoleClients {
  readonly admin: Algoliasearch;
  readonly shopper: Algoliasearch;
}

/** @throws ConsoleInputError (503) while the storefront knows no key yet. */
export function consoleClients(access: ConsoleSearchAccess): ConsoleClients {
  if (!access.adminKey || !access.searchKey) {
    throw new ConsoleInputError(
      'The storefront has no search keys yet: start the search service or set VITRINE_ADMIN_KEY and VITRINE_SEARCH_KEY',
      503,
    );
  }
  return {
    admin: createSearchAdminClient({ ...access, adminKey: access.adminKey }),
    shopper: createSearchAdminClient({ ...access, adminKey: access.searchKey }),
  };
}

/** A record's product and its name in both languages. */
export interface RecordName {
  readonly en: string;
  readonly fr: string;
  readonly productId: string;
}

/** Names of records (every objectID given), in both languages; a record the index lacks is left out. */
export async function recordNames(
  client: Algoliasearch,
  objectIDs: readonly string[],
): Promise<Record<string, RecordName>> {
  const ids = [...new Set(objectIDs)];
  if (ids.length === 0) return {};
  const { results } = await client.getObjects<{
    name?: unknown;
    nameFr?: unknown;
    productId?: unknown;
  }>({
    requests: ids.map((objectID) => ({
      indexName: consoleIndex,
      objectID,
      attributesToRetrieve: ['name', 'nameFr', 'productId'],
    })),
  });
  const names: Record<string, RecordName> = {};
  for (const [index, record] of results.entries()) {
    const id = ids[index];
    if (!record || id === undefined) continue;
    const en = typeof record.name === 'string' ? record.name : id;
    names[id] = {
      en,
      fr: typeof record.nameFr === 'string' ? record.nameFr : en,
      productId: typeof record.productId === 'string' ? record.productId : id,
    };
  }
  return names;
}

/**
 * Every record of the products these records belong to: hiding one colour of a product must hide the
 * product, not let its next colour take its place (the index has one record per colour, distinct on
 * `productId`).
 */
export async function siblingRecords(
  client: Algoliasearch,
  objectIDs: readonly string[],
): Promise<string[]> {
  if (objectIDs.length === 0) return [];
  const { results } = await client.getObjects<{ productId?: unknown }>({
    requests: objectIDs.map((objectID) => ({
      indexName: consoleIndex,
      objectID,
      attributesToRetrieve: ['productId'],
    })),
  });
  const productIds = [
    ...new Set(
      results.flatMap((record) =>
        typeof record?.productId === 'string' ? [record.productId] : [],
      ),
    ),
  ];
  if (productIds.length === 0) return [...objectIDs];
  const answer = await client.searchSingleIndex({
    indexName: consoleIndex,
    searchParams: {
      query: '',
      filters: productIds.map((id) => `productId:${JSON.stringify(id)}`).join(' OR '),
      distinct: false,
      hitsPerPage: 1000,
      attributesToRetrieve: ['objectID'],
      analytics: false,
      enableRules: false,
    },
  });
  return [...new Set([...objectIDs, ...answer.hits.map((hit) => hit.objectID)])];
}

/** The answer of a read, or `null` when the search service answers 404 (no such rule or synonym). */
export async function unlessMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) return null;
    throw error;
  }
}
