/**
 * A realistic InstantSearch query log: seeded UI states (typing a name keystroke by keystroke, refining colours,
 * sizes, categories and price, paging) turned into the exact `/1/indexes/*\/queries` bodies the helper sends, by
 * running algoliasearch-helper against a client that records requests instead of sending them.
 */
import algoliasearchHelper from 'algoliasearch-helper';
import { pageSearchParameters } from '../../apps/storefront/src/lib/search/search-attributes.ts';
import { seededRandom } from '../engine/seeded-random.ts';
import type { BenchProduct } from './catalogue.ts';

const levels = [
  'hierarchicalCategories.lvl0',
  'hierarchicalCategories.lvl1',
  'hierarchicalCategories.lvl2',
];

export interface RecordedRequest {
  readonly indexName: string;
  readonly params?: Record<string, unknown>;
}

function recordingClient(recorded: RecordedRequest[][]) {
  return {
    search(requests: RecordedRequest[]) {
      recorded.push(requests);
      return Promise.resolve({
        results: requests.map(() => ({
          hits: [],
          nbHits: 0,
          page: 0,
          nbPages: 0,
          hitsPerPage: 20,
          processingTimeMS: 0,
          facets: {},
          exhaustiveFacetsCount: true,
          query: '',
          params: '',
        })),
      });
    },
  };
}

/** The catalogue's values of a facet, sorted; `weighted` repeats each once per product that has it. */
export function valuesOf(
  products: readonly BenchProduct[],
  attribute: string,
  weighted = false,
): string[] {
  const values: string[] = [];
  for (const product of products) {
    const value = product[attribute];
    for (const item of Array.isArray(value) ? value : [value])
      if (typeof item === 'string') values.push(item);
  }
  return weighted ? values.sort() : [...new Set(values)].sort();
}

/** Every product's category paths (lvl0, lvl1, lvl2 values), one entry per product and level. */
export function categoryPaths(products: readonly BenchProduct[]): string[] {
  return products.flatMap((product) => {
    const categories = product['hierarchicalCategories'] as Record<string, unknown> | undefined;
    const lvl = [categories?.['lvl0'], categories?.['lvl1'], categories?.['lvl2']].flat();
    return lvl.filter((value): value is string => typeof value === 'string');
  });
}

/** algoliasearch-helper set up as the storefront's search page sets it up, recording each search's requests. */
export function storefrontHelper(recorded: RecordedRequest[][]) {
  return algoliasearchHelper(recordingClient(recorded) as never, 'products', {
    disjunctiveFacets: ['color', 'sizes', 'material', 'price'],
    facets: ['sale', 'eco', 'new'],
    hierarchicalFacets: [{ name: 'categories', attributes: levels }],
    hitsPerPage: 20,
    maxValuesPerFacet: 10,
    clickAnalytics: true,
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
    // What the storefront's search page asks for (search-experience.tsx): the cards' attributes only.
    facetingAfterDistinct: true,
    ...pageSearchParameters('en'),
  } as never);
}

/** The `/1/indexes/*\/queries` body of each recorded search. */
export function toBodies(recorded: readonly RecordedRequest[][]): string[] {
  return recorded.map((requests) =>
    JSON.stringify({
      requests: requests.map(({ indexName, params }) => ({ indexName, ...params })),
    }),
  );
}

/**
 * Builds `count` request bodies (JSON strings), each one UI state's fan-out.
 * @param seed - the same seed always gives the same log.
 */
export async function buildQueryLog(
  products: readonly BenchProduct[],
  count: number,
  seed = 7_070,
): Promise<string[]> {
  const random = seededRandom(seed);
  const names = products
    .map((product) => String(product['name'] ?? ''))
    .filter((name) => name.length > 2);
  const colors = valuesOf(products, 'color');
  const sizes = valuesOf(products, 'sizes');
  const paths = categoryPaths(products);
  const recorded: RecordedRequest[][] = [];
  const helper = storefrontHelper(recorded);
  while (recorded.length < count) {
    const name = random.pick(names).toLowerCase();
    const words = name
      .split(/\s+/)
      .slice(0, 1 + random.integer(2))
      .join(' ');
    const typed = random.next() < 0.2 ? '' : words.slice(0, 1 + random.integer(words.length));
    let state = helper.state
      .setQuery(typed)
      .setPage(random.next() < 0.9 ? 0 : 1 + random.integer(3));
    state = state.clearRefinements();
    if (random.next() < 0.4 && colors.length > 0)
      state = state.addDisjunctiveFacetRefinement('color', random.pick(colors));
    if (random.next() < 0.2 && sizes.length > 0)
      state = state.addDisjunctiveFacetRefinement('sizes', random.pick(sizes));
    if (random.next() < 0.4 && paths.length > 0)
      state = state.toggleFacetRefinement('categories', random.pick(paths));
    if (random.next() < 0.25)
      state = state.addNumericRefinement('price', '>=', 10 + random.integer(50));
    if (random.next() < 0.1) state = state.addFacetRefinement('sale', 'true');
    helper.setState(state);
    await helper.searchOnce({});
  }
  return toBodies(recorded.slice(0, count));
}
