import { productsIndex } from '@vitrine/catalogue';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { recordingLogger } from '../../../test/support/recording-logger.ts';
import { startSearchService } from '../../../test/support/search-service.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { newCartId } from '../commerce/cart-cookie.ts';
import { createSearchAdminClient } from './search-admin-client.ts';
import { createSearchSync, type SearchSync } from './search-sync.ts';
import type { SearchIndexClient } from './sync-search-index.ts';
import { withSearchUpdates } from './with-search-updates.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_incremental_sync');
const service = await startSearchService();
const syncs: SearchSync[] = [];
afterAll(async () => {
  await Promise.all(syncs.map((sync) => sync.stop()));
  await Promise.all([...stores.map(({ store }) => store.close()), service.close()]);
});

const client = () =>
  createSearchAdminClient({ url: service.url, appId: 'vitrine', adminKey: service.adminKey });

/** The real client, except that its `saveObjects` fails from the `failAt`-th call on: the process "dies" there. */
function crashingClient(failAt: number): SearchIndexClient {
  const real = client();
  let calls = 0;
  return {
    ...real,
    saveObjects: (...args: Parameters<typeof real.saveObjects>) => {
      calls += 1;
      if (calls >= failAt) return Promise.reject(new Error('the storefront process stopped'));
      return real.saveObjects(...args);
    },
  };
}

/** The real client, noting which of its record-writing helpers the sync called. */
function recordingClient(calls: string[]): SearchIndexClient {
  const real = client();
  return {
    ...real,
    saveObjects: (...args: Parameters<typeof real.saveObjects>) => {
      calls.push('saveObjects');
      return real.saveObjects(...args);
    },
    partialUpdateObjects: (...args: Parameters<typeof real.partialUpdateObjects>) => {
      calls.push('partialUpdateObjects');
      return real.partialUpdateObjects(...args);
    },
  };
}

const products = ['MJ01', 'MJ02', 'MJ03', 'MJ04', 'MJ05', 'MJ06'].map((id) => makeProduct(id));

/** The product `id` in two colours (one record each). */
function inBlackAndRed(id: string) {
  return makeProduct(id, {
    variants: [
      { sku: `${id}-M-Black`, color: 'Black', size: 'M', priceCents: 7900, stock: 3 },
      { sku: `${id}-M-Red`, color: 'Red', size: 'M', priceCents: 7900, stock: 3 },
    ],
  });
}

async function indexedNames(): Promise<Record<string, unknown>> {
  const records = await service.records(productsIndex);
  return Object.fromEntries(records.map((record) => [record.objectID, record['name']]));
}

