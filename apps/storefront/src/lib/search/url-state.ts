import { facetValueOf } from '@vitrine/catalogue/labels';
import type { IndexUiState, UiState } from 'instantsearch.js';
import type { Locale } from '../../i18n/locale.ts';
import { parsePath, pathFor } from '../../i18n/routes.ts';
import type { CategoryLookup } from './category-lookup.ts';
import {
  categoryAttribute,
  defaultHitsPerPage,
  hitsPerPageOptions,
  indexNameOf,
  isSortKey,
  type ListFacetParam,
  listFacets,
  priceAttribute,
  ratingAttribute,
  ratingThresholds,
  type SortKey,
  sortKeyOf,
  type ToggleFacetParam,
  toggleFacets,
} from './search-attributes.ts';
import { fitQuery } from './search-limits.ts';

/**
 * The search state as the address carries it, and the one place that maps it both ways:
 * InstantSearch's UI state ⇄ this route state ⇄ the address.
 *
 * `/search?q=jacket&category=men/tops/jackets&color=Black&color=Blue&size=M&price=20-80&rating=4&eco=1
 *   &sort=price-asc&page=2&perPage=40`
 *
 * - Parameter names are the same on `/search` and `/recherche`; facet values are the index's English keys,
 *   and so is the `category` parameter (English segments), so the language switch keeps the query string.
 * - A category page's path is in its language: `/categorie/homme/hauts/vestes` (see `category-lookup.ts`).
 * - Defaults are left out (page 1, 20 per page, relevance), and so is anything empty.
 * - On a category page the category is the path (`/category/men/tops/jackets?color=Black`); choosing
 *   another category there stays on a category page, clearing it goes to the search page.
 * - Unknown or malformed parameters are ignored rather than failing the page; a query longer than the
 *   search service accepts is cut to 512 bytes of UTF-8 (`fitQuery`).
 */
export interface SearchRouteState {
  readonly query?: string;
  /** English category path from the root: `['Men', 'Tops', 'Jackets']`. */
  readonly category?: readonly string[];
  readonly lists?: Partial<Readonly<Record<ListFacetParam, readonly string[]>>>;
  readonly price?: { readonly min?: number; readonly max?: number };
  /** Minimum average rating (stars). */
  readonly rating?: number;
  readonly toggles?: readonly ToggleFacetParam[];
  readonly sort?: SortKey;
  /** 1-based; absent on the first page. */
  readonly page?: number;
  readonly perPage?: number;
}

