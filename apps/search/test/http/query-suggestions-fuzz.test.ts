import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProducts, productSettings } from '../support/products.ts';
import { searchKey, startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Sends 3,000 random and malformed requests to the Query Suggestions API (configurations, status, logs), many of
 * them valid configurations with odd values (regular expressions in `exclude`, facets, seeds, `generate`) so that
 * builds run meanwhile: the service never answers 5xx, every error is Algolia's `{ message, status }`, and a
 * well-formed configuration still builds afterwards. `FUZZ_SEED=<seed>` replays a run, `FUZZ_RUNS` sets its length.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ searchLog: { flushIntervalMS: 60_000 } });
  await t.request({ method: 'PUT', url: '/1/indexes/products/settings', payload: productSettings });
  await t.request({
    method: 'POST',
    url: '/1/indexes/products/batch',
    payload: { requests: makeProducts(30).map((body) => ({ action: 'addObject', body })) },
  });
  await t.request({
    method: 'POST',
    url: '/1/indexes/seeds/batch',
    payload: {
      requests: [
        { action: 'addObject', body: { query: 'jacket', count: 3 } },
        { action: 'addObject', body: { query: 42, count: 'x' } },
        { action: 'addObject', body: { query: '(a+)+$', count: -1 } },
      ],
    },
  });
  for (const query of ['jacket', 'jackets', 'blue jacket', '¿?', 'a'.repeat(200)])
    await t.request({
      method: 'POST',
      url: '/1/indexes/products/query',
      payload: { query, analyticsTags: ['lang:en'] },
    });
});
afterAll(async () => t.close());

