import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { useCart } from '../cart/cart-context.tsx';
import iconStyles from '../ui/icon-button.module.css';
import { useDeferredModule } from '../ui/use-deferred-module.ts';

const loadCartDrawer = () => import('../cart/cart-drawer.tsx');

/**
 * The header's cart button. The drawer's code (Radix's dialog and the cart lines) loads when the shopper
 * first reaches for the button or when the drawer is opened by adding an item, not with the page; until
 * then the button is plain HTML with the same name and count.
 */
export function DeferredCartDrawer() {
  const { cart, drawerOpen, setDrawerOpen } = useCart();
  const messages = useMessages();
  const drawer = useDeferredModule(loadCartDrawer);
  const { request } = drawer;
  useEffect(() => {
    if (drawerOpen) request();
  }, [drawerOpen, request]);
  const CartDrawer = drawer.requested ? drawer.module?.CartDrawer : undefined;
  if (CartDrawer) return <CartDrawer />;
  return (
    <button
      type="button"
      className={iconStyles.iconButton}
      aria-label={messages.header.cart(cart.itemCount)}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-testid="cart-button"
      onPointerEnter={drawer.prefetch}
      onFocus={drawer.prefetch}
      onClick={() => setDrawerOpen(true)}
    >
      <ShoppingCart aria-hidden="true" />
      <span className={iconStyles.badge} aria-hidden="true">
        {cart.itemCount}
      </span>
    </button>
  );
}
