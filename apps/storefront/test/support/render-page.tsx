import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { CartProvider } from '../../src/components/cart/cart-context.tsx';
import { I18nProvider } from '../../src/i18n/i18n-context.tsx';
import type { Locale } from '../../src/i18n/locale.ts';
import { buildCategoryTree, type CategorySummary } from '../../src/lib/catalogue/category-tree.ts';
import { PagePathProvider } from '../../src/lib/site/page-path-context.tsx';
import { SiteProvider } from '../../src/lib/site/site-context.tsx';

/** Category summaries like the store gives for a small catalogue. */
export const sampleCategories: CategorySummary[] = [
  { path: ['Men'], productCount: 72, imageUrl: '/images/luma/m/t/mt01.jpg' },
  { path: ['Men', 'Tops'], productCount: 48, imageUrl: '/images/luma/m/t/mt01.jpg' },
  { path: ['Men', 'Tops', 'Jackets'], productCount: 11, imageUrl: '/images/luma/m/j/mj01.jpg' },
  { path: ['Women'], productCount: 75, imageUrl: '/images/luma/w/t/wt01.jpg' },
  { path: ['Women', 'Bottoms'], productCount: 25, imageUrl: '/images/luma/w/p/wp01.jpg' },
  { path: ['Women', 'Bottoms', 'Shorts'], productCount: 12, imageUrl: '/images/luma/w/s/ws01.jpg' },
  { path: ['Gear'], productCount: 44, imageUrl: '/images/luma/g/w/gw01.jpg' },
  { path: ['Gear', 'Bags'], productCount: 14, imageUrl: '/images/luma/g/b/gb01.jpg' },
];

/** Server-renders a screen with the providers `_app` sets up. */
export function renderPage(
  ui: ReactNode,
  { locale, path }: { locale: Locale; path: string },
): string {
  const site = {
    navigation: buildCategoryTree(sampleCategories),
    publicConfig: null,
    origin: 'https://shop.test',
  };
  return renderToString(
    <I18nProvider locale={locale}>
      <SiteProvider value={site}>
        <PagePathProvider path={path}>
          <CartProvider>{ui}</CartProvider>
        </PagePathProvider>
      </SiteProvider>
    </I18nProvider>,
  );
}
