import { createHash } from 'node:crypto';
import {
  type CatalogueProduct,
  isPublished,
  type ProductSearchRecord,
  productIndexSettings,
  productSynonyms,
  productsIndex,
  replicaSettings,
  toSearchRecords,
} from '@vitrine/catalogue';
import type { Algoliasearch, IndexSettings } from 'algoliasearch';
import type {
  IndexedMark,
  IndexPageProduct,
  SearchIndexStore,
} from '../store/search-index-state.ts';

export type SearchIndexClient = Pick<
  Algoliasearch,
  | 'getSettings'
  | 'setSettings'
  | 'saveSynonyms'
  | 'waitForTask'
  | 'saveObjects'
  | 'deleteObjects'
  | 'partialUpdateObjects'
  | 'operationIndex'
  | 'deleteIndex'
>;

export interface IndexSyncResult {
  /** `pushed`: records were sent; `unchanged`: the index already held every product's revision. */
  readonly status: 'pushed' | 'unchanged';
  /** True when the whole catalogue was pushed (index missing, or its settings changed). */
  readonly full: boolean;
  /** Products whose records were sent (saved, or partially updated when only their stock changed). */
  readonly products: number;
  readonly records: number;
  /** Records deleted because their product was removed from the store (an import with `--replace`). */
  readonly removed: number;
}

/** How far a sync is: products whose records reached the index, of those it has to send. */
export interface IndexSyncProgress {
  readonly products: number;
  /** Products to send: those the index is behind on, or every product for a full push (never below `products`). */
  readonly total: number;
}

export interface IndexSyncOptions {
  /** Products read, turned into records and pushed at a time (memory stays bounded by it). */
  readonly pageSize?: number;
  /** Called once the sync knows what it has to send, then after each page the index applied. */
  readonly onProgress?: (progress: IndexSyncProgress) => void;
}

/**
 * Counts the products pushed so far against the total known at the start, for `onProgress`; counts nothing
 * (not even the total: a query) when no one follows the sync.
 */
async function progressCounter(
  countTotal: () => Promise<number>,
  onProgress: IndexSyncOptions['onProgress'],
): Promise<(pushed: number) => void> {
  if (!onProgress) return () => {};
  const total = await countTotal();
  let products = 0;
  const report = () => onProgress({ products, total: Math.max(total, products) });
  report();
  return (pushed: number) => {
    products += pushed;
    report();
  };
}

/** Where a full push builds the new records before they replace the live index's (Algolia's replaceAllObjects). */
const rebuildIndex = `${productsIndex}_tmp_sync`;

/**
 * Brings the `products` index (and its sort replicas) in line with the store, page by page:
 *
 * - Incremental (the usual case): only the products whose revision the index does not hold yet. A product
 *   whose records changed only in their stock gets a `partialUpdateObjects` of `inStock`; any other change
 *   a `saveObjects` of its records, and a `deleteObjects` of the colours it lost (all of them once it is
 *   unpublished). Each batch is recorded in
 *   the store once the service has applied it, so an interrupted sync resumes where it stopped.
 * - Full, when the index is missing or its settings (or the record format) changed (`userData.settingsVersion`):
 *   settings, replicas and the shop's synonyms (the merchant's own are kept), then every record into a temporary index that replaces the live one
 *   (searches keep the old records until then), then the version, written last: an interrupted full push
 *   is done again on the next attempt. Then an incremental pass for what changed meanwhile.
 */
