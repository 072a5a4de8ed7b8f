import { ShoppingCart } from 'lucide-react';
import Link from 'next/link';
import styles from './icon-button.module.css';

export interface CartLinkProps {
  readonly href: string;
  /** Says what the link is and how many items the cart holds ("Cart, 2 items"). */
  readonly label: string;
  readonly count: number;
}

export function CartLink({ href, label, count }: CartLinkProps) {
  return (
    <Link href={href} className={styles.iconButton} aria-label={label}>
      <ShoppingCart aria-hidden="true" />
      <span className={styles.badge} aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
