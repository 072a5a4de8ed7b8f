import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProducts, productSettings } from '../../support/products.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey, appId, searchKey } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;
const products = makeProducts(60);

beforeAll(async () => {
  server = await startTestServer();
  client = algoliasearch(appId, adminKey, { hosts: hostsOf(server) });
});
afterAll(async () => server.close());

const hosts = () => hostsOf(server);

describe('algoliasearch v5 against the service', () => {
  it('indexes with saveObjects + waitForTask and configures replicas', async () => {
    const settings = await client.setSettings({
      indexName: 'products',
      indexSettings: {
        ...productSettings,
        replicas: ['products_price_asc', 'virtual(products_price_desc)'],
      },
    });
    await client.waitForTask({ indexName: 'products', taskID: settings.taskID });
    const saved = await client.saveObjects({
      indexName: 'products',
      objects: products,
      waitForTasks: true,
    });
    expect(saved).toHaveLength(1);
    const task = await client.getTask({ indexName: 'products', taskID: saved[0]?.taskID ?? 0 });
    expect(task.status).toBe('published');
    await client.setSettings({
      indexName: 'products_price_asc',
      indexSettings: {
        ranking: [
          'asc(price)',
          'typo',
          'words',
          'filters',
          'proximity',
          'attribute',
          'exact',
          'custom',
        ],
      },
    });
    await client.setSettings({
      indexName: 'products_price_desc',
      indexSettings: { customRanking: ['desc(price)'], relevancyStrictness: 0 },
    });
    expect(await client.indexExists({ indexName: 'products' })).toBe(true);
    expect(await client.indexExists({ indexName: 'nope' })).toBe(false);
    const { items } = await client.listIndices();
    expect(items.map((item) => item.name).sort()).toEqual([
      'products',
      'products_price_asc',
      'products_price_desc',
    ]);
    const primary = items.find((item) => item.name === 'products');
    expect(primary).toMatchObject({
      entries: products.length,
      dataSize: products.reduce((sum, product) => sum + JSON.stringify(product).length, 0),
      replicas: ['products_price_asc', 'virtual(products_price_desc)'],
      pendingTask: false,
    });
    expect(items.find((item) => item.name === 'products_price_asc')).toMatchObject({
      primary: 'products',
      entries: products.length,
    });
  });

  it('searches several indices, with facets and sorting replicas', async () => {
    const { results } = await client.search({
      requests: [
        { indexName: 'products', query: '', facets: ['brand'], hitsPerPage: 5 },
        { indexName: 'products_price_asc', query: '', hitsPerPage: 3 },
        { indexName: 'products_price_desc', query: '', hitsPerPage: 3 },
        { indexName: 'products', type: 'facet', facet: 'brand', facetQuery: 'son' },
      ],
    });
    const [main = {}, ascending = {}, descending = {}, facet = {}] = results as Record<
      string,
      unknown
    >[];
    expect(main).toMatchObject({ nbHits: 60, hitsPerPage: 5 });
    const brandCounts = (main['facets'] as Record<string, Record<string, number>>)['brand'];
    expect(brandCounts?.['Sony']).toBe(
      products.filter((product) => product.brand === 'Sony').length,
    );
    const prices = [...products.map((product) => product.price)].sort((a, b) => a - b);
    expect((ascending['hits'] as { price: number }[]).map((hit) => hit.price)).toEqual(
      prices.slice(0, 3),
    );
    expect((descending['hits'] as { price: number }[]).map((hit) => hit.price)).toEqual(
      prices.reverse().slice(0, 3),
    );
    expect(facet['facetHits']).toEqual([
      {
        value: 'Sony',
        highlighted: '<em>Son</em>y',
        count: products.filter((product) => product.brand === 'Sony').length,
      },
    ]);
    const single = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'jacket' },
    });
    expect(single.nbHits).toBe(
      products.filter((product) => product.name.includes('jacket')).length,
    );
  });

  it('searches facet values', async () => {
    const response = await client.searchForFacetValues({
      indexName: 'products',
      facetName: 'brand',
      searchForFacetValuesRequest: { facetQuery: 'tom', maxFacetHits: 3 },
    });
    expect(response.facetHits).toEqual([
      {
        value: 'Tommy Hilfiger',
        highlighted: '<em>Tom</em>my Hilfiger',
        count: products.filter((product) => product.brand === 'Tommy Hilfiger').length,
      },
    ]);
  });

  it('reads records: getObject, getObjects and browseObjects over several pages', async () => {
    expect(await client.getObject({ indexName: 'products', objectID: 'sku-3' })).toMatchObject({
      objectID: 'sku-3',
    });
    const { results } = await client.getObjects({
      requests: [
        { indexName: 'products', objectID: 'sku-1', attributesToRetrieve: ['brand'] },
        { indexName: 'products', objectID: 'missing' },
      ],
    });
    expect(results).toEqual([{ objectID: 'sku-1', brand: products[1]?.brand }, null]);
    const seen: string[] = [];
    await client.browseObjects({
      indexName: 'products',
      browseParams: { hitsPerPage: 7, filters: 'price > 100' },
      aggregator: (page) => {
        seen.push(...page.hits.map((hit) => hit.objectID));
      },
    });
    const expected = products
      .filter((product) => product.price > 100)
      .map((product) => product.objectID);
    expect(seen.sort()).toEqual(expected.sort());
  });
});

