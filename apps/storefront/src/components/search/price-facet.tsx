import { useCallback } from 'react';
import { useRange } from 'react-instantsearch';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { FacetGroup } from '../ui/facet-group.tsx';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { RangeFilter } from '../ui/range-filter.tsx';

/** Price range from the results' lowest to highest price (`facets_stats`): a slider and two fields. */
export function PriceFacet({ attribute }: { readonly attribute: string }) {
  const { range, start, refine, canRefine } = useRange({ attribute });
  const messages = useMessages().search;
  const locale = useLocale();
  const change = useLatestCallback((next: { min?: number; max?: number }) =>
    refine([next.min, next.max]),
  );
  const euros = useCallback(
    (value: number) => formatPrice(Math.round(value * 100), locale),
    [locale],
  );
  if (!canRefine || range.min === undefined || range.max === undefined) return null;
  const [min, max] = start;
  const refined = Number.isFinite(min) || Number.isFinite(max);
  return (
    <FacetGroup title={messages.facets.price} {...(refined ? { badge: '1' } : {})}>
      <RangeFilter
        bounds={{ min: range.min, max: range.max }}
        value={{
          ...(min !== undefined && Number.isFinite(min) ? { min } : {}),
          ...(max !== undefined && Number.isFinite(max) ? { max } : {}),
        }}
        onChange={change}
        format={euros}
        labels={{
          min: messages.priceMin,
          max: messages.priceMax,
          apply: messages.priceApply,
          group: messages.facets.price,
          unit: '€',
        }}
      />
    </FacetGroup>
  );
}
