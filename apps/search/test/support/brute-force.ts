import type { TestProduct } from './products.ts';

/** The parameters InstantSearch's helper sends, as the lite client forwards them. */
export interface HelperParams {
  readonly query?: string;
  readonly facets?: string | readonly string[];
  readonly facetFilters?: readonly (string | readonly string[])[];
  readonly numericFilters?: readonly (string | readonly string[])[];
}

/** Every value of a dot path (arrays flattened), as strings. */
export function valuesAt(product: TestProduct, path: string): string[] {
  let current: unknown[] = [product];
  for (const segment of path.split('.')) {
    current = current.flatMap((value) => {
      if (typeof value !== 'object' || value === null) return [];
      const next = (value as Record<string, unknown>)[segment];
      return Array.isArray(next) ? next : next === undefined ? [] : [next];
    });
  }
  return current.map(String);
}

function matchesFacetFilter(product: TestProduct, filter: string): boolean {
  const colon = filter.indexOf(':');
  const attribute = filter.slice(0, colon);
  const value = filter.slice(colon + 1).toLowerCase();
  return valuesAt(product, attribute).some((candidate) => candidate.toLowerCase() === value);
}

function matchesNumericFilter(product: TestProduct, filter: string): boolean {
  const match = /^([\w.]+)\s*(>=|<=|!=|>|<|=)\s*(-?[\d.]+)$/.exec(filter);
  if (!match) throw new Error(`Unsupported numeric filter ${filter}`);
  const [, attribute = '', operator, bound = ''] = match;
  const limit = Number(bound);
  return valuesAt(product, attribute).some((text) => {
    const value = Number(text);
    if (operator === '>=') return value >= limit;
    if (operator === '<=') return value <= limit;
    if (operator === '>') return value > limit;
    if (operator === '<') return value < limit;
    if (operator === '!=') return value !== limit;
    return value === limit;
  });
}

/** AND of the outer list, OR inside nested lists. */
function matchesAll(
  product: TestProduct,
  filters: readonly (string | readonly string[])[] | undefined,
  matchOne: (product: TestProduct, filter: string) => boolean,
): boolean {
  return (filters ?? []).every((group) =>
    typeof group === 'string'
      ? matchOne(product, group)
      : group.some((filter) => matchOne(product, filter)),
  );
}

/**
 * Whether a product matches: every query word is a prefix of a word of `name` or `brand` (the test catalogue
 * has no near-miss words, so typo tolerance adds nothing), and the facet and numeric filters hold.
 */
export function bruteForceMatch(product: TestProduct, params: HelperParams): boolean {
  const words = (params.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${product.name} ${product.brand}`.toLowerCase().split(/\s+/);
  return (
    words.every((word) => text.some((candidate) => candidate.startsWith(word))) &&
    matchesAll(product, params.facetFilters, matchesFacetFilter) &&
    matchesAll(product, params.numericFilters, matchesNumericFilter)
  );
}

/** `{ attribute: { value: count } }` over the matched products, each product counted once per value. */
export function bruteForceFacets(
  products: readonly TestProduct[],
  params: HelperParams,
): Record<string, Record<string, number>> {
  const matched = products.filter((product) => bruteForceMatch(product, params));
  const facets = typeof params.facets === 'string' ? [params.facets] : (params.facets ?? []);
  const counts: Record<string, Record<string, number>> = {};
  for (const facet of facets) {
    const byValue: Record<string, number> = {};
    for (const product of matched) {
      for (const value of new Set(valuesAt(product, facet)))
        byValue[value] = (byValue[value] ?? 0) + 1;
    }
    counts[facet] = byValue;
  }
  return counts;
}
