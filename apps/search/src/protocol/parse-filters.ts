/**
 * Entry points for filters: every filter parameter of one request becomes one `FilterExpression` for
 * `SearchQuery.filter`, and `optionalFilters` one for `SearchQuery.optionalFilter`. The pieces live beside it:
 * `tokenize-filters.ts` and `parse-filter-string.ts` (the `filters` grammar), `parse-filter-list.ts` (list
 * encodings) and `parse-filter-arrays.ts` (the array forms); they are re-exported here.
 */
import { type FilterExpression, matchAll } from '../engine/index.ts';
import {
  checkFilterCount,
  countFilters,
  maxFiltersPerQuery,
  parseFacetFilters,
  parseNumericFilters,
  parseOptionalFilters,
  parseTagFilters,
} from './parse-filter-arrays.ts';
import { parseFilterString } from './parse-filter-string.ts';
import { SearchApiError } from './search-api-error.ts';

// Re-exported so that callers import everything about filters from this one module.
export {
  countFilters,
  maxFiltersPerQuery,
  parseFacetFilters,
  parseNumericFilters,
  parseOptionalFilters,
  parseTagFilters,
} from './parse-filter-arrays.ts';
export { type FilterList, parseFilterList } from './parse-filter-list.ts';
export { parseFilterString } from './parse-filter-string.ts';

/** The filtering parameters of an Algolia search request, as they arrived (any accepted encoding). */
export interface FilterParameters {
  readonly filters?: unknown;
  readonly facetFilters?: unknown;
  readonly numericFilters?: unknown;
  readonly tagFilters?: unknown;
}

/**
 * ANDs `filters`, `facetFilters`, `numericFilters` and `tagFilters` into one tree (nested `and`s flattened;
 * `matchAll` when none is set).
 * `{ filters: "price < 10", facetFilters: [["brand:LG","brand:Sony"]], tagFilters: "sale" }` →
 * and(numeric(price < 10), or(facet(brand = LG), facet(brand = Sony)), tag(sale)).
 * @param parameters - the raw request parameters; absent ones are skipped.
 * @param maxFilters - cap on filters per parameter and for all four together (default 1,000, docs/api.md §8).
 * @throws SearchApiError 400 naming the parameter on a syntax error or when a limit is exceeded.
 */
export function parseSearchFilters(
  parameters: FilterParameters,
  maxFilters = maxFiltersPerQuery,
): FilterExpression {
  const parts = [
    parseFiltersParameter(parameters.filters, maxFilters),
    parseFacetFilters(parameters.facetFilters, maxFilters),
    parseNumericFilters(parameters.numericFilters, maxFilters),
    parseTagFilters(parameters.tagFilters, maxFilters),
  ];
  const combined = andAll(parts);
  checkFilterCount(
    countFilters(combined),
    'filters, facetFilters, numericFilters and tagFilters together',
    maxFilters,
  );
  return combined;
}

/**
 * Parses `optionalFilters` (see `parseOptionalFilters`); `matchAll` (no boosts) when absent.
 * `["brand:Acme<score=2>", "color:-red"]` → and(facet(brand = Acme, score 2), not(facet(color = red))).
 * @param value - the raw parameter in any accepted encoding.
 * @param maxFilters - cap on the number of optional filters (default 1,000).
 */
export function parseSearchOptionalFilters(
  value: unknown,
  maxFilters = maxFiltersPerQuery,
): FilterExpression {
  return parseOptionalFilters(value, maxFilters);
}

/**
 * ANDs trees, flattening nested `and`s and dropping `matchAll`: [and(a, b), matchAll, c] → and(a, b, c);
 * [a] → a; [] → matchAll. Use it to add rule or secured-key filters to a request's filter.
 */
export function andAll(expressions: readonly FilterExpression[]): FilterExpression {
  const operands = expressions.flatMap((expression) =>
    expression.kind === 'and' ? expression.operands : [expression],
  );
  const [only] = operands;
  if (operands.length > 1) return { kind: 'and', operands };
  return only ?? matchAll;
}

function parseFiltersParameter(value: unknown, maxFilters: number): FilterExpression {
  if (value === undefined || value === null) return matchAll;
  if (typeof value !== 'string') throw new SearchApiError(400, 'filters must be a string');
  const expression = parseFilterString(value);
  checkFilterCount(countFilters(expression), 'filters', maxFilters);
  return expression;
}