describe.each(stores)('the incremental search sync on $engine', ({ store, reset }) => {
  const syncWith = (target: () => SearchIndexClient) => {
    const sync = createSearchSync({
      store,
      connect: () => ({ client: target(), description: service.url }),
      logger: recordingLogger(),
      pageSize: 2,
      retryDelaysMs: [600_000],
    });
    syncs.push(sync);
    return sync;
  };

  beforeEach(async () => {
    await reset();
    await service.deleteAllIndices();
    await store.upsertProducts(products);
  });

  it('shows a variant an order sold out as out of stock in search, with a partial update', async () => {
    const calls: string[] = [];
    const sync = syncWith(() => recordingClient(calls));
    await sync.requestSync();
    calls.length = 0;
    const shop = withSearchUpdates(store, sync);
    const cartId = newCartId();
    // MJ03 Black: 12 in M (the one the shopper buys entirely), none in L.
    await shop.setCartQuantity(cartId, 'MJ03-M-Black', 12);
    const placed = await shop.placeOrder({
      id: 'a'.repeat(32),
      idempotencyKey: 'order-last-units',
      requestHash: 'h',
      cartId,
      email: 'ana@example.com',
      details: {},
      paymentMethod: 'pay_on_delivery',
    });
    expect(placed.status).toBe('placed');
    const inStock = async () =>
      (await service.records(productsIndex)).find((record) => record.objectID === 'MJ03-Black')?.[
        'inStock'
      ];
    await expect.poll(inStock, { timeout: 5_000, interval: 100 }).toBe(false);
    expect(calls).toEqual(['partialUpdateObjects']);
    expect(await sync.requestSync()).toMatchObject({ status: 'unchanged' });
  });

  it('sends only the products an import changed', async () => {
    const sync = syncWith(client);
    expect(await sync.requestSync()).toMatchObject({ full: true, products: 6, records: 6 });
    await store.upsertProducts([...products.slice(0, 5), makeProduct('MJ06', { name: 'Gale' })]);
    expect(await sync.requestSync()).toMatchObject({ full: false, products: 1, records: 1 });
    expect((await indexedNames())['MJ06-Black']).toBe('Gale');
  });

  it('deletes the record of a colour a product no longer comes in', async () => {
    await store.upsertProducts([inBlackAndRed('MJ01')]);
    const sync = syncWith(client);
    await sync.requestSync();
    expect(Object.keys(await indexedNames())).toContain('MJ01-Red');
    await store.upsertProducts([makeProduct('MJ01')]);
    await sync.requestSync();
    expect(Object.keys(await indexedNames()).sort()).toEqual(
      products.map((product) => `${product.id}-Black`),
    );
  });

  it("takes an unpublished product's records out of the index, and puts them back when it is published again", async () => {
    await store.upsertProducts([inBlackAndRed('MJ02')]);
    const sync = syncWith(client);
    await sync.requestSync();
    expect(Object.keys(await indexedNames())).toEqual(
      expect.arrayContaining(['MJ02-Black', 'MJ02-Red']),
    );
    const versionBefore = await store.catalogueVersion();
    const [stored] = await store.getProductsByIds(['MJ02']);
    await store.upsertProducts([{ ...stored!, published: false }]);
    expect(await store.catalogueVersion()).not.toBe(versionBefore);
    expect(await sync.requestSync()).toMatchObject({ full: false, products: 1, records: 0 });
    expect(Object.keys(await indexedNames()).filter((id) => id.startsWith('MJ02'))).toEqual([]);
    expect(await sync.requestSync()).toMatchObject({ status: 'unchanged' });

    await store.upsertProducts([{ ...stored!, published: true }]);
    expect(await sync.requestSync()).toMatchObject({ full: false, products: 1, records: 2 });
    expect(Object.keys(await indexedNames())).toEqual(
      expect.arrayContaining(['MJ02-Black', 'MJ02-Red']),
    );
  });

  it('pushes no record of an unpublished product in a full push', async () => {
    await store.upsertProducts([makeProduct('MJ04', { published: false })]);
    const sync = syncWith(client);
    expect(await sync.requestSync()).toMatchObject({ full: true, products: 6, records: 5 });
    expect(Object.keys(await indexedNames())).not.toContain('MJ04-Black');
  });

  it('finishes on the next start a sync that stopped half-way, leaving whole products meanwhile', async () => {
    await syncWith(client).requestSync();
    await store.upsertProducts(
      products.map((product) => ({
        ...product,
        texts: { en: { ...product.texts.en, name: `New ${product.id}` } },
      })),
    );
    // Pages of two products: the first page is saved and recorded, the second fails.
    expect(await syncWith(() => crashingClient(2)).requestSync()).toMatchObject({
      status: 'pending',
      reason: 'the storefront process stopped',
    });
    expect(await indexedNames()).toEqual({
      'MJ01-Black': 'New MJ01',
      'MJ02-Black': 'New MJ02',
      'MJ03-Black': 'MJ03 Trail Jacket',
      'MJ04-Black': 'MJ04 Trail Jacket',
      'MJ05-Black': 'MJ05 Trail Jacket',
      'MJ06-Black': 'MJ06 Trail Jacket',
    });
    expect(await store.countPendingProducts()).toBe(4);

    expect(await syncWith(client).requestSync()).toMatchObject({ full: false, products: 4 });
    expect(Object.values(await indexedNames()).sort()).toEqual(
      products.map((product) => `New ${product.id}`),
    );
  });

  it('keeps the old records searchable when a full push stops half-way, and redoes it on the next start', async () => {
    await syncWith(client).requestSync();
    const before = await indexedNames();
    // An index whose settings version is not this code's (other settings, or pushed by an older version).
    const { taskID } = await client().setSettings({
      indexName: productsIndex,
      indexSettings: { userData: {} },
    });
    await client().waitForTask({ indexName: productsIndex, taskID });
    await store.upsertProducts(
      products.map((product) => ({
        ...product,
        texts: { en: { ...product.texts.en, name: `New ${product.id}` } },
      })),
    );
    expect(await syncWith(() => crashingClient(2)).requestSync()).toMatchObject({
      status: 'pending',
    });
    expect(await indexedNames()).toEqual(before);
    expect(await syncWith(client).requestSync()).toMatchObject({ full: true, products: 6 });
    expect(Object.values(await indexedNames()).sort()).toEqual(
      products.map((product) => `New ${product.id}`),
    );
  });

  it("keeps the merchant's own synonyms through a full push, and puts the shop's back", async () => {
    await syncWith(client).requestSync();
    const admin = client();
    const own = {
      objectID: 'en-anorak',
      type: 'onewaysynonym',
      input: 'anorak',
      synonyms: ['jacket'],
    } as const;
    const saved = await admin.saveSynonyms({
      indexName: productsIndex,
      synonymHit: [{ ...own, synonyms: [...own.synonyms] }],
      forwardToReplicas: true,
    });
    await admin.waitForTask({ indexName: productsIndex, taskID: saved.taskID });
    const removed = await admin.deleteSynonym({ indexName: productsIndex, objectID: 'tee' });
    await admin.waitForTask({ indexName: productsIndex, taskID: removed.taskID });
    // A new version's settings: the next sync is a full push.
    const { taskID } = await admin.setSettings({
      indexName: productsIndex,
      indexSettings: { userData: {} },
    });
    await admin.waitForTask({ indexName: productsIndex, taskID });

    expect(await syncWith(client).requestSync()).toMatchObject({ full: true });
    const found = await admin.searchSynonyms({
      indexName: productsIndex,
      searchSynonymsParams: { hitsPerPage: 1000 },
    });
    const ids = found.hits.map((hit) => hit.objectID);
    expect(ids).toContain('en-anorak');
    expect(ids).toContain('tee');
  });
});
