/**
 * `deleteBy` (`POST /1/indexes/{index}/deleteByQuery`, docs/api.md §2.6): which records to delete, given as
 * filters only. Algolia accepts `filters`, `facetFilters`, `numericFilters`, `tagFilters` and the geo filters;
 * Vitrine has no geo search, so a geo parameter gets the search routes' refusal (the messages offer none). An
 * empty filter is refused (it would delete every record).
 */
import { type FilterExpression, isMatchAll } from '../engine/index.ts';
import { isJsonObject, mergeParams, type RawParams } from './decode-params.ts';
import { parseSearchFilters } from './parse-filters.ts';
import { parseSearchParams } from './parse-search-params.ts';
import { SearchApiError } from './search-api-error.ts';
import { geoParamNames } from './search-param-table.ts';

const filterParamNames = ['filters', 'facetFilters', 'numericFilters', 'tagFilters'] as const;
// Geo names pass this check only to get parseSearchParams' specific refusal (`aroundLatLng is not supported: …`).
const acceptedNames: ReadonlySet<string> = new Set([...filterParamNames, ...geoParamNames]);
const acceptedList = 'filters, facetFilters, numericFilters or tagFilters';

/** A validated deleteBy request: the raw parameters (for the planner) and the request's own filter. */
export interface DeleteByRequest {
  readonly params: RawParams;
  readonly filter: FilterExpression;
}

/**
 * Reads a deleteBy body: `{ params: "filters=brand%3ALG" }` (v4 spec shape), flat JSON
 * (`{ filters: "brand:LG" }`, what the v4 and v5 clients send) or both.
 * `{ facetFilters: [["brand:LG"]] }` → `{ params: { facetFilters: [["brand:LG"]] }, filter: facet(brand = LG) }`.
 * @throws SearchApiError 400 on a parameter deleteBy does not take (`query`, `hitsPerPage`, …), an invalid
 *   filter, or when no filter is given.
 */
export function parseDeleteBy(body: unknown): DeleteByRequest {
  if (!isJsonObject(body)) throw new SearchApiError(400, 'The request body must be a JSON object');
  const params = mergeParams(body);
  for (const name of Object.keys(params)) {
    if (!acceptedNames.has(name)) {
      throw new SearchApiError(
        400,
        `deleteBy does not accept the ${name} parameter: use ${acceptedList}`,
      );
    }
  }
  const { filterParams } = parseSearchParams(params);
  const filter = parseSearchFilters(filterParams);
  if (isMatchAll(filter)) {
    throw new SearchApiError(
      400,
      `deleteBy needs a non-empty filter (${acceptedList}): it does not delete every record`,
    );
  }
  return { params, filter };
}
