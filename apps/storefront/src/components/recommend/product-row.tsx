import type { Hit } from 'instantsearch.js';
import type { useRelatedProducts } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import type { ProductHitFields } from '../../lib/search/product-card.ts';
import { RecommendCarousel } from './recommend-carousel.tsx';
import { RecommendedProductCard } from './recommended-product-card.tsx';
import type { RowState } from './use-row-state.ts';

export type ProductHit = Hit<ProductHitFields & Record<string, unknown>>;

/** The `sendEvent` of a recommendation hook: events about its items, sent through the insights middleware. */
export type SendEventForHits = ReturnType<typeof useRelatedProducts>['sendEvent'];

export interface ProductRowProps {
  readonly id: string;
  readonly title: string;
  readonly state: RowState;
  readonly items: readonly ProductHit[];
  readonly sendEvent: SendEventForHits;
  readonly compact?: boolean;
}

/**
 * One recommendation model's items as a row of product cards; opening a card sends the click event of the
 * widget that recommended it. Renders nothing when the model answered with no items.
 */
export function ProductRow({ id, title, state, items, sendEvent, compact }: ProductRowProps) {
  const messages = useMessages().recommend;
  if (state === 'empty') return null;
  return (
    <RecommendCarousel
      id={id}
      title={title}
      state={state}
      compact={compact ?? false}
      placeholders={compact ? 2 : 4}
      labels={{ previous: messages.previous, next: messages.next }}
      items={items.map((hit) => ({
        key: hit.objectID,
        content: <RecommendedProductCard hit={hit} />,
        onOpen: () => sendEvent('click', hit, 'Recommendation Clicked'),
      }))}
    />
  );
}
