import { productsIndex } from '@vitrine/catalogue';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { recordingLogger } from '../../../test/support/recording-logger.ts';
import { startSearchService } from '../../../test/support/search-service.ts';
import { searchTargetOf } from '../../../test/support/search-target.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { createSearchSync } from '../search/search-sync.ts';
import { type CatalogueSource, importCatalogue } from './import-catalogue.ts';

/** A JSON array file, cut into 7-byte chunks so that records, strings and escapes span chunk boundaries. */
function jsonFile(records: readonly unknown[]): CatalogueSource {
  const text = JSON.stringify(records, null, 1);
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += 7) chunks.push(text.slice(start, start + 7));
  return { chunks: toAsync(chunks.map((chunk) => Buffer.from(chunk))), format: 'json' };
}

/** An NDJSON file (one record per line, a blank line after the first). */
function ndjsonFile(records: readonly unknown[]): CatalogueSource {
  const lines = records.map((record, index) => JSON.stringify(record) + (index === 0 ? '\n' : ''));
  return { chunks: toAsync([Buffer.from(`${lines.join('\n')}\n`)]), format: 'ndjson' };
}

async function* toAsync<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

const stores = await openTestStores(inject('postgresUrl'), 'storefront_import');
const service = await startSearchService();
afterAll(async () => {
  await Promise.all([...stores.map(({ store }) => store.close()), service.close()]);
});

