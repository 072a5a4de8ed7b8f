import type { ReactNode } from 'react';
import { CartLink, type CartLinkProps } from './cart-link.tsx';
import { MenuDrawer } from './menu-drawer.tsx';
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
  readonly search: SearchFieldProps;
  readonly cart: CartLinkProps;
}

export function SiteHeader({ home, menu, menuContent, search, cart }: SiteHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.menu}>
          <MenuDrawer {...menu}>{menuContent}</MenuDrawer>
        </div>
        <div className={styles.logo}>
          <Wordmark href={home.href} label={home.label} />
        </div>
        <div className={styles.search}>
          <SearchField {...search} />
        </div>
        <div className={styles.cart}>
          <CartLink {...cart} />
        </div>
      </div>
    </header>
  );
}
