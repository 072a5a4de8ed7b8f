import type { FilterExpression } from '../engine/filter-expression.ts';
import { QueryError } from '../engine/query-error.ts';
import type { LiveIndex } from './live-index.ts';
import { prepareSearch, type SearchConstraints } from './prepare-search.ts';

/**
 * Whether a caller may read the record `objectID` (getObject, getObjects): a key that restricts its searches
 * with filters (a secured key's `filters` or filter parameters, a key's `queryParameters`) restricts the records
 * it reads by id the same way, so a record its searches never return is not readable by guessing its id. A
 * filter the index cannot evaluate (an attribute not declared for faceting) lets nothing through, as a search
 * with it would fail.
 */
export function mayReadRecord(
  index: LiveIndex,
  objectID: string,
  constraints: SearchConstraints,
  nowSeconds: number,
): boolean {
  if (constraints.filters.length === 0 && Object.keys(constraints.params).length === 0) return true;
  const { filter } = prepareSearch(index, {}, { constraints, nowSeconds, browse: true });
  if (matchesEverything(filter)) return true;
  try {
    return index.recordPasses(objectID, filter);
  } catch (error) {
    if (error instanceof QueryError) return false;
    throw error;
  }
}

function matchesEverything(filter: FilterExpression): boolean {
  return filter.kind === 'and' && filter.operands.length === 0;
}
