/**
 * InstantSearch's helper over the books catalogue: disjunctive facets (one with a value starting with `-`,
 * which the helper escapes), a disjunctive numeric range, conjunctive facets with an exclusion, tags, and a
 * hierarchical facet under `categories.lvl0…lvl2` (one level holding arrays). Every count of every query of the
 * fan-out, and every count the helper shows, is compared with a brute-force count over the fixture.
 */
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArrayParams, matchesParams, matchesQuery } from '../../support/book-matcher.ts';
import { bookSettings } from '../../support/book-settings.ts';
import { type Book, books, countFacet, valuesAt } from '../../support/books.ts';
import type { CategoryNode } from '../../support/helper-results.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
const levels = ['categories.lvl0', 'categories.lvl1', 'categories.lvl2'];
const hosts = () => hostsOf(server);

beforeAll(async () => {
  server = await startTestServer();
  const admin = algoliasearch(appId, adminKey, { hosts: hosts() });
  await admin.setSettings({ indexName: 'books', indexSettings: bookSettings });
  await admin.saveObjects({ indexName: 'books', objects: [...books], waitForTasks: true });
});
afterAll(async () => server.close());

interface UiState {
  readonly query: string;
  readonly genres: readonly string[];
  readonly publishers: readonly string[];
  readonly price?: readonly [number, number];
  readonly minRating?: number;
  readonly excludedLanguage?: string;
  readonly available?: boolean;
  readonly tag?: string;
  readonly category?: string;
}

type Skip = 'genres' | 'publisher' | 'price' | 'category' | 'none';

/** Whether a book matches the state, ignoring the refinements of `skip` (what a disjunctive facet shows). */
function matches(book: Book, state: UiState, skip: Skip): boolean {
  if (!matchesQuery(book, state.query)) return false;
  if (
    skip !== 'genres' &&
    state.genres.length > 0 &&
    !state.genres.some((g) => book.genres.includes(g))
  )
    return false;
  if (
    skip !== 'publisher' &&
    state.publishers.length > 0 &&
    !state.publishers.includes(book.publisher)
  )
    return false;
  if (skip !== 'price' && state.price !== undefined) {
    const [low, high] = state.price;
    if (book.price === null || book.price < low || book.price > high) return false;
  }
  if (
    state.minRating !== undefined &&
    !book.ratings.some((rating) => rating >= (state.minRating ?? 0))
  )
    return false;
  if (state.excludedLanguage !== undefined && book.language === state.excludedLanguage)
    return false;
  if (state.available !== undefined && book.available !== state.available) return false;
  if (state.tag !== undefined && !book._tags.includes(state.tag)) return false;
  if (skip !== 'category' && state.category !== undefined) {
    const depth = state.category.split(' > ').length - 1;
    if (!valuesAt(book, levels[depth] ?? '').includes(state.category)) return false;
  }
  return true;
}

async function runHelper(state: UiState) {
  const client = liteClient(appId, adminKey, { hosts: hosts() });
  const exchanges: { params: ArrayParams; result: Record<string, unknown> }[] = [];
  const spy = {
    ...client,
    search: async (requests: Parameters<typeof client.search>[0]) => {
      const response = await client.search(requests);
      const list = (Array.isArray(requests) ? requests : requests.requests) as {
        params?: ArrayParams;
      }[];
      list.forEach((request, position) => {
        // A copy: the helper adds excluded values with a 0 count into the raw results it is given.
        const result = structuredClone(response.results[position]) as unknown as Record<
          string,
          unknown
        >;
        exchanges.push({ params: request.params ?? {}, result });
      });
      return response;
    },
  };
  const helper = algoliasearchHelper(spy as typeof client, 'books', {
    disjunctiveFacets: ['genres', 'publisher', 'price'],
    facets: ['language', 'available', 'ratings'],
    hierarchicalFacets: [{ name: 'categories', attributes: levels, separator: ' > ' }],
    maxValuesPerFacet: 1000,
  });
  helper.setQuery(state.query);
  // Widgets refine with the `escapedValue` the helper gives them: a leading `-` becomes `\-`.
  const escaped = (value: string) => value.replace(/^-/, '\\-');
  for (const genre of state.genres) helper.addDisjunctiveFacetRefinement('genres', escaped(genre));
  for (const publisher of state.publishers)
    helper.addDisjunctiveFacetRefinement('publisher', escaped(publisher));
  if (state.price !== undefined) {
    helper.addNumericRefinement('price', '>=', state.price[0]);
    helper.addNumericRefinement('price', '<=', state.price[1]);
  }
  if (state.minRating !== undefined) helper.addNumericRefinement('ratings', '>=', state.minRating);
  if (state.excludedLanguage !== undefined)
    helper.addFacetExclusion('language', state.excludedLanguage);
  if (state.available !== undefined)
    helper.addFacetRefinement('available', String(state.available));
  if (state.tag !== undefined) helper.addTag(state.tag);
  if (state.category !== undefined) helper.toggleFacetRefinement('categories', state.category);
  const { content } = await helper.searchOnce({});
  return { content, exchanges };
}

