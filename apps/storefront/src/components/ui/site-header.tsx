import type { ReactNode } from 'react';
import { CartLink, type CartLinkProps } from './cart-link.tsx';
import { DeferredMenuDrawer } from './deferred-menu-drawer.tsx';
import { SearchField, type SearchFieldProps } from './search-field.tsx';
import styles from './site-header.module.css';
import { Wordmark } from './wordmark.tsx';

export interface SiteHeaderProps {
  readonly home: { readonly href: string; readonly label: string };
  readonly menu: {
    readonly openLabel: string;
    readonly closeLabel: string;
    readonly title: string;
  };
  /** What the menu panel shows. */
  readonly menuContent: ReactNode;
  /** Absent on pages that have their own search field (the search and category listings). */
  readonly search?: SearchFieldProps | undefined;
  /** Replaces the plain search field (the header's autocomplete, in the site layout). */
  readonly searchSlot?: ReactNode;
  readonly cart: CartLinkProps;
  /** Replaces the cart link (the cart drawer's button, in the site layout). */
  readonly cartSlot?: ReactNode;
}

export function SiteHeader({
  home,
  menu,
  menuContent,
  search,
  searchSlot,
  cart,
  cartSlot,
}: SiteHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner} ${search ? '' : styles.noSearch}`}>
        <div className={styles.menu}>
          <DeferredMenuDrawer {...menu}>{menuContent}</DeferredMenuDrawer>
        </div>
        <div className={styles.logo}>
          <Wordmark href={home.href} label={home.label} />
        </div>
        {search && <div className={styles.search}>{searchSlot ?? <SearchField {...search} />}</div>}
        <div className={styles.cart}>{cartSlot ?? <CartLink {...cart} />}</div>
      </div>
    </header>
  );
}
