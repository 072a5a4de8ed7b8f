import type { Messages } from '../../i18n/messages.ts';
import {
  categoryAttributes,
  listFacets,
  priceAttribute,
  ratingAttribute,
  toggleFacets,
} from '../search/search-attributes.ts';

type FacetName = keyof Messages['search']['facets'];

/** The record attributes the search page filters on, by the facet title it shows for them. */
const facetOf: ReadonlyMap<string, FacetName> = new Map<string, FacetName>([
  ...listFacets.map(({ attribute }) => [attribute, attribute] as const),
  ...toggleFacets.map(({ attribute }) => [attribute, attribute] as const),
  [priceAttribute, 'price'],
  [ratingAttribute, 'rating'],
]);

/**
 * The shop's name for a filtered attribute of the analytics' filter usage, as the search page titles its
 * facets (`colors` → Colour / Couleur, `sale` → On sale / En promotion); the category tree's levels say which
 * level (`hierarchicalCategories.lvl2` → Category (level 3)). `undefined` for an attribute the search page
 * does not offer (an API client's own filter): the report then shows its raw name.
 */
export function filterLabel(attribute: string, messages: Messages): string | undefined {
  const level = (categoryAttributes as readonly string[]).indexOf(attribute);
  if (level >= 0)
    return messages.admin.analytics.categoryLevel(messages.search.facets.category, level + 1);
  const facet = facetOf.get(attribute);
  return facet === undefined ? undefined : messages.search.facets[facet];
}
