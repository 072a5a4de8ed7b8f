import { label } from '@vitrine/catalogue/labels';
import { useRefinementList } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { FacetGroup } from '../ui/facet-group.tsx';
import listStyles from '../ui/facet-list.module.css';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { SwatchList } from '../ui/swatch-list.tsx';
import { FacetSearchField } from './facet-search-field.tsx';
import { useFacetSearch } from './use-facet-search.ts';

/**
 * The colour facet as swatches; several colours may be chosen (any of them matches). Its search field finds
 * a colour by its name in the page's language ("noir" on /recherche).
 */
export function ColorFacet({ attribute }: { readonly attribute: string }) {
  const list = useRefinementList({ attribute, operator: 'or', limit: 40 });
  const messages = useMessages().search;
  const locale = useLocale();
  const search = useFacetSearch(attribute, list);
  // Of constant identity: the swatches render again only when their values change (memo-by-value.ts).
  const toggle = useLatestCallback((value: string) => {
    list.refine(value);
    search.reset();
  });
  if (!list.canRefine && search.query === '') return null;
  const selected = list.items.filter((item) => item.isRefined).length;
  const values = search.labelMatches ?? list.items;
  return (
    <FacetGroup
      title={messages.facets.colors}
      {...(selected > 0 ? { badge: String(selected) } : {})}
    >
      {/* Spaced as the list facets are: the field, then the swatches. */}
      <div className={listStyles.facet}>
        <FacetSearchField
          label={messages.facetSearch(messages.facets.colors)}
          value={search.query}
          onChange={search.change}
          noMatchText={search.searching && values.length === 0 ? messages.facetNoMatch : null}
        />
        <SwatchList
          title={messages.facets.colors}
          options={values.map((item) => ({
            value: item.value,
            label: label(item.value, locale),
            count: formatNumber(item.count, locale),
            selected: item.isRefined,
          }))}
          onToggle={toggle}
        />
      </div>
    </FacetGroup>
  );
}
