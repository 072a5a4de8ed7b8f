import { label } from '@vitrine/catalogue/labels';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { CartView } from '../../lib/commerce/cart-view.ts';
import styles from './order-summary.module.css';

export interface SummaryLine {
  readonly sku: string;
  readonly name: string;
  readonly color: string | null;
  readonly size: string | null;
  readonly quantity: number;
  readonly lineTotalCents: number;
  /** A cart line of an unpublished product: shown as no longer available, not priced. */
  readonly available?: boolean;
}

/** Lines and totals of a cart or a placed order (all amounts from the server). */
export function OrderSummary({
  cart,
}: {
  cart: Pick<CartView, 'subtotalCents'> & { lines: readonly SummaryLine[] };
}) {
  const locale = useLocale();
  const messages = useMessages();
  return (
    <aside className={styles.summary} aria-labelledby="summary-title">
      <h2 id="summary-title">{messages.checkout.summary}</h2>
      <ul className={styles.lines}>
        {cart.lines.map((line) => (
          <li key={line.sku} className={styles.line}>
            <span>
              {line.quantity} × {line.name}
              <span className={styles.variant}>
                {messages.cart.variant(line.color && label(line.color, locale), line.size)}
              </span>
            </span>
            <span>
              {line.available === false
                ? messages.cart.unavailable
                : formatPrice(line.lineTotalCents, locale)}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.row}>
        <span>{messages.cart.subtotal}</span>
        <span>{formatPrice(cart.subtotalCents, locale)}</span>
      </p>
      <p className={styles.row}>
        <span>{messages.checkout.shipping}</span>
        <span>{messages.checkout.free}</span>
      </p>
      <p className={`${styles.row} ${styles.total}`}>
        <span>{messages.checkout.total}</span>
        <strong data-testid="order-total">{formatPrice(cart.subtotalCents, locale)}</strong>
      </p>
    </aside>
  );
}
