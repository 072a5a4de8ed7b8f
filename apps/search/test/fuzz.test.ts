import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProducts, productSettings } from './support/products.ts';
import { adminKey, searchKey, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Sends at least 10,000 random and malformed requests through `inject` and checks the service never answers
 * 5xx, and that every error is an Algolia `{ message, status }` body carrying the HTTP status.
 */
let t: TestApp;
let customKey = '';
beforeAll(async () => {
  t = await startTestApp({ searchLog: { flushIntervalMS: 60_000, maxBuffered: 1_000_000 } });
  await t.request({
    method: 'PUT',
    url: '/1/indexes/products/settings',
    payload: { ...productSettings, replicas: ['products_r', 'virtual(products_v)'] },
  });
  await t.request({
    method: 'POST',
    url: '/1/indexes/products/batch',
    payload: { requests: makeProducts(30).map((body) => ({ action: 'addObject', body })) },
  });
  customKey = (
    await t.request({
      method: 'POST',
      url: '/1/keys',
      payload: { acl: ['search', 'addObject'], maxQueriesPerIPPerHour: 100_000 },
    })
  ).json().key;
});
afterAll(async () => t.close());

const paramNames = [
  'query',
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
  'facets',
  'hitsPerPage',
  'page',
  'offset',
  'length',
  'maxValuesPerFacet',
  'maxFacetHits',
  'sortFacetValuesBy',
  'attributesToRetrieve',
  'attributesToHighlight',
  'attributesToSnippet',
  'highlightPreTag',
  'typoTolerance',
  'ignorePlurals',
  'removeStopWords',
  'queryLanguages',
  'queryType',
  'removeWordsIfNoResults',
  'optionalWords',
  'advancedSyntax',
  'distinct',
  'getRankingInfo',
  'clickAnalytics',
  'analytics',
  'ruleContexts',
  'enableRules',
  'userToken',
  'responseFields',
  'restrictSearchableAttributes',
  'minProximity',
  'aroundLatLng',
  'exactOnSingleWordQuery',
  'facetingAfterDistinct',
  'sumOrFiltersScores',
  'cursor',
  'params',
  'minWordSizefor1Typo',
  'synonyms',
];
const settingNames = [
  'searchableAttributes',
  'attributesForFaceting',
  'customRanking',
  'ranking',
  'replicas',
  'hitsPerPage',
  'paginationLimitedTo',
  'attributeForDistinct',
  'distinct',
  'renderingContent',
  'userData',
  'typoTolerance',
  'unretrievableAttributes',
  'numericAttributesForFiltering',
  'separatorsToIndex',
  'camelCaseAttributes',
  'relevancyStrictness',
  'ignorePlurals',
  'queryLanguages',
  'minProximity',
  'snippetEllipsisText',
];
const words = [
  'brand',
  'price',
  'color',
  'LG',
  'Sony',
  'red',
  'tv',
  '*',
  '-',
  'hierarchicalCategories.lvl0',
  'searchable(brand)',
  'desc(price)',
  'asc(rank)',
  'virtual(x)',
  'products',
  'AND',
  'OR',
  'NOT',
  ':',
  '"',
  '(',
  ')',
  '<score=3>',
  '>=',
  ' TO ',
  '10',
  '-5',
  'é',
  '\u0000',
  '\ud800',
  'true',
  'null',
  '[',
  ']',
  '%',
  '%ZZ',
  '+',
];

const word = fc.constantFrom(...words);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(word, { maxLength: 6 }).map((parts) => parts.join('')),
);
const scalar = fc.oneof(
  text,
  fc.integer({ min: -5, max: 2000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: scalar },
  {
    weight: 2,
    arbitrary: fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxLength: 4 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
/** Values that are usually valid, so most requests get past validation and exercise the engine. */
const plausible: Record<string, fc.Arbitrary<unknown>> = {
  query: fc.oneof(
    fc.constantFrom('', 'tv', 'sony tel', 'jacket', 'lg televsion', '"lg tv"', '-sony'),
    text,
  ),
  filters: fc.constantFrom(
    'brand:LG',
    'price > 100 AND (brand:LG OR brand:Sony)',
    'price:10 TO 500',
    'NOT color:red',
    '',
  ),
  facetFilters: fc.constantFrom(
    [['brand:LG', 'brand:Sony']],
    ['color:red'],
    'brand:LG',
    [['hierarchicalCategories.lvl0:Clothing']],
    ['brand:-LG'],
  ),
  numericFilters: fc.constantFrom(
    ['price>=100'],
    'price<500',
    [['price<100', 'price>1000']],
    ['price:10 TO 20'],
  ),
  optionalFilters: fc.constantFrom(['brand:LG<score=2>'], 'color:red', [
    ['brand:Sony', 'brand:LG'],
  ]),
  tagFilters: fc.constantFrom('sale', ['a', ['b', 'c']], ''),
  facets: fc.constantFrom(['brand'], 'brand,color', ['*'], '["price"]', [
    'hierarchicalCategories.lvl0',
    'hierarchicalCategories.lvl1',
  ]),
  hitsPerPage: fc.integer({ min: 0, max: 60 }),
  page: fc.integer({ min: 0, max: 5 }),
  offset: fc.integer({ min: 0, max: 40 }),
  length: fc.integer({ min: 0, max: 40 }),
  maxValuesPerFacet: fc.integer({ min: 0, max: 3000 }),
  maxFacetHits: fc.integer({ min: 1, max: 100 }),
  attributesToRetrieve: fc.constantFrom(['*'], ['name'], ['*', '-price'], 'name,brand'),
  attributesToSnippet: fc.constantFrom(['name:2'], ['name']),
  typoTolerance: fc.constantFrom(true, false, 'min', 'strict', 'false'),
  distinct: fc.constantFrom(0, 1, 2, true, false),
  getRankingInfo: fc.boolean(),
  clickAnalytics: fc.boolean(),
  analytics: fc.boolean(),
  ruleContexts: fc.constantFrom(['sale'], []),
  advancedSyntax: fc.boolean(),
  removeWordsIfNoResults: fc.constantFrom('none', 'lastWords', 'firstWords', 'allOptional'),
  queryType: fc.constantFrom('prefixLast', 'prefixAll', 'prefixNone'),
  ignorePlurals: fc.constantFrom(true, ['fr', 'en'], 'false'),
  removeStopWords: fc.constantFrom(true, ['fr']),
  sortFacetValuesBy: fc.constantFrom('count', 'alpha'),
  facetQuery: fc.constantFrom('', 'so', 'l', 'tom hil'),
  searchableAttributes: fc.constantFrom(['name', 'brand'], ['unordered(name)'], ['name,brand']),
  attributesForFaceting: fc.constantFrom(
    ['brand', 'searchable(color)'],
    ['filterOnly(price)', 'afterDistinct(brand)'],
  ),
  customRanking: fc.constantFrom(['desc(rank)'], ['asc(price)', 'desc(rank)']),
  ranking: fc.constantFrom(
    ['asc(price)', 'typo', 'words', 'custom'],
    ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
  ),
  replicas: fc.constantFrom(['scratch_r'], ['virtual(scratch_v)'], []),
  attributeForDistinct: fc.constantFrom('brand', 'hierarchicalCategories.lvl0'),
  paginationLimitedTo: fc.integer({ min: 0, max: 25_000 }),
};
const params = (names: string[]) =>
  fc
    .dictionary(
      fc.constantFrom(...names),
      fc.constant(null).chain(() => value),
      { maxKeys: 6 },
    )
    .chain((random) =>
      fc
        .dictionary(fc.constantFrom(...names.filter((name) => plausible[name])), fc.constant(0), {
          maxKeys: 5,
        })
        .chain((keys) =>
          fc.record(
            Object.fromEntries(Object.keys(keys).map((name) => [name, plausible[name] ?? value])),
          ),
        )
        .chain((good) =>
          fc.oneof(
            { weight: 4, arbitrary: fc.constant(good) },
            { weight: 1, arbitrary: fc.constant({ ...good, ...random }) },
          ),
        ),
    );
const writableIndex = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('scratch', 'other', 'products_r', 'scratch_tmp') },
  { weight: 1, arbitrary: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constant('*')) },
);
const indexName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('products', 'products_r', 'products_v', 'other') },
  { weight: 1, arbitrary: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constant('*')) },
);
const record = fc.oneof(
  makeProductsArbitrary(),
  fc.dictionary(
    fc.oneof(fc.constantFrom('objectID', 'name', 'price', 'brand', 'stock'), fc.string()),
    value,
    { maxKeys: 5 },
  ),
);
function makeProductsArbitrary() {
  return fc.constantFrom(...makeProducts(10)).map((product) => ({ ...product }));
}
const action = fc.record({
  action: fc.oneof(
    fc.constantFrom(
      'addObject',
      'updateObject',
      'partialUpdateObject',
      'partialUpdateObjectNoCreate',
      'deleteObject',
      'clear',
      'delete',
    ),
    fc.string(),
  ),
  body: fc.oneof({ weight: 4, arbitrary: record }, { weight: 1, arbitrary: value }),
  indexName: writableIndex,
});
const queryEntry = fc
  .tuple(
    indexName,
    params(paramNames),
    fc.option(fc.constantFrom('default', 'facet', 'facet', 'default', 'x'), { freq: 2 }),
  )
  .map(([index, entry, type]) => ({
    indexName: index,
    ...entry,
    ...(type === null ? {} : { type, facet: 'brand' }),
  }));

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH';
  url: string;
  body: unknown;
  raw?: string | Buffer;
  headers: Record<string, string>;
}

