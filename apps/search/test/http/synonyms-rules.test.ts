import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProducts, productSettings } from '../support/products.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  await t.request({ method: 'PUT', url: '/1/indexes/products/settings', payload: productSettings });
  await t.request({
    method: 'POST',
    url: '/1/indexes/products/batch',
    payload: { requests: makeProducts(20).map((body) => ({ action: 'addObject', body })) },
  });
});

const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload });
const search = async (params: Record<string, unknown>) =>
  (await post('/1/indexes/*/queries', { requests: [{ indexName: 'products', ...params }] })).json()
    .results[0];

describe('synonyms', () => {
  it('saves, searches, gets, deletes and clears synonyms, and uses them at search time', async () => {
    const saved = await post('/1/indexes/products/synonyms/batch', [
      { objectID: 's1', type: 'synonym', synonyms: ['television', 'telly'] },
      { objectID: 's2', type: 'oneWaySynonym', input: 'parka', synonyms: ['jacket'] },
    ]);
    expect(saved.json()).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String) });
    expect((await search({ query: 'telly' })).nbHits).toBe(
      (await search({ query: 'television' })).nbHits,
    );
    expect((await search({ query: 'parka' })).nbHits).toBeGreaterThan(0);
    expect((await search({ query: 'telly', synonyms: false })).nbHits).toBe(0);

    const found = await post('/1/indexes/products/synonyms/search', {
      query: 'parka',
      type: 'onewaysynonym',
    });
    expect(found.json()).toMatchObject({
      nbHits: 1,
      hits: [{ objectID: 's2', type: 'onewaysynonym' }],
    });
    const one = await t.request({ method: 'GET', url: '/1/indexes/products/synonyms/s1' });
    expect(one.json()).toEqual({
      objectID: 's1',
      type: 'synonym',
      synonyms: ['television', 'telly'],
    });

    const put = await t.request({
      method: 'PUT',
      url: '/1/indexes/products/synonyms/s3',
      payload: { type: 'synonym', synonyms: ['shoe', 'sneaker'] },
    });
    expect(put.json()).toMatchObject({ id: 's3', taskID: expect.any(Number) });
    await t.request({ method: 'DELETE', url: '/1/indexes/products/synonyms/s1' });
    expect(
      (await t.request({ method: 'GET', url: '/1/indexes/products/synonyms/s1' })).statusCode,
    ).toBe(404);
    expect((await post('/1/indexes/products/synonyms/search', {})).json().nbHits).toBe(2);
    await post('/1/indexes/products/synonyms/clear', {});
    expect((await post('/1/indexes/products/synonyms/search', {})).json().nbHits).toBe(0);
  });

  it('replaces existing synonyms and forwards to replicas on request', async () => {
    await t.request({
      method: 'PUT',
      url: '/1/indexes/products/settings',
      payload: { replicas: ['products_r'] },
    });
    await post('/1/indexes/products/synonyms/batch', [
      { objectID: 'a', type: 'synonym', synonyms: ['x', 'y'] },
    ]);
    await post(
      '/1/indexes/products/synonyms/batch?replaceExistingSynonyms=true&forwardToReplicas=true',
      [{ objectID: 'b', type: 'synonym', synonyms: ['television', 'telly'] }],
    );
    expect(
      (await post('/1/indexes/products/synonyms/search', {}))
        .json()
        .hits.map((hit: { objectID: string }) => hit.objectID),
    ).toEqual(['b']);
    expect((await post('/1/indexes/products_r/synonyms/search', {})).json().nbHits).toBe(1);
  });

  it('rejects invalid synonyms', async () => {
    for (const payload of [
      [{ objectID: 'x', type: 'nope' }],
      [{ type: 'synonym', synonyms: ['a', 'b'] }],
      { not: 'an array' },
    ]) {
      expect((await post('/1/indexes/products/synonyms/batch', payload)).statusCode).toBe(400);
    }
  });
});

const rules = [
  {
    objectID: 'pin-and-hide',
    conditions: [{ pattern: 'television', anchoring: 'contains' }],
    consequence: {
      promote: [{ objectID: 'sku-1', position: 0 }],
      hide: [{ objectID: 'sku-0' }],
      userData: { banner: '/img/tv.png' },
    },
  },
  {
    objectID: 'rewrite',
    conditions: [{ pattern: 'cheap', anchoring: 'startsWith' }],
    consequence: { params: { query: { remove: ['cheap'] }, filters: 'price < 500' } },
  },
  {
    objectID: 'context-only',
    conditions: [{ context: 'black-friday' }],
    consequence: {
      params: {
        renderingContent: {
          facetOrdering: {
            facets: { order: ['brand'] },
            values: { brand: { order: ['Sony'], sortRemainingBy: 'alpha' } },
          },
          redirect: { url: 'https://shop.example/sale' },
        },
      },
      userData: { sale: true },
    },
  },
  {
    objectID: 'disabled',
    enabled: false,
    conditions: [{ pattern: 'television', anchoring: 'contains' }],
    consequence: { hide: [{ objectID: 'sku-6' }] },
  },
];

