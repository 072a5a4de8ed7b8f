/**
 * A rule condition's `filters` (`brand:Apple AND category:Phone`): checked when a rule is saved, and matched
 * against the refinements of a search when rules are matched (`RuleMatchContext.matchConditionFilters`).
 */
import type { FilterExpression } from '../engine/index.ts';
import { parseFilterString } from './parse-filter-string.ts';
import { SearchApiError } from './search-api-error.ts';

/**
 * The refinement keys a condition's `filters` names: facets as `attribute:value` with the value lower-cased
 * (facet values compare case-insensitively), tags as `_tags:value`, negated ones prefixed with `NOT `.
 * `brand:Apple AND NOT _tags:refurb` → `["brand:apple", "NOT _tags:refurb"]`.
 * @param filters - the condition's `filters` string.
 * @param parameter - where it came from, for error messages (e.g. `rule.conditions[0].filters`).
 * @throws SearchApiError 400 on a syntax error, an OR, or a numeric filter (Algolia allows neither here).
 */
export function conditionFilterKeys(filters: string, parameter: string): string[] {
  const expression = parseFilterString(filters, parameter);
  const leaves = expression.kind === 'and' ? expression.operands : [expression];
  return leaves.map((leaf) => {
    if (leaf.kind === 'or') {
      throw new SearchApiError(400, `${parameter}: condition filters cannot use OR`);
    }
    const key = refinementKey(leaf.kind === 'not' ? leaf.operand : leaf);
    if (key === undefined) {
      throw new SearchApiError(400, `${parameter}: condition filters cannot use numeric filters`);
    }
    return leaf.kind === 'not' ? `NOT ${key}` : key;
  });
}

/**
 * Builds the `matchConditionFilters` callback for one search: a condition matches when every refinement it
 * names is applied by the search, anywhere in its filter (inside an OR group counts: a disjunctive facet
 * refinement is still selected). Condition strings are parsed once per search and cached.
 * Search `brand:Apple AND (color:red OR color:blue)`: `"brand:apple"` → `["brand:apple"]`;
 * `"color:blue AND brand:Apple"` → `["color:blue", "brand:apple"]`; `"brand:Sony"` → `undefined`.
 * Invalid stored filters never match (rules are validated when saved, so this only guards old data).
 * @param queryFilter - the search's combined filter (`parseSearchFilters`).
 */
export function conditionFiltersMatcher(
  queryFilter: FilterExpression,
): (conditionFilters: string) => readonly string[] | undefined {
  const applied = new Set(collectKeys(queryFilter, false));
  const cache = new Map<string, readonly string[] | undefined>();
  return (conditionFilters) => {
    if (!cache.has(conditionFilters)) {
      const keys = keysOrUndefined(conditionFilters);
      cache.set(conditionFilters, keys?.every((key) => applied.has(key)) ? keys : undefined);
    }
    return cache.get(conditionFilters);
  };
}

function keysOrUndefined(conditionFilters: string): string[] | undefined {
  try {
    return conditionFilterKeys(conditionFilters, 'conditions.filters');
  } catch (error) {
    if (error instanceof SearchApiError) return undefined;
    throw error;
  }
}

function collectKeys(expression: FilterExpression, negated: boolean): string[] {
  switch (expression.kind) {
    case 'and':
    case 'or':
      return expression.operands.flatMap((operand) => collectKeys(operand, negated));
    case 'not':
      return collectKeys(expression.operand, !negated);
    default: {
      const key = refinementKey(expression);
      if (key === undefined) return [];
      return [negated ? `NOT ${key}` : key];
    }
  }
}

function refinementKey(expression: FilterExpression): string | undefined {
  if (expression.kind === 'facet')
    return `${expression.attribute}:${expression.value.toLowerCase()}`;
  if (expression.kind === 'tag') return `_tags:${expression.value}`;
  return undefined;
}