const route = fc.oneof(
  fc
    .record({
      requests: fc.array(queryEntry, { maxLength: 4 }),
      strategy: fc.option(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom('none', 'stopIfEnoughMatches') },
          { weight: 1, arbitrary: fc.string() },
        ),
      ),
    })
    .map((body) => ['POST', '/1/indexes/*/queries', body] as const),
  fc
    .tuple(indexName, params(paramNames))
    .map(
      ([index, body]) => ['POST', `/1/indexes/${encodeURIComponent(index)}/query`, body] as const,
    ),
  fc
    .tuple(
      indexName,
      fc.constantFrom('brand', 'color', 'nope'),
      params([...paramNames, 'facetQuery']),
    )
    .map(
      ([index, facet, body]) =>
        ['POST', `/1/indexes/${encodeURIComponent(index)}/facets/${facet}/query`, body] as const,
    ),
  fc
    .tuple(indexName, params(paramNames))
    .map(
      ([index, body]) => ['POST', `/1/indexes/${encodeURIComponent(index)}/browse`, body] as const,
    ),
  fc
    .tuple(writableIndex, fc.array(action, { maxLength: 4 }))
    .map(
      ([index, requests]) =>
        ['POST', `/1/indexes/${encodeURIComponent(index)}/batch`, { requests }] as const,
    ),
  fc
    .array(action, { maxLength: 3 })
    .map((requests) => ['POST', '/1/indexes/*/batch', { requests }] as const),
  fc
    .tuple(writableIndex, params(settingNames), fc.boolean())
    .map(
      ([index, body, forward]) =>
        [
          'PUT',
          `/1/indexes/${encodeURIComponent(index)}/settings?forwardToReplicas=${forward}`,
          body,
        ] as const,
    ),
  fc
    .tuple(indexName, fc.string({ maxLength: 8 }))
    .map(
      ([index, id]) =>
        [
          'GET',
          `/1/indexes/${encodeURIComponent(index)}/${encodeURIComponent(id || 'x')}`,
          undefined,
        ] as const,
    ),
  fc
    .tuple(writableIndex, fc.string({ maxLength: 8 }), value)
    .map(
      ([index, id, body]) =>
        [
          'POST',
          `/1/indexes/${encodeURIComponent(index)}/${encodeURIComponent(id || 'x')}/partial`,
          body,
        ] as const,
    ),
  fc
    .tuple(
      writableIndex,
      fc.constantFrom('synonyms', 'rules'),
      fc.constantFrom('batch', 'search', 'clear'),
      value,
    )
    .map(
      ([index, kind, verb, body]) =>
        ['POST', `/1/indexes/${encodeURIComponent(index)}/${kind}/${verb}`, body] as const,
    ),
  fc
    .tuple(fc.oneof(indexName, writableIndex), fc.constantFrom('copy', 'move', 'x'), writableIndex)
    .map(
      ([index, operation, destination]) =>
        [
          'POST',
          `/1/indexes/${encodeURIComponent(index)}/operation`,
          { operation, destination },
        ] as const,
    ),
  fc
    .tuple(indexName, fc.oneof(fc.integer(), fc.string()))
    .map(
      ([index, task]) =>
        [
          'GET',
          `/1/indexes/${encodeURIComponent(index)}/task/${encodeURIComponent(String(task))}`,
          undefined,
        ] as const,
    ),
  fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      fc.oneof(fc.constant(''), fc.string({ maxLength: 6 })),
      value,
    )
    .map(
      ([method, key, body]) =>
        [method, `/1/keys${key ? `/${encodeURIComponent(key)}` : ''}`, body] as const,
    ),
  fc
    .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), fc.webPath(), value)
    .map(([method, path, body]) => [method, path || '/', body] as const),
);

