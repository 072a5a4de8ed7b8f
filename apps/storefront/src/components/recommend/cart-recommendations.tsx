import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useFrequentlyBoughtTogether } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import type { CartLineView } from '../../lib/commerce/cart-view.ts';
import { productIdOf } from '../../lib/recommend/product-variants.ts';
import { recommendLimits, recommendThreshold } from '../../lib/recommend/recommend-settings.ts';
import { recordObjectID } from '../../lib/recommend/record-object-id.ts';
import { useCart } from '../cart/cart-context.tsx';
import { type ProductHit, ProductRow } from './product-row.tsx';
import { RecommendProvider } from './recommend-provider.tsx';
import { useRowState } from './use-row-state.ts';

/** Lines whose products the row is asked for: the most recent few are enough to pick what goes with them. */
const maxSourceLines = 5;

/**
 * Frequently bought together with what is in the cart, as small cards in the cart drawer. Loaded with
 * `next/dynamic` by the drawer (every page has it), so the recommendation code stays out of the pages' first
 * load. The records are named from the lines' products (asked once per product) and colours.
 */
export default function CartRecommendations({ lines }: { lines: readonly CartLineView[] }) {
  const sources = useCartSources(lines);
  useCloseOnNavigation();
  if (sources.length === 0) return null;
  const objectIDs = [...new Set(sources.map((source) => source.objectID))];
  const productIds = sources.map((source) => source.productId);
  return (
    <RecommendProvider>
      <CartBoughtTogether key={objectIDs.join(' ')} objectIDs={objectIDs} productIds={productIds} />
    </RecommendProvider>
  );
}

interface CartSource {
  readonly objectID: string;
  readonly productId: string;
}

function CartBoughtTogether({
  objectIDs,
  productIds,
}: {
  objectIDs: string[];
  productIds: readonly string[];
}) {
  const messages = useMessages().recommend;
  const row = useRowState<ProductHit>();
  const { items, sendEvent } = useFrequentlyBoughtTogether<ProductHit>({
    objectIDs,
    // Room for the products already in the cart, which are left out below.
    limit: recommendLimits.cart + objectIDs.length,
    threshold: recommendThreshold,
    transformItems: row.transformItems,
  });
  // Products already in the cart are not worth suggesting again.
  const inCart = new Set(productIds);
  const shown = items
    .filter((hit) => !inCart.has(String(hit.productId)))
    .slice(0, recommendLimits.cart);
  return (
    <ProductRow
      id="cart-bought-together-title"
      title={messages.cartBoughtTogether}
      state={row.stateOf(shown.length)}
      items={shown}
      sendEvent={sendEvent}
      compact
    />
  );
}

/** Opening a suggested product leaves the page: the drawer closes as the navigation starts. */
function useCloseOnNavigation() {
  const router = useRouter();
  const { setDrawerOpen } = useCart();
  useEffect(() => {
    const close = () => setDrawerOpen(false);
    router.events.on('routeChangeStart', close);
    return () => router.events.off('routeChangeStart', close);
  }, [router.events, setDrawerOpen]);
}

function useCartSources(lines: readonly CartLineView[]): CartSource[] {
  const sources = lines
    .slice(-maxSourceLines)
    .map((line) => ({ slug: line.slug, color: line.color }));
  const key = JSON.stringify(sources);
  const [resolved, setResolved] = useState<CartSource[]>([]);
  useEffect(() => {
    let current = true;
    const wanted = JSON.parse(key) as { slug: string; color: string | null }[];
    Promise.all(
      wanted.map(async ({ slug, color }) => {
        const productId = await productIdOf(slug);
        return { productId, objectID: recordObjectID(productId, color) };
      }),
    )
      .then((found) => {
        if (current) setResolved(found);
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      current = false;
    };
  }, [key]);
  return resolved;
}
