/**
 * Storefront traffic as visitors make it, for the search cache's cold start: where `query-log.ts` draws 1,000
 * independent UI states uniformly (every product name as likely as any other), this log follows visitor sessions
 * in order. A visitor lands on the search page (empty query), types a query one keystroke at a time (one request
 * per prefix, as the as-you-type search box sends them), may refine colour, size, category, price or sale (one
 * request per refinement, kept as they add up) and may go to page 2.
 *
 * What visitors search for is drawn by popularity, with the usual shape of search logs and no tuning: the
 * candidate queries are the first word and the first two words of the catalogue's product names, ranked by how
 * many names start with them, and the query of rank r is chosen with probability ∝ 1 / r (Zipf, exponent 1).
 * Facet values are chosen in proportion to the number of products that have them. Repeats (and so the search
 * cache's hits) come only from that: nothing is replayed.
 */
import { seededRandom } from '../engine/seeded-random.ts';
import type { BenchProduct } from './catalogue.ts';
import {
  categoryPaths,
  type RecordedRequest,
  storefrontHelper,
  toBodies,
  valuesOf,
} from './query-log.ts';

/** Candidate queries, most frequent first (ties alphabetical). */
function rankedQueries(products: readonly BenchProduct[]): string[] {
  const counts = new Map<string, number>();
  for (const product of products) {
    const words = String(product['name'] ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length > 0);
    for (const query of new Set([words.slice(0, 1).join(' '), words.slice(0, 2).join(' ')]))
      if (query.length > 2) counts.set(query, (counts.get(query) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([query]) => query);
}

/** Draws ranks 0…n-1 with probability ∝ 1 / (rank + 1). */
function zipfSampler(n: number, next: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 0; rank < n; rank++) {
    sum += 1 / (rank + 1);
    cumulative[rank] = sum;
  }
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/**
 * At least `count` request bodies (JSON strings) of consecutive visitor sessions, in order.
 * @param seed - the same seed always gives the same log.
 */
export async function buildTrafficLog(
  products: readonly BenchProduct[],
  count: number,
  seed = 7_071,
): Promise<string[]> {
  const random = seededRandom(seed);
  const queries = rankedQueries(products);
  const nextQuery = zipfSampler(queries.length, random.next);
  const colors = valuesOf(products, 'color', true);
  const sizes = valuesOf(products, 'sizes', true);
  const paths = categoryPaths(products);
  const recorded: RecordedRequest[][] = [];
  const helper = storefrontHelper(recorded);
  const search = async (state: typeof helper.state) => {
    helper.setState(state);
    await helper.searchOnce({});
    return state;
  };
  while (recorded.length < count) {
    let state = await search(helper.state.clearRefinements().setQuery('').setPage(0));
    const query = queries[nextQuery()] ?? '';
    for (let typed = 1; typed <= query.length; typed++) {
      if (query[typed - 1] === ' ') continue;
      state = await search(state.setQuery(query.slice(0, typed)));
    }
    if (random.next() < 0.4 && colors.length > 0)
      state = await search(state.addDisjunctiveFacetRefinement('color', random.pick(colors)));
    if (random.next() < 0.2 && sizes.length > 0)
      state = await search(state.addDisjunctiveFacetRefinement('sizes', random.pick(sizes)));
    if (random.next() < 0.4 && paths.length > 0)
      state = await search(state.toggleFacetRefinement('categories', random.pick(paths)));
    if (random.next() < 0.25)
      state = await search(state.addNumericRefinement('price', '>=', 10 + random.integer(50)));
    if (random.next() < 0.1) state = await search(state.addFacetRefinement('sale', 'true'));
    if (random.next() < 0.1) await search(state.setPage(1));
  }
  return toBodies(recorded);
}

/** The share of the log's requests `from`…`to` (exclusive) whose body appeared earlier in the log. */
export function repeatShare(log: readonly string[], from: number, to: number): number {
  const seen = new Set(log.slice(0, from));
  let repeats = 0;
  const end = Math.min(to, log.length);
  for (let i = from; i < end; i++) {
    const body = log[i] as string;
    if (seen.has(body)) repeats++;
    else seen.add(body);
  }
  return end > from ? repeats / (end - from) : 0;
}
