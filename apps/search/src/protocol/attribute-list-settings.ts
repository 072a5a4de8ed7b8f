/**
 * Validation of the attribute-list settings whose entries carry modifiers (docs/api.md §4.1): a malformed entry
 * (`customRanking: ["price"]`, `ranking: ["bogus"]`, `filterOnly(searchable(x))`, `unordered(title`) is a 400
 * naming the setting and the entry, instead of being stored and silently ignored by the engine.
 */
import { defaultRanking, splitModifier } from '../engine/index.ts';
import { readStringList } from './read-param.ts';
import { SearchApiError } from './search-api-error.ts';

/** Returns why an entry of an attribute-list setting is malformed, or undefined when it is well formed. */
export type EntryCheck = (entry: string) => string | undefined;

export const attributeListSetting =
  (name: string, check: EntryCheck): ((value: unknown) => string[]) =>
  (value) => {
    const entries = readStringList(value, name);
    for (const entry of entries) {
      const problem = check(entry);
      if (problem !== undefined)
        throw new SearchApiError(400, `Invalid value "${entry}" in ${name}: ${problem}`);
    }
    return entries;
  };

/** A bare attribute path: not empty, no modifier parentheses left over. */
function attributeProblem(path: string): string | undefined {
  if (path === '') return 'the attribute name is empty';
  if (/[()]/.test(path)) return 'unexpected parenthesis';
  return undefined;
}

/** Peels nested modifiers: `afterDistinct(searchable(a))` → `{ modifiers: [afterDistinct, searchable], path: a }`. */
function peelModifiers(entry: string): { modifiers: string[]; path: string } {
  const modifiers: string[] = [];
  let current = splitModifier(entry);
  while (current.modifier !== undefined) {
    modifiers.push(current.modifier);
    current = splitModifier(current.inner);
  }
  return { modifiers, path: current.inner };
}

/** `title`, `unordered(title)`, `title,alt_title` (same rank). */
export const checkSearchableEntry: EntryCheck = (entry) => {
  const { modifier, inner } = splitModifier(entry);
  if (modifier !== undefined && modifier !== 'unordered' && modifier !== 'ordered')
    return `unknown modifier ${modifier}(), expected unordered()`;
  for (const path of inner.split(',')) {
    const problem = attributeProblem(path.trim());
    if (problem !== undefined) return problem;
  }
  return undefined;
};

const facetingModifiers = new Set(['searchable', 'filterOnly', 'afterDistinct']);

/** `brand`, `searchable(brand)`, `filterOnly(sku)`, `afterDistinct(searchable(color))`. */
export const checkFacetingEntry: EntryCheck = (entry) => {
  const { modifiers, path } = peelModifiers(entry);
  const unknown = modifiers.find((modifier) => !facetingModifiers.has(modifier));
  if (unknown !== undefined)
    return `unknown modifier ${unknown}(), expected searchable(), filterOnly() or afterDistinct()`;
  if (new Set(modifiers).size !== modifiers.length) return 'a modifier is repeated';
  if (modifiers.includes('filterOnly') && modifiers.includes('searchable'))
    return 'filterOnly() and searchable() cannot be combined';
  return attributeProblem(path);
};

/** `asc(price)` or `desc(popularity)`. */
export const checkSortEntry: EntryCheck = (entry) => {
  const { modifier, inner } = splitModifier(entry);
  if (modifier !== 'asc' && modifier !== 'desc')
    return 'expected asc(attribute) or desc(attribute)';
  return attributeProblem(inner);
};

const rankingCriteria = new Set(defaultRanking);

/** One of the eight criteria, or `asc(attribute)` / `desc(attribute)`. */
export const checkRankingEntry: EntryCheck = (entry) => {
  if (rankingCriteria.has(entry.trim())) return undefined;
  return checkSortEntry(entry) === undefined
    ? undefined
    : `expected one of ${[...rankingCriteria].join(', ')}, asc(attribute) or desc(attribute)`;
};

/** `price` or `equalOnly(quantity)`. */
export const checkNumericFilteringEntry: EntryCheck = (entry) => {
  const { modifier, inner } = splitModifier(entry);
  if (modifier !== undefined && modifier !== 'equalOnly')
    return `unknown modifier ${modifier}(), expected equalOnly()`;
  return attributeProblem(inner);
};
