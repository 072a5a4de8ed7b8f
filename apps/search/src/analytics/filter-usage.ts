/**
 * `/2/filters` and `/2/filters/{attribute}`: which filters the logged searches used. The log keeps each search's
 * filters in Algolia's `filters` syntax; they are parsed back into their facet, tag and numeric conditions.
 */
import type { FilterExpression } from '../engine/index.ts';
import { parseFilterString } from '../protocol/parse-filter-string.ts';
import type { Page } from './ranked-lists.ts';
import type { SearchOutcome } from './search-outcomes.ts';

/** One condition of a filter, as the Analytics API shows it (`brand:LG` → `brand`, `:`, `LG`). */
export interface FilterCondition {
  readonly attribute: string;
  /** `:` for facet, tag and range filters; the comparison for numeric filters. */
  readonly operator: string;
  readonly value: string;
}

/**
 * The positive conditions of a logged `filters` string, each once: `brand:LG AND (size:M OR size:L) AND price < 50`
 * → brand : LG, size : M, size : L, price < 50. Negated conditions (`NOT brand:LG`) are left out; an unreadable
 * string gives none.
 */
export function filterConditions(filters: string): FilterCondition[] {
  if (filters.trim() === '') return [];
  let expression: FilterExpression;
  try {
    expression = parseFilterString(filters);
  } catch {
    return [];
  }
  const found = new Map<string, FilterCondition>();
  const visit = (node: FilterExpression): void => {
    const condition = conditionOf(node);
    if (condition) found.set(JSON.stringify(condition), condition);
    if (node.kind === 'and' || node.kind === 'or') node.operands.forEach(visit);
  };
  visit(expression);
  return [...found.values()];
}

function conditionOf(node: FilterExpression): FilterCondition | undefined {
  switch (node.kind) {
    case 'facet':
      return { attribute: node.attribute, operator: ':', value: node.value };
    case 'tag':
      return { attribute: '_tags', operator: ':', value: node.value };
    case 'numeric':
      return { attribute: node.attribute, operator: node.operator, value: String(node.value) };
    case 'range':
      return { attribute: node.attribute, operator: ':', value: `${node.lower} TO ${node.upper}` };
    default:
      return undefined;
  }
}

function byCountThenName<TRow extends { readonly count: number }>(
  name: (row: TRow) => string,
): (left: TRow, right: TRow) => number {
  return (left, right) => {
    if (left.count !== right.count) return right.count - left.count;
    const a = name(left);
    const b = name(right);
    return a < b ? -1 : a > b ? 1 : 0;
  };
}

function chosen(outcomes: readonly SearchOutcome[], search: string | undefined) {
  return search === undefined ? outcomes : outcomes.filter((outcome) => outcome.text === search);
}

/**
 * `/2/filters`: `{ attributes: [{ attribute, count }] }`, the number of searches that filtered on each attribute,
 * most used first; `search` keeps only the searches of that (normalised) text.
 */
export function topFilterAttributes(
  outcomes: readonly SearchOutcome[],
  options: Page & { readonly search: string | undefined },
) {
  const counts = new Map<string, number>();
  for (const { search } of chosen(outcomes, options.search)) {
    const attributes = new Set(
      filterConditions(search.filters).map((condition) => condition.attribute),
    );
    for (const attribute of attributes) counts.set(attribute, (counts.get(attribute) ?? 0) + 1);
  }
  const rows = [...counts].map(([attribute, count]) => ({ attribute, count }));
  rows.sort(byCountThenName((row) => row.attribute));
  return { attributes: rows.slice(options.offset, options.offset + options.limit) };
}

/**
 * `/2/filters/{attribute}`: `{ values: [{ attribute, operator, value, count }] }`, the number of searches that used
 * each condition on that attribute, most used first.
 */
export function topFilterValues(
  outcomes: readonly SearchOutcome[],
  attribute: string,
  options: Page & { readonly search: string | undefined },
) {
  const counts = new Map<string, { condition: FilterCondition; count: number }>();
  for (const { search } of chosen(outcomes, options.search)) {
    for (const condition of filterConditions(search.filters)) {
      if (condition.attribute !== attribute) continue;
      const key = JSON.stringify(condition);
      const entry = counts.get(key) ?? { condition, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  const rows = [...counts.values()].map(({ condition, count }) => ({ ...condition, count }));
  rows.sort(byCountThenName((row) => `${row.operator}${row.value}`));
  return { values: rows.slice(options.offset, options.offset + options.limit) };
}
