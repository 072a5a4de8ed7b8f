import { productsIndex } from '@vitrine/catalogue/search-settings';
import { useEffect } from 'react';
import { searchObjectID } from './search-object-id.ts';
import { useSendInsightsEvent } from './use-insights-events.ts';

/** Sends `viewedObjectIDs` for the product colour on screen: once per product page, again per new colour. */
export function useProductViewEvent(productId: string, color: string | null): void {
  const send = useSendInsightsEvent();
  useEffect(() => {
    send({
      method: 'viewedObjectIDs',
      payload: {
        eventName: 'Product Viewed',
        index: productsIndex,
        objectIDs: [searchObjectID(productId, color)],
      },
    });
  }, [send, productId, color]);
}