describe.each(stores)('importCatalogue on $engine', ({ store, reset }) => {
  const searchSync = createSearchSync({
    store,
    connect: () => searchTargetOf(service),
    logger: recordingLogger(),
  });
  afterAll(() => searchSync.stop());
  /** A sync that does nothing, so that two imports land before the next real sync. */
  const idle = {
    requestSync: async () =>
      ({ status: 'unchanged', full: false, products: 0, records: 0, removed: 0 }) as const,
  };
  beforeEach(async () => {
    await reset();
    await service.deleteAllIndices();
    await store.upsertProducts([makeProduct('MJ01'), makeProduct('MJ02')]);
    await searchSync.requestSync();
  });

  it('upserts the products in one go and brings the search index up to date', async () => {
    const outcome = await importCatalogue(
      jsonFile([makeProduct('MJ01', { name: 'Storm Jacket' }), makeProduct('WJ01')]),
      {},
      { store, searchSync },
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

  it('reports the search index update page by page, with the products sent of those to send', async () => {
    const paged = createSearchSync({
      store,
      connect: () => searchTargetOf(service),
      logger: recordingLogger(),
      pageSize: 2,
    });
    const steps: string[] = [];
    const file = [
      makeProduct('MJ01', { name: 'Storm Jacket' }),
      ...['WJ01', 'WJ02', 'WJ03', 'WJ04'].map((id) => makeProduct(id)),
    ];
    const outcome = await importCatalogue(
      ndjsonFile(file),
      {
        onWritten: (products) => steps.push(`written ${products}`),
        onIndexProgress: ({ products, total }) => steps.push(`${products}/${total}`),
      },
      { store, searchSync: paged },
    );
    await paged.stop();
    expect(outcome).toMatchObject({
      status: 'imported',
      search: { status: 'pushed', products: 5 },
    });
    // Counted once the store holds the file (MJ02 is not sent: the index holds it), then after each page.
    expect(steps).toEqual(['written 5', '0/5', '2/5', '4/5', '5/5']);
    expect(await service.records(productsIndex)).toHaveLength(6);
  });

  it('counts every product when the index update is a full push', async () => {
    await service.deleteAllIndices();
    const totals: string[] = [];
    await importCatalogue(
      ndjsonFile([makeProduct('WJ01')]),
      { onIndexProgress: ({ products, total }) => totals.push(`${products}/${total}`) },
      { store, searchSync },
    );
    expect(totals).toEqual(['0/3', '3/3']);
  });

  it('rejects a file with one bad record, says where and why, and changes nothing', async () => {
    const before = await store.catalogueVersion();
    const requestsBefore = service.requests.length;
    const bad = {
      ...makeProduct('WJ02'),
      variants: [{ ...makeProduct('WJ02').variants[0], stock: -3 }],
    };
    const outcome = await importCatalogue(
      jsonFile([makeProduct('MJ01', { name: 'Storm Jacket' }), makeProduct('WJ01'), bad]),
      {},
      { store, searchSync },
    );
    expect(outcome).toEqual({
      status: 'invalid',
      message: '1 of 3 products is invalid (1 problem); nothing was imported.',
      problem: { code: 'catalogue.invalidRecords', params: { invalid: 1, total: 3, problems: 1 } },
      errors: [
        {
          position: 2,
          line: expect.any(Number),
          path: 'variants.0.stock',
          reason: 'Too small: expected number to be >=0',
          code: 'number.tooSmall',
          params: { minimum: 0, comparison: '>=' },
        },
      ],
    });
    expect(await store.catalogueVersion()).toBe(before);
    expect(service.requests.length).toBe(requestsBefore);
  });

  it('applies nothing of a file whose upload stops part-way, after batches were written', async () => {
    const before = await store.catalogueVersion();
    const products = Array.from({ length: 1200 }, (_, index) => makeProduct(`UP${index}`));
    const lines = products.map((product) => `${JSON.stringify(product)}\n`);
    const written: number[] = [];
    // The merchant cancels (or the connection drops) after 1,100 of the 1,200 lines have arrived.
    async function* cutOff() {
      yield Buffer.from(lines.slice(0, 1100).join(''));
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    const outcome = await importCatalogue(
      { chunks: cutOff(), format: 'ndjson' },
      { onProgress: (count) => written.push(count), onWritten: () => written.push(-1) },
      { store, searchSync },
    );
    expect(outcome).toMatchObject({
      status: 'invalid',
      message: expect.stringMatching(/could not be read to its end.*nothing was imported/),
    });
    expect(written).toEqual([500, 1000]);
    expect(await store.catalogueVersion()).toBe(before);
    expect((await store.loadProducts()).map((product) => product.id)).toEqual(['MJ01', 'MJ02']);
  });

  it('says the products are committed before it brings the search index up to date', async () => {
    const steps: string[] = [];
    const outcome = await importCatalogue(
      jsonFile([makeProduct('WJ01')]),
      { onWritten: (count) => steps.push(`written ${count}`) },
      {
        store,
        searchSync: {
          requestSync: async () => {
            steps.push('sync');
            return searchSync.requestSync();
          },
        },
      },
    );
    expect(outcome).toMatchObject({ status: 'imported', products: 1 });
    expect(steps).toEqual(['written 1', 'sync']);
  });

  it('reports a slug taken by a stored product as a conflict, and changes nothing', async () => {
    const before = await store.catalogueVersion();
    const outcome = await importCatalogue(
      jsonFile([makeProduct('WJ01'), makeProduct('WJ02', { slug: 'mj01-trail-jacket' })]),
      {},
      { store, searchSync },
    );
    expect(outcome).toMatchObject({
      status: 'conflict',
      message: expect.stringMatching(/mj01-trail-jacket/),
    });
    expect(await store.catalogueVersion()).toBe(before);
  });

  it('refuses a file whose product takes the SKU of a stored product it does not hold, and changes nothing', async () => {
    const before = await store.catalogueVersion();
    const taker = makeProduct('WJ02', {
      variants: [{ sku: 'MJ01-M-Black', color: 'Black', size: 'M', priceCents: 100, stock: 1 }],
    });
    const outcome = await importCatalogue(
      ndjsonFile([makeProduct('WJ01'), taker]),
      {},
      { store, searchSync },
    );
    expect(outcome).toEqual({
      status: 'invalid',
      message: '1 of 2 products is invalid (1 problem); nothing was imported.',
      problem: { code: 'catalogue.invalidRecords', params: { invalid: 1, total: 2, problems: 1 } },
      errors: [
        {
          position: 1,
          line: 3,
          path: 'variants.0.sku',
          reason:
            'sku "MJ01-M-Black" belongs to product "MJ01" in the store, which the file does not hold',
          code: 'stored.skuTaken',
          params: { value: 'MJ01-M-Black', productId: 'MJ01' },
        },
      ],
    });
    expect(await store.catalogueVersion()).toBe(before);
    const [owner] = await store.getProductsByIds(['MJ01']);
    expect(owner?.variants.map((variant) => variant.sku)).toEqual(['MJ01-M-Black', 'MJ01-L-Black']);
  });

  it('moves a SKU between two products of the file, or from a product that replace removes', async () => {
    const [first, second] = makeProduct('MJ01').variants;
    const moved = await importCatalogue(
      jsonFile([
        makeProduct('MJ02', { variants: [...makeProduct('MJ02').variants, first!] }),
        makeProduct('MJ01', { variants: [second!] }),
      ]),
      {},
      { store, searchSync: idle },
    );
    expect(moved).toMatchObject({ status: 'imported', products: 2 });
    const skus = async () =>
      Object.fromEntries(
        (await store.loadProducts()).map((product) => [
          product.id,
          product.variants.map((variant) => variant.sku),
        ]),
      );
    expect(await skus()).toEqual({
      MJ01: ['MJ01-L-Black'],
      MJ02: ['MJ02-M-Black', 'MJ02-L-Black', 'MJ01-M-Black'],
    });
    const replaced = await importCatalogue(
      jsonFile([makeProduct('WJ01', { variants: [second!] })]),
      { replace: true },
      { store, searchSync: idle },
    );
    expect(replaced).toMatchObject({ status: 'imported', products: 1, removed: 2 });
    expect(await skus()).toEqual({ WJ01: ['MJ01-L-Black'] });
  });

  it('with replace, removes the stored products the file lacks, and the next sync drops their records', async () => {
    const outcome = await importCatalogue(
      ndjsonFile([makeProduct('MJ01', { name: 'Storm Jacket' }), makeProduct('WJ01')]),
      { replace: true },
      { store, searchSync },
    );
    expect(outcome).toMatchObject({
      status: 'imported',
      products: 2,
      removed: 1,
      search: { status: 'pushed', removed: 1 },
    });
    expect((await store.loadProducts()).map((product) => product.id)).toEqual(['MJ01', 'WJ01']);
    expect((await service.records(productsIndex)).map((record) => record['name']).sort()).toEqual([
      'Storm Jacket',
      'WJ01 Trail Jacket',
    ]);
  });

  it('keeps a product that an import removed and the next one brings back, in the store and the index', async () => {
    await importCatalogue(
      jsonFile([makeProduct('MJ01')]),
      { replace: true },
      { store, searchSync: idle },
    );
    await importCatalogue(jsonFile([makeProduct('MJ02')]), {}, { store, searchSync: idle });
    await searchSync.requestSync();
    expect((await service.records(productsIndex)).map((record) => record['name']).sort()).toEqual([
      'MJ01 Trail Jacket',
      'MJ02 Trail Jacket',
    ]);
  });

  // More records than one written batch (500) come before the bad one: those batches are rolled back too.
  const many = Array.from({ length: 620 }, (_, index) =>
    makeProduct(`P${String(index).padStart(4, '0')}`),
  );
  const badAt = 601;
  const withBad = many.map((product, index) =>
    index === badAt
      ? { ...product, texts: { en: { ...product.texts.en, slug: 'Not A Slug' } } }
      : product,
  );

  it.each([
    ['a JSON array', jsonFile(withBad), badAt + 1],
    ['NDJSON', ndjsonFile(withBad), badAt + 2],
  ])(
    'refuses %s with a bad record after the first batches, naming it, and writes nothing',
    async (_, file, line) => {
      const before = await store.catalogueVersion();
      const outcome = await importCatalogue(file, { replace: true }, { store, searchSync });
      expect(outcome).toMatchObject({
        status: 'invalid',
        message: '1 of 620 products is invalid (1 problem); nothing was imported.',
        errors: [
          { position: badAt, path: 'texts.en.slug', reason: expect.stringMatching(/slug/i) },
        ],
      });
      if (file.format === 'ndjson') expect(outcome).toMatchObject({ errors: [{ line }] });
      expect(await store.catalogueVersion()).toBe(before);
      expect(await store.countProducts()).toBe(2);
    },
  );

  it('refuses a file that is not JSON, ends before its array closes or breaks off, and writes nothing', async () => {
    const cut: CatalogueSource = {
      chunks: toAsync([Buffer.from(JSON.stringify([makeProduct('WJ01')]).slice(0, -1))]),
      format: 'json',
    };
    expect(await importCatalogue(cut, {}, { store, searchSync })).toMatchObject({
      status: 'invalid',
      message: expect.stringMatching(
        /ends before its array of products is closed.*nothing was imported/,
      ),
    });
    const notJson: CatalogueSource = {
      chunks: toAsync([Buffer.from(`${JSON.stringify(makeProduct('WJ01'))}\n{oops\n`)]),
      format: 'ndjson',
    };
    expect(await importCatalogue(notJson, {}, { store, searchSync })).toMatchObject({
      status: 'invalid',
      message: expect.stringMatching(/line 2 .*not valid JSON/),
    });
    async function* brokenOff() {
      yield Buffer.from(`[${JSON.stringify(makeProduct('WJ01'))},`);
      throw new Error('aborted');
    }
    expect(
      await importCatalogue({ chunks: brokenOff(), format: 'json' }, {}, { store, searchSync }),
    ).toMatchObject({
      status: 'invalid',
      message: expect.stringMatching(/could not be read to its end \(aborted\)/),
    });
    expect(await store.countProducts()).toBe(2);
  });

  it('imports French texts beside the English ones and indexes both', async () => {
    const english = makeProduct('WJ01');
    const french = { name: 'Veste de randonnée WJ01', slug: 'veste-wj01', description: 'Légère.' };
    const outcome = await importCatalogue(
      jsonFile([{ ...english, texts: { ...english.texts, fr: french } }]),
      {},
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
      jsonFile([
        { ...english, texts: { ...english.texts, fr: { name: 'Veste', description: '' } } },
      ]),
      {},
      { store, searchSync },
    );
    expect(outcome).toEqual({
      status: 'invalid',
      message: '1 of 1 products is invalid (1 problem); nothing was imported.',
      problem: { code: 'catalogue.invalidRecords', params: { invalid: 1, total: 1, problems: 1 } },
      errors: [
        {
          position: 0,
          line: 2,
          path: 'texts.fr.slug',
          reason: 'French slug (texts.fr.slug) must be a text',
          code: 'texts.fieldNotText',
          params: { language: 'fr', field: 'slug' },
        },
      ],
    });
    expect(await store.catalogueVersion()).toBe(before);
  });
});
