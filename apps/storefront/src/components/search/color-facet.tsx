import { label } from '@vitrine/catalogue/labels';
import { useRefinementList } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { FacetGroup } from '../ui/facet-group.tsx';
import { SwatchList } from '../ui/swatch-list.tsx';

/** The colour facet as swatches; several colours may be chosen (any of them matches). */
export function ColorFacet({ attribute }: { readonly attribute: string }) {
  const { items, refine, canRefine } = useRefinementList({ attribute, operator: 'or', limit: 40 });
  const messages = useMessages().search;
  const locale = useLocale();
  if (!canRefine) return null;
  const selected = items.filter((item) => item.isRefined).length;
  return (
    <FacetGroup
      title={messages.facets.colors}
      {...(selected > 0 ? { badge: String(selected) } : {})}
    >
      <SwatchList
        title={messages.facets.colors}
        options={items.map((item) => ({
          value: item.value,
          label: label(item.value, locale),
          count: formatNumber(item.count, locale),
          selected: item.isRefined,
        }))}
        onToggle={refine}
      />
    </FacetGroup>
  );
}
