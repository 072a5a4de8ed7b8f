import type { ReactNode } from 'react';
import styles from './product-grid.module.css';

export interface ProductGridProps {
  readonly items: readonly { readonly key: string; readonly content: ReactNode }[];
  /** Names the list for assistive technology. */
  readonly label: string;
}

/** Product cards in a responsive grid: two columns on phones, up to four on wide screens. */
export function ProductGrid({ items, label }: ProductGridProps) {
  return (
    <ol className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className={styles.item} data-id={item.key}>
          {item.content}
        </li>
      ))}
    </ol>
  );
}
