import { type ReactNode, useMemo } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { otherLocale } from '../../i18n/locale.ts';
import { equivalentPath, pathFor } from '../../i18n/routes.ts';
import { localizeCategories } from '../../lib/catalogue/category-links.ts';
import { maxQueryLength } from '../../lib/search/search-limits.ts';
import { usePageAlternates, usePagePath } from '../../lib/site/page-path-context.tsx';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { useCategoryLookup } from '../../lib/site/use-category-lookup.ts';
import { useCart } from '../cart/cart-context.tsx';
import { CategoryNav } from '../ui/category-nav.tsx';
import { SiteFooter } from '../ui/site-footer.tsx';
import { SiteHeader } from '../ui/site-header.tsx';
import { SkipLink } from '../ui/skip-link.tsx';
import { DeferredCartDrawer } from './deferred-cart-drawer.tsx';
import { HeaderSearch } from './header-search.tsx';
import styles from './site-layout.module.css';

export interface SiteLayoutProps {
  readonly children: ReactNode;
  /** Shows the header's search field; the search and category listings have their own. */
  readonly searchField?: boolean;
}

/** Header, menu, footer and language switch around every page, in the page's language. */
export function SiteLayout({ children, searchField = true }: SiteLayoutProps) {
  const locale = useLocale();
  const messages = useMessages();
  const { navigation } = useSiteData();
  const path = usePagePath();
  const categories = useCategoryLookup();
  const alternates = usePageAlternates();
  const departments = useMemo(() => localizeCategories(navigation, locale), [navigation, locale]);
  const home = { href: pathFor({ name: 'home' }, locale), label: messages.header.home };
  const other = otherLocale(locale);
  const cartCount = useCart().cart.itemCount;
  const search = searchField
    ? {
        action: pathFor({ name: 'search' }, locale),
        label: messages.header.searchLabel,
        placeholder: messages.header.searchPlaceholder,
        submitLabel: messages.header.searchSubmit,
        maxLength: maxQueryLength,
      }
    : undefined;
  return (
    <div className={styles.page}>
      <SkipLink target="main" label={messages.site.skipToContent} />
      <SiteHeader
        home={home}
        menu={{
          openLabel: messages.header.openMenu,
          closeLabel: messages.header.closeMenu,
          title: messages.header.menuTitle,
        }}
        menuContent={
          <CategoryNav
            label={messages.navigation.title}
            home={{ label: messages.navigation.home, href: home.href }}
            departments={departments}
          />
        }
        search={search}
        searchSlot={search && <HeaderSearch {...search} />}
        cart={{
          href: pathFor({ name: 'cart' }, locale),
          label: messages.header.cart(cartCount),
          count: cartCount,
        }}
        cartSlot={<DeferredCartDrawer />}
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter
        home={home}
        about={messages.footer.about}
        credits={messages.footer.credits}
        languageSwitch={{
          label: messages.footer.languageLabel,
          href: equivalentPath(path, other, categories, alternates),
          language: other,
          text: messages.footer.switchLanguage,
        }}
      />
    </div>
  );
}
