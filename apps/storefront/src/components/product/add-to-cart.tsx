import { useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { maxLineQuantity } from '../../lib/commerce/cart-view.ts';
import {
  missingOptions,
  type ProductView,
  type VariantChoice,
  type VariantView,
} from '../../lib/commerce/product-view.ts';
import { useAddVariant } from '../cart/use-add-variant.ts';
import styles from './add-to-cart.module.css';

export interface AddToCartProps {
  readonly product: ProductView;
  readonly variant: VariantView | undefined;
  /** The colour and size chosen so far: the stock line says which one is still missing. */
  readonly choice: VariantChoice;
}

/** Stock state, quantity and the add button; the server checks the variant, quantity and stock again. */
export function AddToCart({ product, variant, choice }: AddToCartProps) {
  const messages = useMessages();
  const addVariant = useAddVariant(product.id);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const stock = variant?.stock ?? 0;
  const state =
    variant === undefined
      ? messages.product.chooseOptions[missingOptions(product, choice) ?? 'both']
      : stock === 0
        ? messages.product.outOfStock
        : stock <= 5
          ? messages.product.lowStock(stock)
          : messages.product.inStock;
  const choices = Array.from(
    { length: Math.max(1, Math.min(stock, maxLineQuantity, 10)) },
    (_, i) => i + 1,
  );
  const submit = async () => {
    if (!variant) return;
    setBusy(true);
    const refused = await addVariant(variant, quantity);
    setProblem(refused);
    setBusy(false);
  };
  return (
    <div className={styles.box}>
      <p
        className={`${styles.stock} ${variant && stock > 0 ? styles.available : styles.unavailable}`}
        data-testid="stock-state"
      >
        {state}
      </p>
      <div className={styles.row}>
        <label className={styles.quantity}>
          <span>{messages.product.quantity}</span>
          <select
            value={quantity}
            onChange={(event) => setQuantity(Number(event.target.value))}
            disabled={!variant || stock === 0}
          >
            {choices.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.add}
          disabled={!variant || stock === 0 || busy}
          onClick={() => {
            void submit();
          }}
          data-product={product.id}
        >
          {busy ? messages.product.adding : messages.product.addToCart}
        </button>
      </div>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </div>
  );
}
