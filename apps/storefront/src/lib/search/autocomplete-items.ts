import { label } from '@vitrine/catalogue/labels';
import type { Locale } from '../../i18n/locale.ts';
import { pathFor } from '../../i18n/routes.ts';
import type { CategoryLookup } from './category-lookup.ts';
import { categoryAttributes } from './search-attributes.ts';
import { fitQuery } from './search-limits.ts';
import { searchAddress } from './url-state.ts';

/**
 * What the header's autocomplete panel reads of the suggestions index and of the products' category facets,
 * and the addresses its items lead to. Only this module reads the Query Suggestions record shape
 * (`query`, `popularity`, `products.facets.exact_matches.<attribute>: [{value, count}]`).
 */

/** The suggestions index of a page's language: `products_query_suggestions_fr`. */
export function suggestionsIndexName(locale: Locale): string {
  return `products_query_suggestions_${locale}`;
}

/** One suggestion of the panel: the query, and the category it is scoped to ("jacket" in Men › Jackets). */
export interface SuggestionItem {
  readonly objectID: string;
  readonly query: string;
  /** English category path from the root: `['Men', 'Tops', 'Jackets']`. */
  readonly category?: readonly string[];
  /** How the scope reads in the page's language: `Jackets`, or `Jackets (Men)` when two scopes share a name. */
  readonly categoryLabel?: string;
}

/** How many suggestions get their category scopes, and how many scopes each. */
export interface ScopeLimits {
  readonly scopedItems: number;
  readonly scopesPerItem: number;
}

const defaultScopes: ScopeLimits = { scopedItems: 1, scopesPerItem: 2 };

/**
 * Suggestion hits → the panel's items: each suggestion, and after the first ones (`scopedItems`) the same
 * query scoped to its top categories (the deepest category level the record has, most results first), as
 * Algolia's Query Suggestions plugin does with `categoryAttribute`. Hits keep their other fields (the
 * queryID and position the click events need).
 */
export function suggestionItems<
  THit extends { readonly objectID: string; readonly query?: unknown },
>(
  hits: readonly THit[],
  locale: Locale,
  limits: ScopeLimits = defaultScopes,
): (THit & SuggestionItem)[] {
  const items: (THit & SuggestionItem)[] = [];
  hits.forEach((hit, position) => {
    if (typeof hit.query !== 'string' || hit.query.trim() === '') return;
    items.push({ ...hit, query: hit.query });
    if (position >= limits.scopedItems) return;
    const paths = exactMatchPaths(hit).slice(0, limits.scopesPerItem);
    const labels = scopeLabels(paths, locale);
    paths.forEach((path, index) => {
      // The same record (its objectID, queryID and position go with the click event), scoped.
      items.push({
        ...hit,
        query: hit.query as string,
        category: path,
        categoryLabel: labels[index] ?? '',
      });
    });
  });
  return items;
}

/** The categories a suggestion's results fall in, deepest level first, as `['Men', 'Tops', 'Jackets']`. */
export function exactMatchPaths(hit: object): string[][] {
  const matches = readPath(hit, ['products', 'facets', 'exact_matches']);
  if (typeof matches !== 'object' || matches === null) return [];
  for (const attribute of [...categoryAttributes].reverse()) {
    const values = (matches as Record<string, unknown>)[attribute];
    if (!Array.isArray(values) || values.length === 0) continue;
    return values
      .flatMap((entry: unknown) => {
        const value = readPath(entry, ['value']);
        const count = readPath(entry, ['count']);
        return typeof value === 'string' && value.trim() !== ''
          ? [{ path: value.split(' > '), count: typeof count === 'number' ? count : 0 }]
          : [];
      })
      .sort((a, b) => b.count - a.count)
      .map((entry) => entry.path);
  }
  return [];
}

/** `[['Men','Tops','Jackets'], ['Women','Tops','Jackets']]` → `Jackets (Men)`, `Jackets (Women)`. */
export function scopeLabels(paths: readonly (readonly string[])[], locale: Locale): string[] {
  const leaves = paths.map((path) => label(path.at(-1) ?? '', locale));
  return paths.map((path, index) => {
    const leaf = leaves[index] ?? '';
    const shared = leaves.filter((other) => other === leaf).length > 1;
    return shared && path.length > 1 ? `${leaf} (${label(path[0] ?? '', locale)})` : leaf;
  });
}

/** The search page of a suggestion, in the page's language, with its category scope when it has one. */
export function suggestionAddress(
  item: Pick<SuggestionItem, 'query' | 'category'>,
  locale: Locale,
  categories: CategoryLookup,
): string {
  const query = fitQuery(item.query);
  const route = item.category ? { query, category: item.category } : { query };
  return searchAddress(route, { locale, kind: 'search' }, categories);
}

/** One category of the panel: a category page the typed words' products fall in. */
export interface CategoryItem {
  readonly objectID: string;
  readonly path: readonly string[];
  /** `Men › Jackets` in the page's language. */
  readonly label: string;
  readonly count: number;
  readonly href: string;
}

/**
 * The categories of the products the typed words find (a products search with `hitsPerPage: 0` and the
 * category levels as facets): the deepest level first, most products first, at most `limit`.
 */
export function categoryItems(
  facets: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined,
  locale: Locale,
  categories: CategoryLookup,
  limit = 3,
): CategoryItem[] {
  if (!facets) return [];
  const items: CategoryItem[] = [];
  for (const attribute of [...categoryAttributes].reverse()) {
    const counts = Object.entries(facets[attribute] ?? {}).sort((a, b) => b[1] - a[1]);
    for (const [value, count] of counts) {
      if (items.length >= limit) return items;
      const path = value.split(' > ');
      if (items.some((item) => item.path.join(' > ').startsWith(value))) continue;
      items.push({
        objectID: value,
        path,
        label: path.map((name) => label(name, locale)).join(' › '),
        count,
        href: pathFor({ name: 'category', slug: categories.slugOf(path, locale) }, locale),
      });
    }
  }
  return items;
}

function readPath(value: unknown, keys: readonly string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
