import { productsIndex } from '@vitrine/catalogue/search-settings';
import type { VariantView } from '../../lib/commerce/product-view.ts';
import { addToCartEvent } from '../../lib/insights/conversion-events.ts';
import { recallQueryID, tabStorage } from '../../lib/insights/query-id-carry.ts';
import { useSendInsightsEvent } from '../../lib/insights/use-insights-events.ts';
import { useCart } from './cart-context.tsx';

/**
 * Adds a variant of the page's product to the cart with the search that led to the product (its carried
 * queryID, which the server keeps on the cart line for the purchase event) and, once added, sends its
 * add-to-cart conversion. The product page's "Add to cart" and "add both" (for the page's product) use it.
 * @returns `undefined` when added, else the server's localized message.
 */
export function useAddVariant(
  productId: string,
): (variant: VariantView, quantity: number) => Promise<string | undefined> {
  const { add } = useCart();
  const sendInsightsEvent = useSendInsightsEvent();
  return async (variant, quantity) => {
    const storage = tabStorage();
    const queryID = storage ? recallQueryID(storage, productId) : undefined;
    const refused = await add(variant.sku, quantity, queryID);
    if (refused === undefined) {
      sendInsightsEvent(
        addToCartEvent({
          index: productsIndex,
          productId,
          color: variant.color,
          unitPriceCents: variant.priceCents,
          quantity,
          currency: 'EUR',
          queryID,
        }),
      );
    }
    return refused;
  };
}
