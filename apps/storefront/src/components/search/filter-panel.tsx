import { memo } from 'react';
import { Configure, DynamicWidgets } from 'react-instantsearch';
import { categoryAttributes } from '../../lib/search/search-attributes.ts';
import { CategoryMenuWidget } from './category-menu-widget.tsx';
import { ColorFacet } from './color-facet.tsx';
import { useEveryFacet } from './every-facet-context.ts';
import { ListFacet } from './list-facet.tsx';
import { PriceFacet } from './price-facet.tsx';
import { RatingFacet } from './rating-facet.tsx';
import { ToggleFacets } from './toggle-facets.tsx';

/** Values asked for per facet (the colour list shows up to 40). */
const maxValuesPerFacet = 50;

const facets = [
  <CategoryMenuWidget key="categories" attributes={categoryAttributes} />,
  <ColorFacet key="colors" attribute="colors" />,
  <ListFacet key="sizes" attribute="sizes" />,
  <PriceFacet key="price" attribute="price" />,
  <RatingFacet key="rating" attribute="rating" />,
  <ListFacet key="material" attribute="material" searchable />,
  <ListFacet key="activity" attribute="activity" searchable />,
  <ListFacet key="gender" attribute="gender" searchable />,
];

/**
 * Every filter, in the order the index's `renderingContent.facetOrdering` gives (a facet the merchant
 * leaves out of the order is not shown), then the yes/no highlights. In the server's search pass, every
 * facet at once (`every-facet-context.ts`).
 */
export const FilterPanel = memo(function FilterPanel() {
  const everyFacet = useEveryFacet();
  return (
    <>
      {everyFacet ? (
        <>
          <Configure maxValuesPerFacet={maxValuesPerFacet} />
          {facets}
        </>
      ) : (
        <DynamicWidgets facets={[]} maxValuesPerFacet={maxValuesPerFacet}>
          {facets}
        </DynamicWidgets>
      )}
      <ToggleFacets />
    </>
  );
});
