import { useEffect } from 'react';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import type { CartPageProps } from '../../page-loaders/commerce-server-side-props.ts';
import { PageHead } from '../layout/page-head.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { useCart } from './cart-context.tsx';
import { CartLines } from './cart-lines.tsx';
import styles from './cart-screen.module.css';

/** The cart page: the server-rendered cart, then the live one from the cart context. */
export function CartScreen({ cart: serverCart }: CartPageProps) {
  const locale = useLocale();
  const messages = useMessages();
  const { cart, loaded, replace } = useCart();
  useEffect(() => replace(serverCart), [serverCart, replace]);
  const shown = loaded ? cart : serverCart;
  return (
    <div className={`container ${styles.page}`}>
      <PageHead title={`${messages.cart.title} · Vitrine`} />
      <h1>{messages.cart.title}</h1>
      {shown.lines.length === 0 ? (
        <div className={styles.empty}>
          <p>{messages.cart.empty}</p>
          <ButtonLink href={pathFor({ name: 'home' }, locale)}>
            {messages.cart.continueShopping}
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.layout}>
          <CartLines lines={shown.lines} />
          <aside className={styles.summary}>
            <p className={styles.subtotal}>
              <span>{messages.cart.subtotal}</span>
              <strong data-testid="cart-subtotal">
                {formatPrice(shown.subtotalCents, locale)}
              </strong>
            </p>
            <ButtonLink href={pathFor({ name: 'checkout' }, locale)}>
              {messages.cart.checkout}
            </ButtonLink>
          </aside>
        </div>
      )}
    </div>
  );
}
