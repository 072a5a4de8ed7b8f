/**
 * Parses the attribute-list settings whose entries carry modifiers: `searchableAttributes` (`unordered(a)`,
 * equal-rank `"a,b"`), `attributesForFaceting` (`searchable(a)`, `filterOnly(a)`, `afterDistinct(a)`),
 * `numericAttributesForFiltering` (`equalOnly(a)`) and the sort criteria `asc(a)` / `desc(a)`.
 */

/** One searchable attribute as the text index sees it. */
export interface SearchableAttribute {
  /** Dot path, e.g. `specs.color`. */
  readonly path: string;
  /** Rank in `searchableAttributes` (equal for `"a,b"`); lower is better. */
  readonly rank: number;
  /** False for `unordered(a)` and equal-rank groups: the word position does not count for `attribute`. */
  readonly ordered: boolean;
}

const modifierPattern = /^\s*([A-Za-z]+)\((.*)\)\s*$/;

/** `"unordered(title)"` → `{ modifier: 'unordered', inner: 'title' }`; a bare name has no modifier. */
export function splitModifier(entry: string): { modifier: string | undefined; inner: string } {
  const match = modifierPattern.exec(entry);
  if (match === null) return { modifier: undefined, inner: entry.trim() };
  return { modifier: match[1], inner: (match[2] ?? '').trim() };
}

/**
 * Expands `searchableAttributes` into one entry per attribute path.
 * `["title,alt", "unordered(desc)", "brand"]` → title and alt at rank 0 (unordered), desc at rank 1 (unordered),
 * brand at rank 2 (ordered). An empty list means "every attribute", returned as `[]`.
 */
export function parseSearchableAttributes(entries: readonly string[]): SearchableAttribute[] {
  const attributes: SearchableAttribute[] = [];
  entries.forEach((entry, rank) => {
    const { modifier, inner } = splitModifier(entry);
    const paths = inner
      .split(',')
      .map((path) => path.trim())
      .filter((path) => path !== '');
    const ordered = modifier !== 'unordered' && paths.length === 1;
    for (const path of paths) {
      const inside = splitModifier(path);
      attributes.push({
        path: inside.inner,
        rank,
        ordered: ordered && inside.modifier !== 'unordered',
      });
    }
  });
  return attributes;
}

/** One entry of `attributesForFaceting`. */
export interface FacetingAttribute {
  readonly path: string;
  /** `searchable(a)`: facet values can be searched. */
  readonly searchable: boolean;
  /** `filterOnly(a)`: usable in filters, never counted. */
  readonly filterOnly: boolean;
  /** `afterDistinct(a)`: counted after distinct. */
  readonly afterDistinct: boolean;
}

/**
 * Parses `attributesForFaceting`; modifiers nest (`afterDistinct(searchable(color))`).
 * `["brand", "filterOnly(sku)"]` → brand (counted), sku (filter only).
 */
export function parseFacetingAttributes(entries: readonly string[]): FacetingAttribute[] {
  return entries.map((entry) => {
    let current = splitModifier(entry);
    const modifiers = new Set<string>();
    while (current.modifier !== undefined) {
      modifiers.add(current.modifier);
      current = splitModifier(current.inner);
    }
    return {
      path: current.inner,
      searchable: modifiers.has('searchable'),
      filterOnly: modifiers.has('filterOnly'),
      afterDistinct: modifiers.has('afterDistinct'),
    };
  });
}

/** Numeric filtering permissions from `numericAttributesForFiltering` (`[]` = every attribute, any operator). */
export interface NumericFilteringRules {
  /** Undefined when every numeric attribute may be filtered. */
  readonly allowed: ReadonlyMap<string, 'any' | 'equalOnly'> | undefined;
}

/** `["price", "equalOnly(qty)"]` → price any operator, qty only `=` / `!=`. */
export function parseNumericAttributesForFiltering(
  entries: readonly string[],
): NumericFilteringRules {
  if (entries.length === 0) return { allowed: undefined };
  const allowed = new Map<string, 'any' | 'equalOnly'>();
  for (const entry of entries) {
    const { modifier, inner } = splitModifier(entry);
    allowed.set(inner, modifier === 'equalOnly' ? 'equalOnly' : 'any');
  }
  return { allowed };
}

/** A sort criterion: `asc(price)` or `desc(popularity)`. */
export interface SortCriterion {
  readonly path: string;
  readonly direction: 'asc' | 'desc';
}

/** `"desc(popularity)"` → `{ path: 'popularity', direction: 'desc' }`; anything else → undefined. */
export function parseSortCriterion(entry: string): SortCriterion | undefined {
  const { modifier, inner } = splitModifier(entry);
  if ((modifier === 'asc' || modifier === 'desc') && inner !== '') {
    return { path: inner, direction: modifier };
  }
  return undefined;
}
