import type { Messages } from '../../i18n/messages.ts';
import { categoryAttributes } from '../../lib/search/search-attributes.ts';

type FacetKey = keyof Messages['search']['facets'];

/** The name of a facet in the page's language, by its record attribute (`colors` → "Colour"). */
export function facetName(attribute: string, messages: Messages): string {
  const facets = messages.search.facets;
  if ((categoryAttributes as readonly string[]).includes(attribute)) return facets.category;
  return attribute in facets ? facets[attribute as FacetKey] : attribute;
}