const admin = { 'x-algolia-application-id': 'vitrine', 'x-algolia-api-key': adminKey };
const credentials = fc.constantFrom<Record<string, string>>(
  admin,
  admin,
  admin,
  admin,
  admin,
  admin,
  { 'x-algolia-application-id': 'vitrine', 'x-algolia-api-key': adminKey },
  { 'x-algolia-application-id': 'vitrine', 'x-algolia-api-key': searchKey },
  { 'x-algolia-application-id': 'vitrine', 'x-algolia-api-key': 'CUSTOM' },
  {
    'x-algolia-application-id': 'vitrine',
    'x-algolia-api-key': Buffer.from(`${'a'.repeat(64)}filters=x`).toString('base64'),
  },
  { 'x-algolia-application-id': 'other', 'x-algolia-api-key': adminKey },
  {},
);
const bodyEncoding = fc.constantFrom(
  ...Array<string>(12).fill('json'),
  'gzip',
  'gzip',
  'garbage',
  'truncated',
  'bad-gzip',
);

const request: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    route,
    credentials,
    bodyEncoding,
    fc.constantFrom('text/plain', 'application/json', 'x/y', ''),
  )
  .map(([[method, url, body], headers, encoding, contentType]) => {
    const resolved = Object.fromEntries(
      Object.entries(headers).map(([name, header]) => [
        name,
        header === 'CUSTOM' ? customKey : header,
      ]),
    );
    const json = body === undefined ? undefined : JSON.stringify(body);
    const base: FuzzRequest = {
      method: method as FuzzRequest['method'],
      url,
      body,
      headers: { ...resolved, ...(contentType ? { 'content-type': contentType } : {}) },
    };
    if (json === undefined || method === 'GET' || method === 'OPTIONS') return base;
    if (encoding === 'gzip')
      return {
        ...base,
        raw: gzipSync(json),
        headers: { ...base.headers, 'content-encoding': 'gzip' },
      };
    if (encoding === 'bad-gzip')
      return { ...base, raw: json, headers: { ...base.headers, 'content-encoding': 'gzip' } };
    if (encoding === 'garbage') return { ...base, raw: `${json}}{` };
    if (encoding === 'truncated')
      return { ...base, raw: json.slice(0, Math.floor(json.length / 2)) };
    return { ...base, raw: json };
  });

it('never answers 5xx to 10,000 random and malformed requests', async () => {
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(request, async (fuzz) => {
      sent += 1;
      const response = await t.app.inject({
        method: fuzz.method,
        url: fuzz.url,
        headers: fuzz.headers,
        ...(fuzz.raw === undefined ? {} : { payload: fuzz.raw }),
      });
      if (response.statusCode >= 500) {
        throw new Error(
          `${response.statusCode} for ${fuzz.method} ${fuzz.url} ${JSON.stringify(fuzz.body)}: ${response.body}`,
        );
      }
      if (response.statusCode >= 400) {
        const body = response.json();
        expect(body).toEqual({ message: expect.any(String), status: response.statusCode });
      }
    }),
    {
      numRuns: Number(process.env['FUZZ_RUNS'] ?? 10_000),
      seed: Number(process.env['FUZZ_SEED'] ?? 20_260_301),
    },
  );
  expect(sent).toBeGreaterThanOrEqual(10_000);
}, 240_000);