describe('rules', () => {
  it('saves, searches, gets, deletes and clears rules', async () => {
    expect((await post('/1/indexes/products/rules/batch', rules)).statusCode).toBe(200);
    const found = await post('/1/indexes/products/rules/search', {
      query: 'television',
      enabled: true,
    });
    expect(found.json()).toMatchObject({
      nbHits: 1,
      page: 0,
      nbPages: 1,
      hits: [{ objectID: 'pin-and-hide' }],
    });
    expect(
      (await post('/1/indexes/products/rules/search', { context: 'black-friday' })).json().nbHits,
    ).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: '/1/indexes/products/rules/rewrite' })).json(),
    ).toMatchObject(rules[1] ?? {});
    const put = await t.request({
      method: 'PUT',
      url: '/1/indexes/products/rules/extra',
      payload: {
        consequence: { userData: { x: 1 } },
        conditions: [{ pattern: 'zzz', anchoring: 'is' }],
      },
    });
    expect(put.json()).toMatchObject({ objectID: 'extra', taskID: expect.any(Number) });
    await t.request({ method: 'DELETE', url: '/1/indexes/products/rules/extra' });
    expect(
      (await t.request({ method: 'GET', url: '/1/indexes/products/rules/extra' })).statusCode,
    ).toBe(404);
    await post('/1/indexes/products/rules/clear', {});
    expect((await post('/1/indexes/products/rules/search', {})).json().nbHits).toBe(0);
    const invalid = await post('/1/indexes/products/rules/batch', [
      { objectID: 'bad', conditions: [{ pattern: 'x', anchoring: 'near' }], consequence: {} },
    ]);
    expect(invalid.statusCode).toBe(400);
  });

  it('applies pins, hides and userData at search time', async () => {
    await post('/1/indexes/products/rules/batch', rules);
    const result = await search({ query: 'television' });
    const ids = result.hits.map((hit: { objectID: string }) => hit.objectID);
    expect(ids[0]).toBe('sku-1');
    expect(ids).not.toContain('sku-0');
    expect(ids).toContain('sku-6');
    expect(result.userData).toEqual([{ banner: '/img/tv.png' }]);
    expect(result.appliedRules).toEqual([{ objectID: 'pin-and-hide' }]);
    const off = await search({ query: 'television', enableRules: false });
    expect(off.userData).toBeUndefined();
    expect(off.hits.map((hit: { objectID: string }) => hit.objectID)).toContain('sku-0');
  });

  it('takes enableRules from the index settings unless the query sets it', async () => {
    await post('/1/indexes/products/rules/batch', rules);
    const settings = await t.request({
      method: 'PUT',
      url: '/1/indexes/products/settings',
      payload: { enableRules: false },
    });
    expect(settings.statusCode).toBe(200);
    expect((await search({ query: 'television' })).appliedRules).toBeUndefined();
    const on = await search({ query: 'television', enableRules: true });
    expect(on.appliedRules).toEqual([{ objectID: 'pin-and-hide' }]);
  });

  it('rewrites the query and adds the rule filters', async () => {
    await post('/1/indexes/products/rules/batch', rules);
    const result = await search({ query: 'cheap lg' });
    expect(result.query).toBe('cheap lg');
    expect(result.nbHits).toBeGreaterThan(0);
    for (const hit of result.hits as { brand: string; price: number }[]) {
      expect(hit.brand).toBe('LG');
      expect(hit.price).toBeLessThan(500);
    }
  });

  it('matches conditions on ruleContexts and returns renderingContent with facetOrdering and redirect', async () => {
    await t.request({
      method: 'PUT',
      url: '/1/indexes/products/settings',
      payload: { renderingContent: { facetOrdering: { facets: { order: ['color'] } } } },
    });
    await post('/1/indexes/products/rules/batch', rules);
    expect((await search({ query: '' })).renderingContent).toEqual({
      facetOrdering: { facets: { order: ['color'] } },
    });
    const result = await search({ query: '', ruleContexts: ['black-friday'] });
    expect(result.renderingContent).toEqual({
      facetOrdering: {
        facets: { order: ['brand'] },
        values: { brand: { order: ['Sony'], sortRemainingBy: 'alpha' } },
      },
      redirect: { url: 'https://shop.example/sale' },
    });
    expect(result.userData).toEqual([{ sale: true }]);
  });
});
