import { memo } from 'react';
import { DynamicWidgets } from 'react-instantsearch';
import { categoryAttributes } from '../../lib/search/search-attributes.ts';
import { CategoryMenuWidget } from './category-menu-widget.tsx';
import { ColorFacet } from './color-facet.tsx';
import { ListFacet } from './list-facet.tsx';
import { PriceFacet } from './price-facet.tsx';
import { RatingFacet } from './rating-facet.tsx';
import { ToggleFacets } from './toggle-facets.tsx';

/**
 * Every filter, in the order the index's `renderingContent.facetOrdering` gives (a facet the merchant
 * leaves out of the order is not shown), then the yes/no highlights.
 */
export const FilterPanel = memo(function FilterPanel() {
  return (
    <>
      <DynamicWidgets facets={[]} maxValuesPerFacet={50}>
        <CategoryMenuWidget attributes={categoryAttributes} />
        <ColorFacet attribute="colors" />
        <ListFacet attribute="sizes" />
        <PriceFacet attribute="price" />
        <RatingFacet attribute="rating" />
        <ListFacet attribute="material" searchable />
        <ListFacet attribute="activity" searchable />
        <ListFacet attribute="gender" searchable />
      </DynamicWidgets>
      <ToggleFacets />
    </>
  );
});