export async function syncSearchIndex(
  client: SearchIndexClient,
  store: SearchIndexStore,
  options: IndexSyncOptions = {},
): Promise<IndexSyncResult> {
  const pageSize = options.pageSize ?? 250;
  const primarySettings = toIndexSettings(productIndexSettings);
  const settingsVersion = createHash('sha256')
    .update(
      JSON.stringify({
        primarySettings,
        replicaSettings,
        productSynonyms,
        recordFormat: toSearchRecords(recordFormatProbe),
      }),
    )
    .digest('hex');
  if ((await indexedSettingsVersion(client)) === settingsVersion) {
    const onPage = await progressCounter(() => store.countPendingProducts(), options.onProgress);
    const removed = await applyRemovals(client, store, productsIndex);
    const pushed = await pushPages(client, store, productsIndex, {
      pageSize,
      pendingOnly: true,
      onPage,
    });
    const changed = pushed.products > 0 || removed > 0;
    return { status: changed ? 'pushed' : 'unchanged', full: false, ...pushed, removed };
  }

  const onPage = await progressCounter(() => store.countProducts(), options.onProgress);
  await applySettings(client, productsIndex, primarySettings);
  for (const [indexName, settings] of Object.entries(replicaSettings)) {
    await applySettings(client, indexName, { ranking: [...settings.ranking] });
  }
  const synonyms = await client.saveSynonyms({
    indexName: productsIndex,
    synonymHit: mutableCopy(productSynonyms),
    forwardToReplicas: true,
    // The merchant's own synonyms (merchant console, API) stay: only the shop's are written, by their ids.
    replaceExistingSynonyms: false,
  });
  await client.waitForTask({ indexName: productsIndex, taskID: synonyms.taskID });
  await deleteIndexIfAny(client, rebuildIndex);
  await copyConfiguration(client, productsIndex, rebuildIndex);
  const pushed = await pushPages(client, store, rebuildIndex, {
    pageSize,
    pendingOnly: false,
    onPage,
  });
  await copyConfiguration(client, productsIndex, rebuildIndex);
  const move = await client.operationIndex({
    indexName: rebuildIndex,
    operationIndexParams: { operation: 'move', destination: productsIndex },
  });
  await client.waitForTask({ indexName: rebuildIndex, taskID: move.taskID });
  await applySettings(client, productsIndex, { userData: { settingsVersion } });
  // Products removed while the records were pushed; the rebuilt index holds none of the earlier ones.
  const removed = await applyRemovals(client, store, productsIndex);
  const meanwhile = await pushPages(client, store, productsIndex, {
    pageSize,
    pendingOnly: true,
    onPage,
  });
  return {
    status: 'pushed',
    full: true,
    products: pushed.products + meanwhile.products,
    records: pushed.records + meanwhile.records,
    removed,
  };
}

/**
 * Deletes the records of products removed from the store (`deleteObjects`), 1,000 removals at a time,
 * before any pending product is pushed: a product removed and imported again gets its new records after.
 */
async function applyRemovals(
  client: SearchIndexClient,
  store: SearchIndexStore,
  indexName: string,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const removals = await store.readRemovals(1000);
    if (!removals) return deleted;
    if (removals.objectIds.length > 0) {
      await client.deleteObjects({
        indexName,
        objectIDs: [...removals.objectIds],
        waitForTasks: true,
      });
    }
    await store.clearRemovals(removals.lastId);
    deleted += removals.objectIds.length;
  }
}

/**
 * A product whose records stand for the record format: when `toSearchRecords` derives them differently,
 * the settings version changes and the next sync pushes every record again.
 */
const recordFormatProbe: CatalogueProduct = {
  id: 'PROBE',
  texts: {
    en: { name: 'Probe Jacket', slug: 'probe', description: 'A jacket.' },
    fr: { name: 'Veste sonde', slug: 'sonde', description: 'Une veste.' },
  },
  brand: 'Luma',
  categories: [['Men', 'Tops', 'Jackets']],
  attributes: {
    material: ['Wool'],
    pattern: null,
    climate: [],
    activity: [],
    gender: ['Men'],
    style: [],
    eco: false,
    sale: false,
    new: false,
  },
  variants: [{ sku: 'PROBE-M-Black', color: 'Black', size: 'M', priceCents: 4200, stock: 1 }],
  images: [{ url: '/images/probe.jpg', color: 'Black' }],
  reviews: [{ author: 'A', title: 'T', text: 'X', rating: 4 }],
  related: [],
  upsell: [],
  crossSell: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  popularity: 1,
};

interface PushedCount {
  readonly products: number;
  readonly records: number;
}

