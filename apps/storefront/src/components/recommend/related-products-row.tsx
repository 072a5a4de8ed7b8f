import { useRelatedProducts } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { recommendLimits, recommendThreshold } from '../../lib/recommend/recommend-settings.ts';
import { type ProductHit, ProductRow } from './product-row.tsx';
import { useRowState } from './use-row-state.ts';

/** "You may also like": related products of a record. */
export function RelatedProductsRow({ objectID }: { objectID: string }) {
  const messages = useMessages().recommend;
  const row = useRowState<ProductHit>();
  const { items, sendEvent } = useRelatedProducts<ProductHit>({
    objectIDs: [objectID],
    limit: recommendLimits.related,
    threshold: recommendThreshold,
    transformItems: row.transformItems,
  });
  return (
    <ProductRow
      id="related-products-title"
      title={messages.relatedProducts}
      state={row.stateOf(items.length)}
      items={items}
      sendEvent={sendEvent}
    />
  );
}
