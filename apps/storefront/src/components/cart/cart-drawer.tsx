import * as Dialog from '@radix-ui/react-dialog';
import { ShoppingCart, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { ActionButton } from '../ui/action-button.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import drawer from '../ui/drawer.module.css';
import iconStyles from '../ui/icon-button.module.css';
import { useCart } from './cart-context.tsx';
import styles from './cart-drawer.module.css';
import { CartLines } from './cart-lines.tsx';

/** Frequently bought together with the cart: loaded when the drawer first shows lines, not with the page. */
const CartRecommendations = dynamic(() => import('../recommend/cart-recommendations.tsx'), {
  ssr: false,
});

/**
 * The header's cart button and the drawer it opens (also opened after an item is added). Radix's dialog
 * traps focus, locks page scroll, closes on Esc, the close icon and a click outside, and returns focus to
 * the cart button.
 */
export function CartDrawer() {
  const locale = useLocale();
  const messages = useMessages();
  const { cart, drawerOpen, setDrawerOpen, addedAgain } = useCart();
  return (
    <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={iconStyles.iconButton}
          aria-label={messages.header.cart(cart.itemCount)}
          data-testid="cart-button"
        >
          <ShoppingCart aria-hidden="true" />
          <span className={iconStyles.badge} aria-hidden="true">
            {cart.itemCount}
          </span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={drawer.overlay} />
        <Dialog.Content className={drawer.panel} aria-describedby={undefined}>
          <div className={drawer.top}>
            <Dialog.Title className={drawer.title}>{messages.cart.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className={iconStyles.iconButton}
                aria-label={messages.cart.close}
              >
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <div className={drawer.body}>
            {cart.lines.length === 0 ? (
              <div className={styles.empty}>
                <p>{messages.cart.empty}</p>
                <ActionButton onClick={() => setDrawerOpen(false)}>
                  {messages.cart.continueShopping}
                </ActionButton>
              </div>
            ) : (
              <>
                {addedAgain.length > 0 && (
                  <ul className={styles.notice} role="status" data-testid="cart-added-again">
                    {addedAgain.map((item) => (
                      <li key={item.sku}>{messages.cart.addedAgain(item.name, item.quantity)}</li>
                    ))}
                  </ul>
                )}
                <CartLines lines={cart.lines} />
                <CartRecommendations lines={cart.lines} />
              </>
            )}
          </div>
          {cart.lines.length > 0 && (
            <div className={drawer.footer}>
              <p className={styles.subtotal}>
                <span>{messages.cart.subtotal}</span>
                <strong>{formatPrice(cart.subtotalCents, locale)}</strong>
              </p>
              <div className={styles.actions} onClickCapture={() => setDrawerOpen(false)}>
                <ButtonLink href={pathFor({ name: 'cart' }, locale)} variant="secondary">
                  {messages.cart.viewCart}
                </ButtonLink>
                <ButtonLink href={pathFor({ name: 'checkout' }, locale)}>
                  {messages.cart.checkout}
                </ButtonLink>
              </div>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
