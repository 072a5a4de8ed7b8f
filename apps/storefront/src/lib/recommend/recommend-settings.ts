import { categoryAttributes } from '../search/search-attributes.ts';

/**
 * What the recommendation rows ask for, in one table: how many items each shows and the least score an item
 * needs. Scores run 0–100; Algolia's own widgets default to 0 as well, and our models only return items with
 * some evidence (see apps/search/src/recommend/README.md).
 */
export const recommendLimits = {
  related: 8,
  boughtTogether: 3,
  lookingSimilar: 8,
  trendingItems: 8,
  trendingCategories: 6,
  cart: 4,
} as const;

export const recommendThreshold = 0;

/** Trending categories are read on the deepest level of the category tree (`Women > Tops > Jackets`). */
export const trendingCategoryFacet = categoryAttributes[2];

/**
 * The `hierarchicalCategories` facet and value of a category path, for trending items of a category:
 * `['Men', 'Tops']` → `{ facetName: 'hierarchicalCategories.lvl1', facetValue: 'Men > Tops' }`.
 * `undefined` for an empty path.
 */
export function categoryFacet(
  path: readonly string[],
): { facetName: string; facetValue: string } | undefined {
  const depth = Math.min(path.length, categoryAttributes.length);
  const facetName = categoryAttributes[depth - 1];
  if (!facetName) return undefined;
  return { facetName, facetValue: path.slice(0, depth).join(' > ') };
}
