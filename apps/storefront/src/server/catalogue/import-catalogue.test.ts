import { productsIndex } from '@vitrine/catalogue';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/catalogue-fixtures.ts';
import { recordingLogger } from '../../../test/recording-logger.ts';
import { startSearchService } from '../../../test/search-service.ts';
import { openTestStores } from '../../../test/test-stores.ts';
import { createSearchAdminClient } from '../search/search-admin-client.ts';
import { createSearchSync } from '../search/search-sync.ts';
import { importCatalogue } from './import-catalogue.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_import');
const service = await startSearchService();
afterAll(async () => {
  await Promise.all([...stores.map(({ store }) => store.close()), service.close()]);
});

describe.each(stores)('importCatalogue on $engine', ({ store, reset }) => {
  const searchSync = createSearchSync({
    store,
    connect: () => ({
      client: createSearchAdminClient({
        url: service.url,
        appId: 'vitrine',
        adminKey: service.adminKey,
      }),
      description: service.url,
    }),
    logger: recordingLogger(),
  });
  afterAll(() => searchSync.stop());
  beforeEach(async () => {
    await reset();
    await service.deleteAllIndices();
    await store.upsertProducts([makeProduct('MJ01'), makeProduct('MJ02')]);
    await searchSync.requestSync();
  });

  it('upserts the products in one go and brings the search index up to date', async () => {
    const outcome = await importCatalogue(
      [makeProduct('MJ01', { name: 'Storm Jacket' }), makeProduct('WJ01')],
      {
        store,
        searchSync,
      },
    );
    expect(outcome).toMatchObject({
      status: 'imported',
      products: 2,
      // Only the two products the import changed or added are sent, not MJ02.
      search: { status: 'pushed', full: false, products: 2, records: 2 },
    });
    expect(
      (await store.loadProducts()).map((product) => [product.id, product.texts.en.name]),
    ).toEqual([
      ['MJ01', 'Storm Jacket'],
      ['MJ02', 'MJ02 Trail Jacket'],
      ['WJ01', 'WJ01 Trail Jacket'],
    ]);
    expect((await service.records(productsIndex)).map((record) => record['name']).sort()).toEqual([
      'MJ02 Trail Jacket',
      'Storm Jacket',
      'WJ01 Trail Jacket',
    ]);
  });

  it('rejects a file with one bad record, says where and why, and changes nothing', async () => {
    const before = await store.catalogueVersion();
    const requestsBefore = service.requests.length;
    const bad = {
      ...makeProduct('WJ02'),
      variants: [{ ...makeProduct('WJ02').variants[0], stock: -3 }],
    };
    const outcome = await importCatalogue(
      [makeProduct('MJ01', { name: 'Storm Jacket' }), makeProduct('WJ01'), bad],
      {
        store,
        searchSync,
      },
    );
    expect(outcome).toEqual({
      status: 'invalid',
      message: '1 of 3 products is invalid (1 problem); nothing was imported.',
      errors: [
        { position: 2, path: 'variants.0.stock', reason: 'Too small: expected number to be >=0' },
      ],
    });
    expect(await store.catalogueVersion()).toBe(before);
    expect(service.requests.length).toBe(requestsBefore);
  });

  it('reports a slug taken by a stored product as a conflict, and changes nothing', async () => {
    const before = await store.catalogueVersion();
    const outcome = await importCatalogue(
      [makeProduct('WJ01'), makeProduct('WJ02', { slug: 'mj01-trail-jacket' })],
      {
        store,
        searchSync,
      },
    );
    expect(outcome).toMatchObject({
      status: 'conflict',
      message: expect.stringMatching(/mj01-trail-jacket/),
    });
    expect(await store.catalogueVersion()).toBe(before);
  });

  it('imports French texts beside the English ones and indexes both', async () => {
    const english = makeProduct('WJ01');
    const french = { name: 'Veste de randonnée WJ01', slug: 'veste-wj01', description: 'Légère.' };
    const outcome = await importCatalogue(
      [{ ...english, texts: { ...english.texts, fr: french } }],
      { store, searchSync },
    );
    expect(outcome).toMatchObject({ status: 'imported', products: 1 });
    expect((await store.getProductBySlug('veste-wj01', 'fr'))?.texts.fr).toEqual(french);
    const [record] = (await service.records(productsIndex)).filter(
      (candidate) => candidate['productId'] === 'WJ01',
    );
    expect(record).toMatchObject({
      name: 'WJ01 Trail Jacket',
      nameFr: 'Veste de randonnée WJ01',
      slugFr: 'veste-wj01',
      descriptionFr: 'Légère.',
    });
  });

  it('rejects a French text without a slug, naming the language and the field', async () => {
    const before = await store.catalogueVersion();
    const english = makeProduct('WJ01');
    const outcome = await importCatalogue(
      [{ ...english, texts: { ...english.texts, fr: { name: 'Veste', description: '' } } }],
      { store, searchSync },
    );
    expect(outcome).toEqual({
      status: 'invalid',
      message: '1 of 1 products is invalid (1 problem); nothing was imported.',
      errors: [
        {
          position: 0,
          path: 'texts.fr.slug',
          reason: 'French slug (texts.fr.slug) must be a text',
        },
      ],
    });
    expect(await store.catalogueVersion()).toBe(before);
  });
});
