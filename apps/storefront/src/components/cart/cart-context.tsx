import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { type CartView, type CommerceErrorBody, emptyCart } from '../../lib/commerce/cart-view.ts';

/** The outcome of a cart change: `undefined` when it worked, else the server's localized message. */
type ChangeResult = Promise<string | undefined>;

interface CartValue {
  readonly cart: CartView;
  /** False until the cart was read from the server (the first paint shows an empty cart). */
  readonly loaded: boolean;
  readonly drawerOpen: boolean;
  readonly setDrawerOpen: (open: boolean) => void;
  /**
   * Adds a variant and opens the drawer. `queryID`: the search that led to the product, which the server
   * keeps on the cart line (and then on the order line) for the purchase event.
   */
  readonly add: (sku: string, quantity: number, queryID?: string) => ChangeResult;
  readonly setQuantity: (sku: string, quantity: number) => ChangeResult;
  readonly remove: (sku: string) => ChangeResult;
  /** Replaces the cart with one the page loaded on the server. */
  readonly replace: (cart: CartView) => void;
}

const CartContext = createContext<CartValue | undefined>(undefined);

/** Holds the shopper's cart for the header, the drawer and the cart pages; the server owns the truth. */
export function CartProvider({
  children,
  initialCart,
}: {
  children: ReactNode;
  /** The cart the server rendered the page with; without it the cart is read once from the API. */
  initialCart?: CartView | undefined;
}) {
  const locale = useLocale();
  const messages = useMessages();
  const [cart, setCart] = useState<CartView>(initialCart ?? emptyCart);
  const [loaded, setLoaded] = useState(initialCart !== undefined);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [readOnMount] = useState(initialCart === undefined);

  useEffect(() => {
    if (!readOnMount) return;
    const controller = new AbortController();
    fetch('/api/cart/items', { signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) return;
        setCart(((await response.json()) as { cart: CartView }).cart);
        setLoaded(true);
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(error);
      });
    return () => controller.abort();
  }, [readOnMount]);

  const change = useCallback(
    async (method: 'POST' | 'PUT' | 'DELETE', body: object): ChangeResult => {
      try {
        const response = await fetch(`/api/cart/items?locale=${locale}`, {
          method,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = (await response.json()) as { cart: CartView } | CommerceErrorBody;
        if ('cart' in answer) {
          setCart(answer.cart);
          setLoaded(true);
          return undefined;
        }
        return answer.message;
      } catch (error) {
        console.error(error);
        return messages.cart.errors.unexpected;
      }
    },
    [locale, messages],
  );

  const replace = useCallback((next: CartView) => {
    setCart(next);
    setLoaded(true);
  }, []);

  const value = useMemo<CartValue>(
    () => ({
      cart,
      loaded,
      drawerOpen,
      setDrawerOpen,
      add: async (sku, quantity, queryID) => {
        const problem = await change('POST', { sku, quantity, ...(queryID ? { queryID } : {}) });
        if (problem === undefined) setDrawerOpen(true);
        return problem;
      },
      setQuantity: (sku, quantity) => change('PUT', { sku, quantity }),
      remove: (sku) => change('DELETE', { sku }),
      replace,
    }),
    [cart, loaded, drawerOpen, change, replace],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a CartProvider (see _app.tsx)');
  return value;
}
