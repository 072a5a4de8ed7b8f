import { useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import type { VariantView } from '../../lib/commerce/product-view.ts';
import { pairChoice } from '../../lib/recommend/default-variant.ts';
import { fetchProductVariants } from '../../lib/recommend/product-variants.ts';
import { useCart } from '../cart/cart-context.tsx';
import { useAddVariant } from '../cart/use-add-variant.ts';
import type { ProductHit, SendEventForHits } from './product-row.tsx';

/**
 * "Add both to cart": the page's chosen variant, then the partner's variant picked by `pairChoice` from its
 * current stock (asked when the button is pressed); the cart drawer opens with both lines (and says which
 * one was already in the cart: its quantity grows, see `CartProvider`). One add-to-cart conversion per item
 * added: the page's product as "Add to cart" adds it (`useAddVariant`, with the search that led to it), the
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
  const addVariant = useAddVariant(productId);
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
      const failed = await addVariant(variant, 1);
      if (failed) {
        setProblem(failed);
        return;
      }
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
