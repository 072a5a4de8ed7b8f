import { label } from '@vitrine/catalogue/labels';
import Image from 'next/image';
import Link from 'next/link';
import { useState } from 'react';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import type { CartLineView } from '../../lib/commerce/cart-view.ts';
import { useCart } from './cart-context.tsx';
import styles from './cart-lines.module.css';

/** The cart's lines with a quantity picker and a remove button each (drawer and cart page). */
export function CartLines({ lines }: { lines: readonly CartLineView[] }) {
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <CartLine key={line.sku} line={line} />
      ))}
    </ul>
  );
}

function CartLine({ line }: { line: CartLineView }) {
  const locale = useLocale();
  const messages = useMessages();
  const { setQuantity, remove } = useCart();
  const [problem, setProblem] = useState<string>();
  const choices = Array.from(
    { length: Math.max(line.maxQuantity, line.quantity) },
    (_, i) => i + 1,
  );
  const variant = messages.cart.variant(line.color && label(line.color, locale), line.size);
  return (
    <li className={styles.line}>
      {line.imageUrl && (
        <Image src={line.imageUrl} alt="" width={72} height={90} className={styles.image} />
      )}
      <div className={styles.info}>
        <Link href={pathFor({ name: 'product', slug: line.slug }, locale)} className={styles.name}>
          {line.name}
        </Link>
        {variant && <span className={styles.variant}>{variant}</span>}
        <span className={styles.each}>
          {messages.cart.each(formatPrice(line.unitPriceCents, locale))}
        </span>
        {!line.available && <p className={styles.problem}>{messages.cart.unavailable}</p>}
        <div className={styles.controls}>
          {line.available && (
            <select
              aria-label={messages.cart.quantityOf(line.name)}
              value={line.quantity}
              className={styles.quantity}
              onChange={(event) => {
                void setQuantity(line.sku, Number(event.target.value)).then(setProblem);
              }}
            >
              {choices.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          )}
          <button
            type="button"
            className={styles.remove}
            aria-label={messages.cart.remove(line.name)}
            onClick={() => {
              void remove(line.sku).then(setProblem);
            }}
          >
            {messages.cart.removeShort}
          </button>
        </div>
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </div>
      <span className={styles.total}>
        {line.available ? formatPrice(line.lineTotalCents, locale) : null}
      </span>
    </li>
  );
}
