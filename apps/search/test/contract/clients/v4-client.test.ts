import type algoliasearchV4 from 'algoliasearch-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProducts, productSettings } from '../../support/products.ts';
import { v4ClientFor } from '../../support/seeded-server.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: ReturnType<typeof algoliasearchV4>;
const products = makeProducts(30);
const count = (predicate: (product: (typeof products)[number]) => boolean) =>
  products.filter(predicate).length;

beforeAll(async () => {
  server = await startTestServer();
  client = v4ClientFor(server);
});
afterAll(async () => server.close());

describe('algoliasearch v4 against the service', () => {
  it('indexes with initIndex().saveObjects().wait() and setSettings().wait()', async () => {
    const index = client.initIndex('products');
    await index.setSettings(productSettings).wait();
    const response = await index.saveObjects(products).wait();
    expect(response.objectIDs).toHaveLength(30);
    expect(await index.getSettings()).toMatchObject({ customRanking: ['desc(rank)'] });
  });

  it('searches one index with params encoded in a string', async () => {
    const index = client.initIndex('products');
    const result = await index.search('', {
      facets: ['brand', 'color'],
      facetFilters: [['brand:LG', 'brand:Sony']],
      numericFilters: ['price>=100'],
      hitsPerPage: 4,
    });
    const expected = count(
      (product) => ['LG', 'Sony'].includes(product.brand) && product.price >= 100,
    );
    expect(result.nbHits).toBe(expected);
    expect(result.hits).toHaveLength(Math.min(4, expected));
    expect(result.facets?.['brand']).toEqual({
      LG: count((product) => product.brand === 'LG' && product.price >= 100),
      Sony: count((product) => product.brand === 'Sony' && product.price >= 100),
    });
  });

  it('runs multiple queries and searches facet values', async () => {
    const { results } = await client.search([
      { indexName: 'products', query: 'jacket', params: { hitsPerPage: 2 } },
      { indexName: 'products', query: '', params: { filters: 'color:red' } },
    ]);
    const [jackets, red] = results as { nbHits: number }[];
    expect(jackets?.nbHits).toBe(count((product) => product.name.includes('jacket')));
    expect(red?.nbHits).toBe(count((product) => product.color.includes('red')));
    const facets = await client
      .initIndex('products')
      .searchForFacetValues('brand', 'tom', { filters: 'price > 500' });
    expect(facets.facetHits).toEqual([
      {
        value: 'Tommy Hilfiger',
        highlighted: '<em>Tom</em>my Hilfiger',
        count: count((product) => product.brand === 'Tommy Hilfiger' && product.price > 500),
      },
    ]);
  });

  it('reads, browses and deletes records', async () => {
    const index = client.initIndex('products');
    expect(await index.getObject('sku-2')).toMatchObject({ objectID: 'sku-2' });
    const seen: string[] = [];
    await index.browseObjects({
      query: '',
      hitsPerPage: 8,
      batch: (hits) => {
        seen.push(...hits.map((hit) => hit.objectID));
      },
    });
    expect(seen).toHaveLength(30);
    await index.deleteObjects(['sku-2']).wait();
    await expect(index.getObject('sku-2')).rejects.toMatchObject({ status: 404 });
  });

  it('deletes the records matching a filter with deleteBy().wait()', async () => {
    const index = client.initIndex('products');
    await index.deleteBy({ filters: 'brand:Acme OR brand:LG' }).wait();
    const result = await index.search('', { facets: ['brand'], hitsPerPage: 0 });
    expect(result.nbHits).toBe(
      count(
        (product) =>
          product.objectID !== 'sku-2' && product.brand !== 'Acme' && product.brand !== 'LG',
      ),
    );
    expect(result.facets?.['brand']).not.toHaveProperty('LG');
    await expect(index.deleteBy({ filters: '' })).rejects.toMatchObject({ status: 400 });
  });
});
