import { createHash } from 'node:crypto';
import {
  type CatalogueProduct,
  productIndexSettings,
  productSynonyms,
  productsIndex,
  replicaSettings,
  toSearchRecords,
} from '@vitrine/catalogue';
import type { Algoliasearch, IndexSettings } from 'algoliasearch';

export type SearchIndexClient = Pick<
  Algoliasearch,
  'getSettings' | 'setSettings' | 'saveSynonyms' | 'waitForTask' | 'replaceAllObjects'
>;

export interface IndexSyncResult {
  /** `pushed`: settings and records were sent; `unchanged`: the index already held this version. */
  readonly status: 'pushed' | 'unchanged';
  readonly version: string;
  readonly records: number;
}

/**
 * Brings the `products` index (and its sort replicas) in line with the catalogue: settings, synonyms (they
 * replace the index's and its replicas' synonyms), then every
 * record through `replaceAllObjects` (searches keep being answered from the old records until the swap),
 * then the pushed version in the primary's `userData.catalogueVersion`. The version covers the records and
 * the settings and synonyms, so a restart with the same catalogue and code sends nothing.
 */
export async function syncSearchIndex(
  client: SearchIndexClient,
  catalogue: readonly CatalogueProduct[],
): Promise<IndexSyncResult> {
  const records = catalogue.flatMap((product) => toSearchRecords(product));
  const primarySettings = toIndexSettings(productIndexSettings);
  const version = createHash('sha256')
    .update(JSON.stringify({ primarySettings, replicaSettings, productSynonyms, records }))
    .digest('hex');
  if ((await pushedVersion(client)) === version)
    return { status: 'unchanged', version, records: records.length };

  await applySettings(client, productsIndex, primarySettings);
  for (const [indexName, settings] of Object.entries(replicaSettings)) {
    await applySettings(client, indexName, { ranking: [...settings.ranking] });
  }
  const synonyms = await client.saveSynonyms({
    indexName: productsIndex,
    synonymHit: mutableCopy(productSynonyms),
    forwardToReplicas: true,
    replaceExistingSynonyms: true,
  });
  await client.waitForTask({ indexName: productsIndex, taskID: synonyms.taskID });
  // A spread is a plain object type, which the client's `Record<string, unknown>` accepts (an interface is not).
  const objects = records.map((record) => ({ ...record }));
  await client.replaceAllObjects({ indexName: productsIndex, objects, batchSize: 1000 });
  // Written last: an interrupted push leaves the old version, so the next start pushes again.
  await applySettings(client, productsIndex, { userData: { catalogueVersion: version } });
  return { status: 'pushed', version, records: records.length };
}

async function pushedVersion(client: SearchIndexClient): Promise<string | undefined> {
  try {
    const settings = await client.getSettings({ indexName: productsIndex });
    const userData: unknown = settings.userData;
    if (typeof userData === 'object' && userData !== null && 'catalogueVersion' in userData) {
      return typeof userData.catalogueVersion === 'string' ? userData.catalogueVersion : undefined;
    }
    return undefined;
  } catch (error) {
    if (httpStatusOf(error) === 404) return undefined;
    throw error;
  }
}

async function applySettings(
  client: SearchIndexClient,
  indexName: string,
  indexSettings: IndexSettings,
) {
  const { taskID } = await client.setSettings({ indexName, indexSettings });
  await client.waitForTask({ indexName, taskID });
}

type Mutable<T> = T extends readonly (infer TItem)[]
  ? Mutable<TItem>[]
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;

/**
 * Our settings are declared `as const` (readonly arrays) and the client's type wants mutable ones: a deep
 * copy may drop `readonly`, and TypeScript still checks the copy against the client's `IndexSettings`.
 */
function toIndexSettings(settings: typeof productIndexSettings): IndexSettings {
  return mutableCopy(settings);
}

function mutableCopy<T>(value: T): Mutable<T> {
  return structuredClone(value) as Mutable<T>;
}

/** The HTTP status of an `ApiError` from the official client, without importing its transitive package. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof Error && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}
