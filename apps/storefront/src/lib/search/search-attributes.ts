import { languageSearchParameters } from '@vitrine/catalogue/search-language';
import { productReplicas, productsIndex } from '@vitrine/catalogue/search-settings';
import type { Locale } from '../../i18n/locale.ts';
import { pageAnalyticsTags } from './analytics-tags.ts';

/**
 * What the search page offers, in one table: the facets (record attribute and address parameter), the
 * sorts (replica per sort) and the page sizes. Widgets, the address mapping and tests all read it.
 */

/** Levels of the category tree in the records (`Men`, `Men > Tops`, `Men > Tops > Jackets`). */
export const categoryAttributes = [
  'hierarchicalCategories.lvl0',
  'hierarchicalCategories.lvl1',
  'hierarchicalCategories.lvl2',
] as const;

/** The hierarchical menu is registered under its first level. */
export const categoryAttribute = categoryAttributes[0];

/** Multi-select facets (OR within a facet): address parameter → record attribute. */
export const listFacets = [
  { param: 'color', attribute: 'colors' },
  { param: 'size', attribute: 'sizes' },
  { param: 'material', attribute: 'material' },
  { param: 'activity', attribute: 'activity' },
  { param: 'gender', attribute: 'gender' },
] as const;

export type ListFacet = (typeof listFacets)[number];
export type ListFacetParam = ListFacet['param'];

/** Yes/no facets: the parameter is present (`eco=1`) when the toggle is on. */
export const toggleFacets = [
  { param: 'eco', attribute: 'eco' },
  { param: 'sale', attribute: 'sale' },
  { param: 'new', attribute: 'new' },
] as const;

export type ToggleFacetParam = (typeof toggleFacets)[number]['param'];

export const priceAttribute = 'price';
export const ratingAttribute = 'rating';

/** Star thresholds of the rating filter ("4 stars and up" … "1 star and up"). */
export const ratingThresholds = [4, 3, 2, 1] as const;

/** Sorts, by their name in the address; relevance is the primary index and the default. */
export const sortOptions = [
  { key: 'relevance', indexName: productsIndex },
  { key: 'price-asc', indexName: productReplicas.priceAsc },
  { key: 'price-desc', indexName: productReplicas.priceDesc },
  { key: 'rating', indexName: productReplicas.ratingDesc },
  { key: 'newest', indexName: productReplicas.newest },
] as const;

export type SortKey = (typeof sortOptions)[number]['key'];

export const defaultHitsPerPage = 20;
export const hitsPerPageOptions = [20, 40, 60] as const;

/**
 * What the result cards read of a hit (`ProductHitFields` in product-card.ts; `objectID` always comes): a hit
 * otherwise carries the whole record (~3 kB with every attribute highlighted), in every keystroke's
 * response and in the page's server state.
 */
export const hitAttributes = [
  'productId',
  'slug',
  'name',
  'slugFr',
  'nameFr',
  'price',
  'color',
  'colorVariants',
  'image',
  'rating',
  'reviewCount',
  'sale',
  'new',
  'eco',
];
/**
 * What a search page of `locale` asks of each search: the cards' attributes, and the search in the page's
 * language (its texts and labels searched with its analysis, its name highlighted and its description
 * snippeted: decision 0014), tagged with that language for the Analytics API (`lang:fr`).
 */
export function pageSearchParameters(locale: Locale) {
  return {
    attributesToRetrieve: hitAttributes,
    ...languageSearchParameters(locale),
    analyticsTags: pageAnalyticsTags(locale),
  };
}

/** Delay before the search state is written to the address (PRODUCT.md constants). */
export const addressWriteDelayMs = 400;
/** Time after which a search counts as stalled and the page shows that it is loading. */
export const stalledSearchDelayMs = 200;

export function sortKeyOf(indexName: string | undefined): SortKey | undefined {
  return sortOptions.find((option) => option.indexName === indexName)?.key;
}

export function indexNameOf(key: SortKey): string {
  return sortOptions.find((option) => option.key === key)?.indexName ?? productsIndex;
}

export function isSortKey(value: string): value is SortKey {
  return sortOptions.some((option) => option.key === value);
}
