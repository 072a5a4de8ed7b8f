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

/** A line an "add" made bigger rather than new: the variant was already in the cart. */
export interface AddedAgain {
  readonly sku: string;
  readonly name: string;
  /** The line's quantity after the add. */
  readonly quantity: number;
}

interface CartValue {
  readonly cart: CartView;
  /** False until the cart was read from the server (the first paint shows an empty cart). */
  readonly loaded: boolean;
  readonly drawerOpen: boolean;
  readonly setDrawerOpen: (open: boolean) => void;
  /** Lines that were already in the cart when added since the drawer last closed (the drawer says so). */
  readonly addedAgain: readonly AddedAgain[];
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
  const [drawerOpen, setDrawerOpenState] = useState(false);
  const [addedAgain, setAddedAgain] = useState<readonly AddedAgain[]>([]);
  const setDrawerOpen = useCallback((open: boolean) => {
    setDrawerOpenState(open);
    if (!open) setAddedAgain([]);
  }, []);
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

  /** Sends a change; the new cart when it worked, else the server's localized message. */
  const change = useCallback(
    async (method: 'POST' | 'PUT' | 'DELETE', body: object): Promise<CartView | string> => {
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
          return answer.cart;
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
      addedAgain,
      add: async (sku, quantity, queryID) => {
        const answer = await change('POST', { sku, quantity, ...(queryID ? { queryID } : {}) });
        if (typeof answer === 'string') return answer;
        // The server answers with the whole cart: a line holding more than was just added was already there.
        const line = answer.lines.find((candidate) => candidate.sku === sku);
        if (line && line.quantity > quantity) {
          const again = { sku, name: line.name, quantity: line.quantity };
          setAddedAgain((current) => [...current.filter((item) => item.sku !== sku), again]);
        }
        setDrawerOpenState(true);
        return undefined;
      },
      setQuantity: async (sku, quantity) => problemOf(await change('PUT', { sku, quantity })),
      remove: async (sku) => problemOf(await change('DELETE', { sku })),
      replace,
    }),
    [cart, loaded, drawerOpen, setDrawerOpen, addedAgain, change, replace],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

function problemOf(answer: CartView | string): string | undefined {
  return typeof answer === 'string' ? answer : undefined;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a CartProvider (see _app.tsx)');
  return value;
}
