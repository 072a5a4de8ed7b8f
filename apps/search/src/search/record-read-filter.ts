import { isMatchAll, QueryError } from '../engine/index.ts';
import type { LiveIndex } from '../indices/live-index.ts';
import { prepareSearch, type SearchConstraints } from './prepare-search.ts';

/**
 * Which records of `index` a caller may read by id (getObject, getObjects): a key that restricts its searches
 * with filters (a secured key's `filters` or filter parameters, a key's `queryParameters`) restricts the records
 * it reads by id the same way, so a record its searches never return is not readable by guessing its id. A
 * filter the index cannot evaluate (an attribute not declared for faceting) lets nothing through, as a search
 * with it would fail. The key's filter is prepared once; the returned test is asked per record.
 */
export function recordReadFilter(
  index: LiveIndex,
  constraints: SearchConstraints,
  nowSeconds: number,
): (objectID: string) => boolean {
  if (constraints.filters.length === 0 && Object.keys(constraints.params).length === 0)
    return () => true;
  const { filter } = prepareSearch(index, {}, { constraints, nowSeconds, browse: true });
  if (isMatchAll(filter)) return () => true;
  return (objectID) => {
    try {
      return index.recordPasses(objectID, filter);
    } catch (error) {
      if (error instanceof QueryError) return false;
      throw error;
    }
  };
}
