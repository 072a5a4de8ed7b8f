import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * JSON nested tens of thousands of levels deep (filter arrays, settings, rules, records) is refused with a 400
 * naming the problem, before anything walks it: never a stack overflow answered as a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ limits: { searchBodyBytes: 1_000_000 } });
  await t.request({
    method: 'PUT',
    url: '/1/indexes/items/settings',
    payload: { attributesForFaceting: ['brand', '_tags'], searchableAttributes: ['name'] },
  });
  await t.request({
    method: 'POST',
    url: '/1/indexes/items/batch',
    payload: {
      requests: [
        { action: 'addObject', body: { objectID: 'a', name: 'Alpha', brand: 'X', price: 5 } },
      ],
    },
  });
});
afterAll(async () => t.close());

/** `depth` arrays around `inner`, as JSON text. */
const nestedArrays = (depth: number, inner = '"brand:X"') =>
  `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
/** `depth` objects `{"a":…}` around `inner`, as JSON text. */
const nestedObjects = (depth: number, inner = '1') =>
  `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

async function expectRefused(method: 'POST' | 'PUT', url: string, payload: string): Promise<void> {
  const response = await t.request({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json' },
  });
  expect(response.json(), `${method} ${url} ${payload.slice(0, 80)}`).toEqual({
    message: expect.any(String),
    status: 400,
  });
}

describe('filter parameters nested too deep', () => {
  it.each([
    ['facetFilters', 20_000],
    ['numericFilters', 10_000],
    ['optionalFilters', 20_000],
    ['tagFilters', 20_000],
  ])('%s nested %i deep is a 400, as JSON and inside a params string', async (name, depth) => {
    const inner = name === 'numericFilters' ? '"price>1"' : '"brand:X"';
    const deep = nestedArrays(depth, inner);
    await expectRefused('POST', '/1/indexes/items/query', `{"${name}":${deep}}`);
    await expectRefused(
      'POST',
      '/1/indexes/items/query',
      JSON.stringify({ params: `${name}=${encodeURIComponent(deep)}` }),
    );
    await expectRefused(
      'POST',
      '/1/indexes/*/queries',
      `{"requests":[{"indexName":"items","${name}":${deep}}]}`,
    );
    // Three levels is one too many already (docs/api.md §3.4: one nesting level).
    await expectRefused('POST', '/1/indexes/items/query', `{"${name}":${nestedArrays(3, inner)}}`);
  });

  it('keeps accepting the shapes Algolia takes', async () => {
    for (const facetFilters of [
      'brand:X',
      ['brand:X'],
      [['brand:X', 'brand:Y']],
      '[["brand:X"]]',
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/1/indexes/items/query',
        payload: { facetFilters, numericFilters: [['price>1', 'price<0']] },
      });
      expect(response.json().nbHits, JSON.stringify(facetFilters)).toBe(1);
    }
  });

  it('refuses a filters string with 20,000 nested parentheses', async () => {
    const filters = `${'('.repeat(20_000)}brand:X${')'.repeat(20_000)}`;
    await expectRefused('POST', '/1/indexes/items/query', JSON.stringify({ filters }));
  });
});

describe('bodies nested too deep', () => {
  it('refuses settings, rules, synonyms and search bodies nested 100,000 deep', async () => {
    const deep = nestedObjects(100_000);
    await expectRefused('PUT', '/1/indexes/items/settings', `{"userData":${deep}}`);
    await expectRefused('PUT', '/1/indexes/items/settings', `{"renderingContent":${deep}}`);
    await expectRefused(
      'PUT',
      '/1/indexes/items/rules/r',
      `{"objectID":"r","conditions":[{"pattern":"a","anchoring":"is"}],"consequence":{"userData":${nestedArrays(100_000, '1')}}}`,
    );
    await expectRefused(
      'PUT',
      '/1/indexes/items/synonyms/s',
      `{"objectID":"s","type":"synonym","synonyms":${nestedArrays(100_000, '"a"')}}`,
    );
    await expectRefused('POST', '/1/indexes/items/query', `{"renderingContent":${deep}}`);
    await expectRefused('POST', '/1/indexes/items/query', nestedArrays(100_000));
  });

  it('refuses a record 100,000 levels deep on save, batch and partial update', async () => {
    const deep = nestedObjects(100_000);
    await expectRefused('PUT', '/1/indexes/items/deep', `{"name":"deep","nested":${deep}}`);
    await expectRefused('POST', '/1/indexes/items', `{"name":"deep","nested":${deep}}`);
    await expectRefused(
      'POST',
      '/1/indexes/items/batch',
      `{"requests":[{"action":"addObject","body":{"nested":${deep}}}]}`,
    );
    await expectRefused('POST', '/1/indexes/items/a/partial', `{"nested":${deep}}`);
    const record = await t.request({ method: 'GET', url: '/1/indexes/items/a' });
    expect(record.json()).toEqual({ objectID: 'a', name: 'Alpha', brand: 'X', price: 5 });
  });

  it('still stores a record nested as deep as real catalogues go', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/1/indexes/items/nested',
      payload: `{"name":"nested","specs":${nestedObjects(20, '"leaf"')}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(saved.statusCode).toBe(200);
  });
});