describe('algoliasearch v5 write helpers, keys and errors', () => {
  it('updates and deletes records with the helpers', async () => {
    await client.partialUpdateObjects({
      indexName: 'products',
      objects: [{ objectID: 'sku-0', rank: 1000 }],
      waitForTasks: true,
    });
    const first = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { hitsPerPage: 1 },
    });
    expect(first.hits[0]?.objectID).toBe('sku-0');
    await client.deleteObjects({ indexName: 'products', objectIDs: ['sku-0'], waitForTasks: true });
    const after = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: '' },
    });
    expect(after.nbHits).toBe(59);
  });

  it('deletes the records matching a filter with deleteBy + waitForTask', async () => {
    const expensiveSony = (product: (typeof products)[number]) =>
      product.brand === 'Sony' && product.price >= 1000 && product.objectID !== 'sku-0';
    const before = await client.searchSingleIndex({ indexName: 'products', searchParams: {} });
    const deleted = await client.deleteBy({
      indexName: 'products',
      deleteByParams: { filters: 'brand:Sony', numericFilters: ['price>=1000'] },
    });
    await client.waitForTask({ indexName: 'products', taskID: deleted.taskID });
    await client.waitForAppTask({ taskID: deleted.taskID });
    const after = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { facets: ['brand'] },
    });
    expect(after.nbHits).toBe((before.nbHits ?? 0) - products.filter(expensiveSony).length);
    const sony = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { filters: 'brand:Sony', hitsPerPage: 100 },
    });
    expect(sony.nbHits).toBe(
      products.filter((product) => product.brand === 'Sony' && !expensiveSony(product)).length,
    );
    expect(sony.hits.every((hit) => (hit as unknown as { price: number }).price < 1000)).toBe(true);
    await expect(
      client.deleteBy({ indexName: 'products', deleteByParams: {} }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('applies synonyms and rules saved with the client', async () => {
    const synonyms = await client.saveSynonyms({
      indexName: 'products',
      synonymHit: [{ objectID: 'tv', type: 'synonym', synonyms: ['television', 'tv'] }],
    });
    await client.waitForTask({ indexName: 'products', taskID: synonyms.taskID });
    const rules = await client.saveRules({
      indexName: 'products',
      rules: [
        {
          objectID: 'banner',
          conditions: [{ pattern: 'tv', anchoring: 'is' }],
          consequence: {
            userData: { banner: 'tv' },
            promote: [{ objectID: 'sku-5', position: 0 }],
          },
        },
      ],
    });
    await client.waitForTask({ indexName: 'products', taskID: rules.taskID });
    const result = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'tv' },
    });
    expect(result.hits[0]?.objectID).toBe('sku-5');
    expect(result.userData).toEqual([{ banner: 'tv' }]);
    const found = await client.searchRules({
      indexName: 'products',
      searchRulesParams: { query: 'banner' },
    });
    expect(found.nbHits).toBe(1);
  });

  it('replaces all objects through a temporary index', async () => {
    const fresh = makeProducts(12).map((product) => ({
      ...product,
      objectID: `new-${product.objectID}`,
    }));
    await client.replaceAllObjects({ indexName: 'products', objects: fresh, batchSize: 5 });
    const result = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: '' },
    });
    expect(result.nbHits).toBe(12);
    expect(result.hits.every((hit) => hit.objectID.startsWith('new-'))).toBe(true);
    const replica = await client.searchSingleIndex({
      indexName: 'products_price_asc',
      searchParams: { query: '' },
    });
    expect(replica.nbHits).toBe(12);
    const settings = await client.getSettings({ indexName: 'products' });
    expect(settings.replicas).toEqual(['products_price_asc', 'virtual(products_price_desc)']);
    expect(settings.customRanking).toEqual(['desc(rank)']);
    const { items } = await client.listIndices();
    expect(items.some((item) => item.name.includes('_tmp_'))).toBe(false);
  });

  it('manages API keys and waits for them', async () => {
    const created = await client.addApiKey({
      acl: ['search'],
      indexes: ['products*'],
      description: 'lite',
    });
    await client.waitForApiKey({ key: created.key, operation: 'add' });
    const update = {
      acl: ['search' as const, 'browse' as const],
      indexes: ['products'],
      maxHitsPerQuery: 2,
    };
    await client.updateApiKey({ key: created.key, apiKey: update });
    await client.waitForApiKey({ key: created.key, operation: 'update', apiKey: update });
    const { keys } = await client.listApiKeys();
    expect(keys.map((key) => key.value)).toContain(created.key);
    await client.deleteApiKey({ key: created.key });
    await client.waitForApiKey({ key: created.key, operation: 'delete' });
  });

  it('searches with a secured API key from generateSecuredApiKey, through the lite client', async () => {
    const secured = client.generateSecuredApiKey({
      parentApiKey: searchKey,
      restrictions: {
        filters: 'brand:LG',
        restrictIndices: ['products'],
        validUntil: Math.floor(Date.now() / 1000) + 600,
      },
    });
    const lite = liteClient(appId, secured, { hosts: hosts() });
    const { results } = await lite.search({ requests: [{ indexName: 'products', query: '' }] });
    const [result] = results as { nbHits: number; hits: { brand: string }[] }[];
    expect(result?.nbHits).toBe(
      makeProducts(12).filter((product) => product.brand === 'LG').length,
    );
    expect(result?.hits.every((hit) => hit.brand === 'LG')).toBe(true);
    await expect(
      lite.search({ requests: [{ indexName: 'products_price_asc' }] }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('surfaces errors as ApiError with Algolia messages', async () => {
    await expect(client.getSettings({ indexName: 'missing' })).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('Index does not exist'),
    });
    await expect(
      client.searchSingleIndex({ indexName: 'products', searchParams: { hitsPerPage: 5000 } }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('clears and deletes indices', async () => {
    const cleared = await client
      .clearObjects({ indexName: 'products_price_asc' })
      .catch((error: unknown) => error);
    expect(cleared).toMatchObject({ status: 400 });
    const deleted = await client.deleteIndex({ indexName: 'products_price_desc' });
    await client.waitForTask({ indexName: 'products_price_desc', taskID: deleted.taskID });
    const settings = await client.getSettings({ indexName: 'products' });
    expect(settings.replicas).toEqual(['products_price_asc']);
  });
});
