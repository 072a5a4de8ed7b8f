import { liteClient } from 'algoliasearch/lite';
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper';
import { adminKey, appId } from './test-app.ts';
import { hostsOf, type TestServer } from './test-server.ts';

/** InstantSearch's helper over the v5 lite client on a test server, showing up to 1,000 values per facet. */
export function helperOn(
  server: TestServer,
  indexName: string,
  state: Parameters<typeof algoliasearchHelper>[2],
) {
  const client = liteClient(appId, adminKey, { hosts: hostsOf(server) });
  return algoliasearchHelper(client, indexName, { maxValuesPerFacet: 1000, ...state });
}

/** One value of a facet as the helper shows it. */
export type FacetValue = { name: string; count: number; isRefined?: boolean; isExcluded?: boolean };

/** `{ value: count }` of a flat facet, values with a count of 0 (refined but unmatched) left out. */
export const countsOf = (content: SearchResults, facet: string) =>
  Object.fromEntries(
    (content.getFacetValues(facet, { sortBy: ['name:asc'] }) as FacetValue[])
      .filter((value) => value.count > 0)
      .map((value) => [value.name, value.count]),
  );

/** One node of the helper's hierarchical facet tree. */
export interface CategoryNode {
  readonly name: string;
  readonly path: string;
  readonly count: number;
  readonly isRefined: boolean;
  readonly data: CategoryNode[] | null;
}

/** `{ path: count }` of one level of the helper's hierarchical tree. */
export const levelCounts = (nodes: readonly CategoryNode[] | null | undefined) =>
  Object.fromEntries((nodes ?? []).map((node) => [node.path, node.count]));

/** The refined node of one level of the tree, if any. */
export const refinedChild = (nodes: readonly CategoryNode[] | null | undefined) =>
  (nodes ?? []).find((node) => node.isRefined);

/** The entries of `counts` whose path starts with `prefix`. */
export const withPrefix = (counts: Record<string, number>, prefix: string) =>
  Object.fromEntries(Object.entries(counts).filter(([path]) => path.startsWith(prefix)));
