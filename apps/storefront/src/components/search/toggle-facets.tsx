import { useToggleRefinement } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { FacetGroup } from '../ui/facet-group.tsx';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { ToggleList } from '../ui/toggle-list.tsx';

/** Eco-friendly, on sale, new arrivals: yes/no filters, each with the products it would keep. */
export function ToggleFacets() {
  const eco = useToggleRefinement({ attribute: 'eco', on: true });
  const sale = useToggleRefinement({ attribute: 'sale', on: true });
  const fresh = useToggleRefinement({ attribute: 'new', on: true });
  const messages = useMessages().search;
  const locale = useLocale();
  const toggles = { eco, sale, new: fresh } as const;
  const toggle = useLatestCallback((key: string) => {
    const chosen = toggles[key as keyof typeof toggles];
    chosen.refine({ isRefined: chosen.value.isRefined });
  });
  const keys = (['sale', 'new', 'eco'] as const).filter(
    (key) => toggles[key].canRefine || toggles[key].value.isRefined,
  );
  if (keys.length === 0) return null;
  const on = keys.filter((key) => toggles[key].value.isRefined).length;
  return (
    <FacetGroup title={messages.facets.highlights} {...(on > 0 ? { badge: String(on) } : {})}>
      <ToggleList
        title={messages.facets.highlights}
        options={keys.map((key) => {
          const { value } = toggles[key];
          const count = value.onFacetValue.count;
          return {
            key,
            label: messages.facets[key],
            on: value.isRefined,
            ...(count !== null && !value.isRefined ? { count: formatNumber(count, locale) } : {}),
          };
        })}
        onToggle={toggle}
      />
    </FacetGroup>
  );
}