/** Which page the address names: the search page or a category listing, in a language. */
export interface ListingPage {
  readonly locale: Locale;
  readonly kind: 'search' | 'category';
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// ——— UI state ⇄ route state ———

/** InstantSearch's state of the main index → route state. Other indices (e.g. relaxed results) are ignored. */
export function routeStateFromUiState(uiState: UiState, indexId: string): SearchRouteState {
  const index: IndexUiState = uiState[indexId] ?? {};
  const route: Mutable<SearchRouteState> = {};
  if (index.query) route.query = index.query;
  const category = index.hierarchicalMenu?.[categoryAttribute];
  if (category && category.length > 0) route.category = [...category];
  const lists: Partial<Record<ListFacetParam, readonly string[]>> = {};
  for (const { param, attribute } of listFacets) {
    const values = index.refinementList?.[attribute];
    if (values && values.length > 0) lists[param] = [...values];
  }
  if (Object.keys(lists).length > 0) route.lists = lists;
  const price = parseRange(index.range?.[priceAttribute]);
  if (price) route.price = price;
  const rating = parseRange(index.range?.[ratingAttribute])?.min;
  if (rating !== undefined) route.rating = rating;
  const toggles = toggleFacets.filter(({ attribute }) => index.toggle?.[attribute] === true);
  if (toggles.length > 0) route.toggles = toggles.map(({ param }) => param);
  const sort = sortKeyOf(index.sortBy);
  if (sort && sort !== 'relevance') route.sort = sort;
  if (index.page && index.page > 1) route.page = index.page;
  if (index.hitsPerPage && index.hitsPerPage !== defaultHitsPerPage)
    route.perPage = index.hitsPerPage;
  return route;
}

/** Route state → InstantSearch's UI state of the main index. */
export function uiStateFromRouteState(route: SearchRouteState, indexId: string): UiState {
  const index: IndexUiState = {};
  if (route.query) index.query = route.query;
  if (route.category) index.hierarchicalMenu = { [categoryAttribute]: [...route.category] };
  const refinementList: Record<string, string[]> = {};
  for (const { param, attribute } of listFacets) {
    const values = route.lists?.[param];
    if (values && values.length > 0) refinementList[attribute] = [...values];
  }
  if (Object.keys(refinementList).length > 0) index.refinementList = refinementList;
  const range: Record<string, string> = {};
  if (route.price) range[priceAttribute] = `${route.price.min ?? ''}:${route.price.max ?? ''}`;
  if (route.rating !== undefined) range[ratingAttribute] = `${route.rating}:`;
  if (Object.keys(range).length > 0) index.range = range;
  if (route.toggles && route.toggles.length > 0) {
    index.toggle = Object.fromEntries(
      toggleFacets
        .filter(({ param }) => route.toggles?.includes(param))
        .map(({ attribute }) => [attribute, true]),
    );
  }
  if (route.sort) index.sortBy = indexNameOf(route.sort);
  if (route.page) index.page = route.page;
  if (route.perPage) index.hitsPerPage = route.perPage;
  return { [indexId]: index };
}

// ——— route state ⇄ address ———

/**
 * The address of a search state on a listing page: `/recherche?q=veste&color=Black`, or
 * `/category/men/tops/jackets?color=Black` on a category page.
 */
export function searchAddress(
  route: SearchRouteState,
  page: ListingPage,
  categories: CategoryLookup,
): string {
  const { category, ...rest } = route;
  const onCategoryPage = page.kind === 'category' && category !== undefined;
  const path = onCategoryPage
    ? pathFor({ name: 'category', slug: categories.slugOf(category, page.locale) }, page.locale)
    : pathFor({ name: 'search' }, page.locale);
  const query = queryString(onCategoryPage ? rest : route, categories);
  return query ? `${path}?${query}` : path;
}

/**
 * The search state an address names (path and query string, as `location` gives them).
 * @returns the state, and the listing page the address is on (`undefined` when it is not a listing page).
 */
export function parseSearchAddress(
  address: { readonly pathname: string; readonly search: string },
  categories: CategoryLookup,
): { route: SearchRouteState; page: ListingPage | undefined } {
  const parsed = parsePath(address.pathname);
  const params = new URLSearchParams(address.search);
  const route: Mutable<SearchRouteState> = readParams(params, categories);
  if (parsed?.route.name === 'category') {
    const path = categories.pathOf(parsed.route.slug, parsed.locale);
    if (path) route.category = path;
    else delete route.category;
    return { route, page: { locale: parsed.locale, kind: 'category' } };
  }
  const page: ListingPage | undefined =
    parsed?.route.name === 'search' ? { locale: parsed.locale, kind: 'search' } : undefined;
  return { route, page };
}

function queryString(route: SearchRouteState, categories: CategoryLookup): string {
  const params: [string, string][] = [];
  if (route.query) params.push(['q', route.query]);
  if (route.category) params.push(['category', categories.slugOf(route.category, 'en').join('/')]);
  for (const { param } of listFacets) {
    for (const value of route.lists?.[param] ?? []) params.push([param, value]);
  }
  if (route.price) params.push(['price', `${route.price.min ?? ''}-${route.price.max ?? ''}`]);
  if (route.rating !== undefined) params.push(['rating', String(route.rating)]);
  for (const toggle of route.toggles ?? []) params.push([toggle, '1']);
  if (route.sort) params.push(['sort', route.sort]);
  if (route.page) params.push(['page', String(route.page)]);
  if (route.perPage) params.push(['perPage', String(route.perPage)]);
  // Slashes in a category path and commas read better unescaped; both are legal in a query string.
  return new URLSearchParams(params).toString().replace(/%2F/g, '/').replace(/%2C/g, ',');
}

function readParams(params: URLSearchParams, categories: CategoryLookup): SearchRouteState {
  const route: Mutable<SearchRouteState> = {};
  // Cut to what the search service accepts, so that the server's render, the field and the address agree.
  const query = fitQuery(params.get('q')?.trim() ?? '');
  if (query) route.query = query;
  const slug = params.get('category')?.split('/').filter(Boolean);
  const category = slug && slug.length > 0 ? categories.pathOf(slug, 'en') : undefined;
  if (category) route.category = category;
  const lists: Partial<Record<ListFacetParam, readonly string[]>> = {};
  for (const { param } of listFacets) {
    // Facet values are English keys; a hand-typed French label or another case names the same one.
    const values = [...new Set(params.getAll(param).filter(Boolean).map(facetValueOf))];
    if (values.length > 0) lists[param] = values;
  }
  if (Object.keys(lists).length > 0) route.lists = lists;
  const price = parsePriceParam(params.get('price'));
  if (price) route.price = price;
  const rating = Number(params.get('rating'));
  if ((ratingThresholds as readonly number[]).includes(rating)) route.rating = rating;
  const toggles = toggleFacets.filter(({ param }) =>
    ['1', 'true'].includes(params.get(param) ?? ''),
  );
  if (toggles.length > 0) route.toggles = toggles.map(({ param }) => param);
  const sort = params.get('sort') ?? '';
  if (isSortKey(sort) && sort !== 'relevance') route.sort = sort;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) route.page = page;
  const perPage = Number(params.get('perPage'));
  if ((hitsPerPageOptions as readonly number[]).includes(perPage) && perPage !== defaultHitsPerPage)
    route.perPage = perPage;
  return route;
}

/** `"20-80"`, `"20-"`, `"-80"` → bounds; anything else → `undefined`. */
function parsePriceParam(value: string | null): SearchRouteState['price'] {
  const match = value?.match(/^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/);
  if (!match) return undefined;
  return boundsOf(match[1], match[2]);
}

/** InstantSearch's range state `"20:80"` (either side may be empty) → bounds. */
function parseRange(value: string | undefined): SearchRouteState['price'] {
  const [min, max] = value?.split(':') ?? [];
  return boundsOf(min, max);
}

function boundsOf(
  min: string | undefined,
  max: string | undefined,
): SearchRouteState['price'] | undefined {
  const bounds: { min?: number; max?: number } = {};
  const low = min ? Number(min) : Number.NaN;
  const high = max ? Number(max) : Number.NaN;
  if (Number.isFinite(low)) bounds.min = low;
  if (Number.isFinite(high)) bounds.max = high;
  return bounds.min === undefined && bounds.max === undefined ? undefined : bounds;
}
