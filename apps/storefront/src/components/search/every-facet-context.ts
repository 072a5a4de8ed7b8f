import { createContext, useContext } from 'react';

/**
 * `true` while the server runs a listing's search (`getServerState`): the filter panel then mounts every facet
 * widget at once instead of `DynamicWidgets`, a two-pass widget that makes React InstantSearch render the whole
 * listing and search twice (a first pass only to learn the facet order). The one search asks for every
 * facet; the results carry the index's `renderingContent`, from which the page's own render (and the browser)
 * orders them and leaves out those the merchant hid, as before.
 */
export const EveryFacetContext = createContext(false);

export function useEveryFacet(): boolean {
  return useContext(EveryFacetContext);
}
