import { liteClient } from 'algoliasearch/lite';
import algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bruteForceFacets, bruteForceMatch, type HelperParams } from '../../support/brute-force.ts';
import { makeProducts, productSettings, type TestProduct } from '../../support/products.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
const products = makeProducts(240);
const levels = [
  'hierarchicalCategories.lvl0',
  'hierarchicalCategories.lvl1',
  'hierarchicalCategories.lvl2',
];

beforeAll(async () => {
  server = await startTestServer();
  await server.request({
    method: 'PUT',
    url: '/1/indexes/products/settings',
    payload: productSettings,
  });
  await server.request({
    method: 'POST',
    url: '/1/indexes/products/batch',
    payload: { requests: products.map((body) => ({ action: 'addObject', body })) },
  });
});
afterAll(async () => server.close());

/** The refinements of one UI state, and a brute-force matcher for them. */
interface UiState {
  readonly query: string;
  readonly brands: readonly string[];
  readonly colors: readonly string[];
  readonly category: string | undefined;
  readonly minPrice: number | undefined;
}

function levelValue(product: TestProduct, level: number): string | undefined {
  const { lvl0, lvl1, lvl2 } = product.hierarchicalCategories;
  return [lvl0, lvl1, lvl2][level];
}

/** Every filter of the state except the ones named in `skip`. */
function matches(
  product: TestProduct,
  state: UiState,
  skip: 'brand' | 'color' | 'category' | 'none',
): boolean {
  if (
    state.query !== '' &&
    !product.name
      .toLowerCase()
      .split(' ')
      .some((word) => word.startsWith(state.query))
  ) {
    return false;
  }
  if (skip !== 'brand' && state.brands.length > 0 && !state.brands.includes(product.brand))
    return false;
  if (
    skip !== 'color' &&
    state.colors.length > 0 &&
    !state.colors.some((color) => product.color.includes(color))
  ) {
    return false;
  }
  if (state.minPrice !== undefined && product.price < state.minPrice) return false;
  if (skip !== 'category' && state.category !== undefined) {
    const depth = state.category.split(' > ').length - 1;
    if (levelValue(product, depth) !== state.category) return false;
  }
  return true;
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

async function runHelper(state: UiState) {
  const client = liteClient(appId, adminKey, { hosts: hostsOf(server) });
  const exchanges: { params: HelperParams; result: Record<string, unknown> }[] = [];
  const spy = {
    ...client,
    search: async (requests: Parameters<typeof client.search>[0]) => {
      const response = await client.search(requests);
      const list = (Array.isArray(requests) ? requests : requests.requests) as {
        params?: HelperParams;
      }[];
      list.forEach((request, position) => {
        const result = response.results[position] as unknown as Record<string, unknown>;
        exchanges.push({ params: request.params ?? {}, result });
      });
      return response;
    },
  };
  const helper = algoliasearchHelper(spy as typeof client, 'products', {
    disjunctiveFacets: ['brand', 'color'],
    hierarchicalFacets: [{ name: 'categories', attributes: levels }],
  });
  helper.setQuery(state.query);
  for (const brand of state.brands) helper.addDisjunctiveFacetRefinement('brand', brand);
  for (const color of state.colors) helper.addDisjunctiveFacetRefinement('color', color);
  if (state.category !== undefined) helper.toggleFacetRefinement('categories', state.category);
  if (state.minPrice !== undefined) helper.addNumericRefinement('price', '>=', state.minPrice);
  const { content } = await helper.searchOnce({});
  return { content, exchanges };
}

async function checkState(state: UiState): Promise<void> {
  const { content, exchanges } = await runHelper(state);
  const refined =
    state.brands.length + state.colors.length + (state.category === undefined ? 0 : 1);
  expect(exchanges.length > 1).toBe(refined > 0);
  // Every query of the fan-out, checked against the records themselves.
  for (const { params, result } of exchanges) {
    expect(result['nbHits'], JSON.stringify(params)).toBe(
      products.filter((product) => bruteForceMatch(product, params)).length,
    );
    const expected = bruteForceFacets(products, params);
    const received = (result['facets'] ?? {}) as Record<string, Record<string, number>>;
    for (const [facet, counts] of Object.entries(expected)) {
      expect(received[facet] ?? {}, `${facet} in ${JSON.stringify(params)}`).toEqual(counts);
    }
  }
  // What the helper shows: the result count and the disjunctive facet values.
  expect(content.nbHits).toBe(products.filter((product) => matches(product, state, 'none')).length);
  for (const facet of ['brand', 'color'] as const) {
    const pool = products.filter((product) => matches(product, state, facet));
    const values =
      facet === 'brand'
        ? pool.map((product) => product.brand)
        : pool.flatMap((product) => product.color);
    const expected = countBy(values);
    const refined = facet === 'brand' ? state.brands : state.colors;
    for (const value of refined) expected[value] ??= 0;
    const received = content.getFacetValues(facet, {}) as { name: string; count: number }[];
    expect(Object.fromEntries(received.map((item) => [item.name, item.count])), facet).toEqual(
      expected,
    );
  }
  // The category tree: the refined path is shown, with exact counts for its deepest refined level.
  const tree = content.getFacetValues('categories', {}) as { data: CategoryNode[] | null };
  if (state.category !== undefined) checkRefinedPath(tree.data ?? [], state);
}

interface CategoryNode {
  readonly name: string;
  readonly count: number;
  readonly isRefined: boolean;
  readonly data: CategoryNode[] | null;
}

function checkRefinedPath(nodes: readonly CategoryNode[], state: UiState): void {
  const path = state.category?.split(' > ') ?? [];
  let level = nodes;
  path.forEach((name, depth) => {
    const node = level.find((candidate) => candidate.name === name);
    expect(node?.isRefined, `${name} is refined`).toBe(true);
    if (depth === path.length - 1) {
      const full = path.join(' > ');
      const expected = products.filter((product) => matches(product, state, 'none')).length;
      expect(node?.count, full).toBe(expected);
    }
    level = node?.data ?? [];
  });
}

describe('algoliasearch-helper fan-out against the service', () => {
  const states: [string, UiState][] = [
    [
      'no refinement',
      { query: '', brands: [], colors: [], category: undefined, minPrice: undefined },
    ],
    [
      'disjunctive brands and a colour',
      {
        query: '',
        brands: ['LG', 'Sony'],
        colors: ['red'],
        category: undefined,
        minPrice: undefined,
      },
    ],
    [
      'a hierarchical refinement at depth 2 with disjunctive facets and a price range',
      {
        query: '',
        brands: ['LG', 'Sony', 'Acme'],
        colors: ['red', 'blue'],
        category: 'TV & Home Theater > TVs',
        minPrice: 100,
      },
    ],
    [
      'a depth-3 category and a text query',
      {
        query: 'television',
        brands: ['Samsung'],
        colors: [],
        category: 'TV & Home Theater > TVs > OLED',
        minPrice: undefined,
      },
    ],
    [
      'a top-level category only',
      { query: 'jacket', brands: [], colors: ['green'], category: 'Clothing', minPrice: 500 },
    ],
  ];
  it.each(states)('counts every facet value exactly: %s', async (_label, state) => {
    await checkState(state);
  });
});
