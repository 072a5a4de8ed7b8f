import { useTrendingItems } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import {
  categoryFacet,
  recommendLimits,
  recommendThreshold,
} from '../../lib/recommend/recommend-settings.ts';
import { categoryPathLabel } from '../search/category-label.ts';
import { type ProductHit, ProductRow } from './product-row.tsx';
import { useRowState } from './use-row-state.ts';

export interface TrendingItemsRowProps {
  /** Trending in this category (English keys, `['Men', 'Tops']`); absent: trending overall. */
  readonly categoryPath?: readonly string[] | undefined;
  readonly id?: string;
}

/** "Trending now", or "Trending in Jackets" for one category (`facetName`/`facetValue`). */
export function TrendingItemsRow({
  categoryPath,
  id = 'trending-items-title',
}: TrendingItemsRowProps) {
  const messages = useMessages().recommend;
  const locale = useLocale();
  const row = useRowState<ProductHit>();
  const facet = categoryPath ? categoryFacet(categoryPath) : undefined;
  const { items, sendEvent } = useTrendingItems<ProductHit>({
    limit: recommendLimits.trendingItems,
    threshold: recommendThreshold,
    ...(facet ?? {}),
    transformItems: row.transformItems,
  });
  const leaf = categoryPath?.slice(-1) ?? [];
  return (
    <ProductRow
      id={id}
      title={
        leaf.length > 0
          ? messages.trendingIn(categoryPathLabel(leaf, locale))
          : messages.trendingItems
      }
      state={row.stateOf(items.length)}
      items={items}
      sendEvent={sendEvent}
    />
  );
}
