import { productsIndex } from '@vitrine/catalogue/search-settings';
import { useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import type { VariantView } from '../../lib/commerce/product-view.ts';
import { addToCartEvent } from '../../lib/insights/conversion-events.ts';
import { recallQueryID, tabStorage } from '../../lib/insights/query-id-carry.ts';
import { useSendInsightsEvent } from '../../lib/insights/use-insights-events.ts';
import { pairChoice } from '../../lib/recommend/default-variant.ts';
import { fetchProductVariants } from '../../lib/recommend/product-variants.ts';
import { useCart } from '../cart/cart-context.tsx';
import type { ProductHit, SendEventForHits } from './product-row.tsx';

/**
 * "Add both to cart": the page's chosen variant, then the partner's variant picked by `pairChoice` from its
 * current stock (asked when the button is pressed); the cart drawer opens with both lines (and says which
 * one was already in the cart: its quantity grows, see `CartProvider`). One add-to-cart conversion per item
 * added: the page's product like "Add to cart" sends it (with the search that led to it, if any), the
 * partner's through the widget's `sendEvent` (attributed to the recommendation).
 */
export function useAddBoth(
  productId: string,
  variant: VariantView | undefined,
  partner: ProductHit | undefined,
  partnerName: string,
  sendEvent: SendEventForHits,
) {
  const messages = useMessages();
  const { add } = useCart();
  const sendInsightsEvent = useSendInsightsEvent();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const addBoth = async () => {
    if (!variant || !partner) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const { variants } = await fetchProductVariants(String(partner.slug));
      const choice = pairChoice(variants, typeof partner.color === 'string' ? partner.color : null);
      if (choice.kind !== 'variant') {
        setProblem(
          choice.kind === 'out-of-stock'
            ? messages.recommend.unavailable
            : messages.recommend.chooseSizeOf(partnerName),
        );
        return;
      }
      const storage = tabStorage();
      const queryID = storage ? recallQueryID(storage, productId) : undefined;
      const failed = await add(variant.sku, 1, queryID);
      if (failed) {
        setProblem(failed);
        return;
      }
      sendInsightsEvent(
        addToCartEvent({
          index: productsIndex,
          productId,
          color: variant.color,
          unitPriceCents: variant.priceCents,
          quantity: 1,
          currency: 'EUR',
          queryID,
        }),
      );
      const partnerFailed = await add(choice.variant.sku, 1);
      if (partnerFailed) {
        setProblem(partnerFailed);
        return;
      }
      const price = choice.variant.priceCents / 100;
      sendEvent('conversion', partner, 'Added To Cart', {
        eventSubtype: 'addToCart',
        objectData: [{ price, quantity: 1 }],
        value: price,
        currency: 'EUR',
      });
    } catch (error) {
      console.error(error);
      setProblem(messages.cart.errors.unexpected);
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, addBoth };
}
