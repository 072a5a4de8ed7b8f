import { label } from '@vitrine/catalogue/labels';
import type { CurrentRefinementsConnectorParamsRefinement as Refinement } from 'instantsearch.js/es/connectors/current-refinements/connectCurrentRefinements';
import { memo } from 'react';
import { useClearRefinements, useCurrentRefinements } from 'react-instantsearch';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import type { Messages } from '../../i18n/messages.ts';
import {
  categoryAttributes,
  priceAttribute,
  ratingAttribute,
  toggleFacets,
} from '../../lib/search/search-attributes.ts';
import { RefinementChips } from '../ui/refinement-chips.tsx';
import { categoryValueLabel } from './category-label.ts';
import { facetName } from './facet-names.ts';

/**
 * What the filters are kept out of "clear all" and the chips: the query always (it has its own reset), and
 * the category on a category page, where it is the page itself.
 */
export function excludedFromClearing(listing: 'search' | 'category'): string[] {
  return listing === 'category' ? ['query', ...categoryAttributes] : ['query'];
}

/** The filters in force as removable chips, and "Clear all filters". */
export const CurrentRefinementsWidget = memo(function CurrentRefinementsWidget({
  listing,
}: {
  listing: 'search' | 'category';
}) {
  const excludedAttributes = excludedFromClearing(listing);
  const { items } = useCurrentRefinements({ excludedAttributes });
  const clear = useClearRefinements({ excludedAttributes });
  const messages = useMessages();
  const locale = useLocale();
  const chips = items.flatMap((item) =>
    item.refinements.map((refinement) => {
      const text = chipLabel(refinement, messages, locale);
      return {
        key: `${item.attribute}:${refinement.operator ?? ''}${refinement.value}`,
        label: text,
        removeLabel: messages.search.removeFilter(text),
        onRemove: () => item.refine(refinement),
      };
    }),
  );
  return (
    <RefinementChips
      title={messages.search.activeFilters}
      chips={chips}
      {...(clear.canRefine && chips.length > 1
        ? { clearAll: { label: messages.search.clearFilters, onClear: clear.refine } }
        : {})}
    />
  );
});

/** "Colour: Black", "From €20.00", "4 stars & up", "On sale", "Category: Men › Tops". */
export function chipLabel(refinement: Refinement, messages: Messages, locale: Locale): string {
  const { attribute, value } = refinement;
  const name = facetName(attribute, messages);
  if (refinement.type === 'hierarchical')
    return `${name}: ${categoryValueLabel(String(value), locale)}`;
  if (attribute === priceAttribute) {
    const euros = formatPrice(Math.round(Number(value) * 100), locale);
    return refinement.operator === '<='
      ? messages.search.priceUpTo(euros)
      : messages.search.priceFrom(euros);
  }
  if (attribute === ratingAttribute) return messages.search.ratingAtLeast(Number(value));
  if (toggleFacets.some((toggle) => toggle.attribute === attribute)) return name;
  return messages.search.facetValue(name, label(String(value), locale));
}