const names = [
  'qs',
  'products',
  'seeds',
  '',
  'qs%00',
  '__proto__',
  'x'.repeat(600),
  'caf%C3%A9',
  '%ZZ',
];
const text = fc.oneof(
  fc.constantFrom('jacket', '(a+)+$', '[', '\\', '.*', '', 'categories.lvl0', 'brand', '__proto__'),
  fc.string({ maxLength: 12 }),
);
const anything = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  text,
  fc.constant({}),
);
const source = fc.record(
  {
    indexName: fc.oneof(fc.constantFrom('products', 'seeds', 'nowhere', 'qs'), anything),
    replicas: fc.oneof(fc.boolean(), anything),
    analyticsTags: fc.oneof(fc.array(text, { maxLength: 3 }), anything),
    facets: fc.oneof(
      fc.array(
        fc.record({
          attribute: text,
          amount: fc.oneof(fc.integer({ min: -1, max: 200 }), anything),
        }),
        {
          maxLength: 3,
        },
      ),
      anything,
    ),
    minHits: fc.oneof(fc.integer({ min: -2, max: 10 }), anything),
    minLetters: fc.oneof(fc.integer({ min: -2, max: 10 }), anything),
    generate: fc.oneof(fc.array(fc.array(text, { maxLength: 3 }), { maxLength: 2 }), anything),
    external: fc.oneof(
      fc.array(fc.constantFrom('seeds', 'nowhere', ''), { maxLength: 2 }),
      anything,
    ),
  },
  { requiredKeys: ['indexName'] },
);
const config = fc.record(
  {
    indexName: fc.oneof(fc.constantFrom(...names), anything),
    sourceIndices: fc.oneof(fc.array(source, { maxLength: 2 }), anything),
    languages: fc.oneof(
      fc.constantFrom(['en'], ['fr'], ['en', 'fr'], true, false, ['xx'], 'en'),
      anything,
    ),
    exclude: fc.oneof(fc.array(text, { maxLength: 3 }), anything),
    enablePersonalization: fc.oneof(fc.boolean(), anything),
    allowSpecialCharacters: fc.oneof(fc.boolean(), anything),
  },
  { requiredKeys: [] },
);
/** A configuration the API accepts, with odd but legal values: its build runs. */
const validConfig = fc.record({
  indexName: fc.constantFrom('qs', 'qs_2', 'qs_3'),
  sourceIndices: fc.array(
    fc.record({
      indexName: fc.constantFrom('products', 'seeds'),
      analyticsTags: fc.array(fc.constantFrom('lang:en', 'x', 'autocomplete'), { maxLength: 2 }),
      facets: fc.array(
        fc.record({
          attribute: fc.constantFrom('brand', 'color', 'nope'),
          amount: fc.integer({ min: 1, max: 100 }),
        }),
        { maxLength: 2 },
      ),
      minHits: fc.integer({ min: 0, max: 5 }),
      minLetters: fc.integer({ min: 0, max: 5 }),
      generate: fc.array(
        fc.array(fc.constantFrom('brand', 'color', 'nope'), { minLength: 1, maxLength: 3 }),
        {
          maxLength: 2,
        },
      ),
      external: fc.array(fc.constantFrom('seeds', 'nowhere', 'products'), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  languages: fc.constantFrom(['en'], ['fr'], ['en', 'fr'], true, false, ['xx']),
  exclude: fc.array(text, { maxLength: 3 }),
  allowSpecialCharacters: fc.boolean(),
});
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PUT', 'DELETE', 'PATCH'),
  path: fc.constantFrom('/1/configs', '/1/configs/{i}', '/1/configs/{i}/status', '/1/logs/{i}'),
  name: fc.constantFrom(...names, 'qs', 'qs_2', 'qs_3'),
  body: fc.oneof(
    { weight: 3, arbitrary: validConfig.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: config.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('')) },
  ),
  key: fc.constantFrom('admin', 'admin', 'admin', 'search', 'none'),
});

it('never answers 5xx to 3,000 random Query Suggestions requests, and still builds afterwards', async () => {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(request, async (fuzz) => {
      const response = await t.request({
        method: fuzz.method as 'GET',
        url: fuzz.path.replace('{i}', fuzz.name),
        headers: { 'content-type': 'application/json' },
        ...(fuzz.method === 'GET' || fuzz.method === 'DELETE' ? {} : { payload: fuzz.body }),
        ...(fuzz.key === 'admin' ? {} : { key: fuzz.key === 'search' ? searchKey : null }),
      });
      if (response.statusCode >= 500)
        throw new Error(
          `${response.statusCode} for ${fuzz.method} ${fuzz.path} ${fuzz.body}: ${response.body}`,
        );
      if (fuzz.method !== 'GET' && response.statusCode === 200) accepted += 1;
      if (response.statusCode >= 400)
        expect(response.json()).toEqual({
          message: expect.any(String),
          status: response.statusCode,
        });
    }),
    {
      numRuns: Number(process.env['FUZZ_RUNS'] ?? 3000),
      seed: Number(process.env['FUZZ_SEED'] ?? 20_261_202),
    },
  );
  // Enough configurations were accepted (and built) for the builds to have been fuzzed too.
  expect(accepted).toBeGreaterThan(20);
  await t.request({ method: 'DELETE', url: '/1/configs/qs_after_fuzz' });
  const created = await t.request({
    method: 'POST',
    url: '/1/configs',
    payload: {
      indexName: 'qs_after_fuzz',
      sourceIndices: [
        { indexName: 'products', analyticsTags: ['lang:en'], minHits: 1, external: ['seeds'] },
      ],
    },
  });
  expect(created.statusCode).toBe(200);
  let status: { isRunning?: boolean; lastSuccessfulBuiltAt?: string } = {};
  for (let attempt = 0; attempt < 2000 && !status.lastSuccessfulBuiltAt; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = (await t.request({ method: 'GET', url: '/1/configs/qs_after_fuzz/status' })).json();
  }
  expect(status.lastSuccessfulBuiltAt).toBeDefined();
  const suggestions = await t.request({
    method: 'POST',
    url: '/1/indexes/qs_after_fuzz/query',
    payload: {},
  });
  expect(suggestions.json().hits.map((hit: { query: string }) => hit.query)).toContain('jacket');
}, 240_000);