/** Each shown level holds exactly the values under its parent, with their counts, over the other refinements. */
function checkTree(nodes: readonly CategoryNode[], state: UiState, depth: number, parent?: string) {
  const pool = books.filter((book) => {
    if (!matches(book, state, 'category')) return false;
    return parent === undefined || valuesAt(book, levels[depth - 1] ?? '').includes(parent);
  });
  const expected = Object.fromEntries(
    Object.entries(countFacet(pool, levels[depth] ?? '')).filter(
      ([value]) => parent === undefined || value.startsWith(`${parent} > `),
    ),
  );
  const received = Object.fromEntries(nodes.map((node) => [node.path, node.count]));
  expect(received, `level ${depth} under ${parent ?? 'root'}`).toEqual(expected);
  for (const node of nodes) {
    const refined =
      state.category !== undefined &&
      (state.category === node.path || state.category.startsWith(`${node.path} > `));
    expect(node.isRefined, node.path).toBe(refined);
    if (refined && node.data !== null) checkTree(node.data, state, depth + 1, node.path);
  }
}

async function checkState(state: UiState): Promise<void> {
  const { content, exchanges } = await runHelper(state);
  for (const { params, result } of exchanges) {
    const matched = books.filter((book) => matchesParams(book, params));
    expect(result['nbHits'], JSON.stringify(params)).toBe(matched.length);
    const facets = typeof params.facets === 'string' ? [params.facets] : (params.facets ?? []);
    const received = (result['facets'] ?? {}) as Record<string, Record<string, number>>;
    for (const facet of facets) {
      expect(received[facet] ?? {}, `${facet} in ${JSON.stringify(params)}`).toEqual(
        countFacet(matched, facet),
      );
    }
  }
  expect(content.nbHits).toBe(books.filter((book) => matches(book, state, 'none')).length);
  const disjunctive = [
    ['genres', 'genres', state.genres],
    ['publisher', 'publisher', state.publishers],
  ] as const;
  for (const [facet, skip, refined] of disjunctive) {
    const expected = countFacet(
      books.filter((book) => matches(book, state, skip)),
      facet,
    );
    for (const value of refined) expected[value] ??= 0;
    const values = content.getFacetValues(facet, {}) as {
      name: string;
      count: number;
      isRefined: boolean;
    }[];
    expect(Object.fromEntries(values.map((item) => [item.name, item.count])), facet).toEqual(
      expected,
    );
    for (const item of values) expect(item.isRefined, item.name).toBe(refined.includes(item.name));
  }
  const language = content.getFacetValues('language', {}) as {
    name: string;
    isExcluded: boolean;
  }[];
  for (const item of language) expect(item.isExcluded).toBe(item.name === state.excludedLanguage);
  const tree = content.getFacetValues('categories', {}) as { data: CategoryNode[] | null };
  checkTree(tree.data ?? [], state, 0);
}

describe('algoliasearch-helper over a foreign catalogue', () => {
  const states: [string, UiState][] = [
    ['no refinement', { query: '', genres: [], publishers: [] }],
    [
      'disjunctive values with a leading dash, spaces and accents, and a disjunctive price range',
      {
        query: '',
        genres: ['Fantasy', '-Experimental', 'Self Help'],
        publishers: ['-ish Press', 'Éditions Gallimard'],
        price: [10, 40],
      },
    ],
    [
      'a depth-2 category with an exclusion, a tag and a disjunctive genre',
      {
        query: '',
        genres: ['Littérature', 'Poetry'],
        publishers: [],
        excludedLanguage: 'de',
        tag: 'bestseller',
        category: 'Fiction > Classics',
      },
    ],
    [
      'a deep category with accents and a text query',
      {
        query: 'garden',
        genres: [],
        publishers: ["O'Reilly Media", 'Penguin Books'],
        category: 'Jeunesse > Albums > Très jeunes',
      },
    ],
    [
      'a leaf reached through an array level, a boolean facet and a numeric array filter',
      {
        query: '',
        genres: ['Mystery'],
        publishers: [],
        minRating: 4,
        available: true,
        category: 'Fiction > Classics > Anthologies',
      },
    ],
    [
      'a top-level category and a prefix query',
      { query: 'orch', genres: [], publishers: ['Faber & Faber'], category: 'Non-fiction' },
    ],
  ];
  it.each(states)('counts every facet value exactly: %s', async (_label, state) => {
    await checkState(state);
  });
});

describe('searchable refinement lists through the helper', () => {
  it('searches facet values with counts under the other refinements, ignoring the facet own ones', async () => {
    const client = liteClient(appId, adminKey, { hosts: hosts() });
    const helper = algoliasearchHelper(client, 'books', {
      disjunctiveFacets: ['genres', 'publisher'],
    });
    helper.addDisjunctiveFacetRefinement('genres', 'Poetry');
    helper.addDisjunctiveFacetRefinement('publisher', 'Penguin Books');
    helper.setQuery('river');
    const response = await helper.searchForFacetValues('genres', 'f', 10);
    const pool = books.filter(
      (book) => matchesQuery(book, 'river') && book.publisher === 'Penguin Books',
    );
    const counts = countFacet(pool, 'genres');
    const expected = Object.entries(counts)
      .filter(([value]) => /(^|[^\p{L}])f/iu.test(value))
      .map(([value, count]) => ({ value, count, isRefined: value === 'Poetry' }));
    expect(expected.length).toBeGreaterThan(1);
    const received = response.facetHits.map(({ value, count, isRefined }) => ({
      value,
      count,
      isRefined,
    }));
    expect(received.sort((a, b) => a.value.localeCompare(b.value))).toEqual(
      expected.sort((a, b) => a.value.localeCompare(b.value)),
    );
  });
});