/** Streams the store's products (all, or those the index is behind on) to `indexName`, page by page. */
async function pushPages(
  client: SearchIndexClient,
  store: SearchIndexStore,
  indexName: string,
  {
    pageSize,
    pendingOnly,
    onPage,
  }: { pageSize: number; pendingOnly: boolean; onPage: (products: number) => void },
): Promise<PushedCount> {
  let after: string | undefined;
  let products = 0;
  let records = 0;
  for (;;) {
    const page = await store.readIndexPage({ after, limit: pageSize, pendingOnly });
    if (page.length === 0) return { products, records };
    const batch = planBatch(page, { partialUpdates: pendingOnly });
    // Building records is CPU work: let pages and API calls run between two pages of it.
    await new Promise((resolve) => setImmediate(resolve));
    if (batch.deletes.length > 0) {
      await client.deleteObjects({ indexName, objectIDs: batch.deletes, waitForTasks: true });
    }
    if (batch.saves.length > 0) {
      await client.saveObjects({
        indexName,
        objects: batch.saves,
        waitForTasks: true,
        batchSize: 1000,
      });
    }
    if (batch.partials.length > 0) {
      await client.partialUpdateObjects({
        indexName,
        objects: batch.partials,
        createIfNotExists: false,
        waitForTasks: true,
        batchSize: 1000,
      });
    }
    await store.markIndexed(batch.marks);
    products += page.length;
    records += batch.saves.length + batch.partials.length;
    onPage(page.length);
    after = page.at(-1)?.product.id;
  }
}

interface PlannedBatch {
  readonly saves: Record<string, unknown>[];
  readonly partials: { objectID: string; inStock: boolean }[];
  readonly deletes: string[];
  readonly marks: IndexedMark[];
}

/**
 * What to send for a page of products: full records, or only `inStock` when the records the index holds
 * differ from the new ones in their stock alone (orders), and the objectIDs of colours a product lost.
 */
function planBatch(
  page: readonly IndexPageProduct[],
  { partialUpdates }: { partialUpdates: boolean },
): PlannedBatch {
  const batch: PlannedBatch = { saves: [], partials: [], deletes: [], marks: [] };
  for (const { product, indexed } of page) {
    // An unpublished product has no records: the ones the index holds are deleted, and publishing it
    // again saves them (its records hash differs from the empty one's).
    const records = isPublished(product) ? toSearchRecords(product) : [];
    const recordsHash = hashWithoutStock(records);
    const objectIds = records.map((record) => record.objectID);
    if (partialUpdates && indexed.objectIds !== null && indexed.recordsHash === recordsHash) {
      for (const record of records) {
        batch.partials.push({ objectID: record.objectID, inStock: record.inStock });
      }
    } else {
      // A spread is a plain object type, which the client's `Record<string, unknown>` accepts (an interface is not).
      for (const record of records) batch.saves.push({ ...record });
      const kept = new Set(objectIds);
      for (const objectId of indexed.objectIds ?? []) {
        if (!kept.has(objectId)) batch.deletes.push(objectId);
      }
    }
    batch.marks.push({ id: product.id, revision: indexed.revision, recordsHash, objectIds });
  }
  return batch;
}

function hashWithoutStock(records: readonly ProductSearchRecord[]): string {
  const withoutStock = records.map(({ inStock: _inStock, ...rest }) => rest);
  return createHash('sha256').update(JSON.stringify(withoutStock)).digest('hex');
}

async function indexedSettingsVersion(client: SearchIndexClient): Promise<string | undefined> {
  try {
    const settings = await client.getSettings({ indexName: productsIndex });
    const userData: unknown = settings.userData;
    if (typeof userData === 'object' && userData !== null && 'settingsVersion' in userData) {
      return typeof userData.settingsVersion === 'string' ? userData.settingsVersion : undefined;
    }
    return undefined;
  } catch (error) {
    if (httpStatusOf(error) === 404) return undefined;
    throw error;
  }
}

/** Copies the settings, synonyms and rules of `from` to `to` (as `replaceAllObjects` does). */
async function copyConfiguration(client: SearchIndexClient, from: string, to: string) {
  const copy = await client.operationIndex({
    indexName: from,
    operationIndexParams: {
      operation: 'copy',
      destination: to,
      scope: ['settings', 'rules', 'synonyms'],
    },
  });
  await client.waitForTask({ indexName: to, taskID: copy.taskID });
}

async function deleteIndexIfAny(client: SearchIndexClient, indexName: string) {
  try {
    const { taskID } = await client.deleteIndex({ indexName });
    await client.waitForTask({ indexName, taskID });
  } catch (error) {
    if (httpStatusOf(error) !== 404) throw error;
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
