import type { ReactNode } from 'react';
import { I18nProvider } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import type { CartView } from '../../lib/commerce/cart-view.ts';
import { type ServerConsent, ServerConsentContext } from '../../lib/insights/consent-store.ts';
import { PagePathProvider } from '../../lib/site/page-path-context.tsx';
import { SiteProvider } from '../../lib/site/site-context.tsx';
import type { SiteData } from '../../lib/site/site-data.ts';
import { CartProvider } from '../cart/cart-context.tsx';

export interface AppProvidersProps {
  readonly locale: Locale;
  readonly site: SiteData;
  /** The address the browser shows (path and query). */
  readonly path: string;
  /** This page's address in each language, when it differs from the route map's (a product's own slugs). */
  readonly alternates?: Readonly<Partial<Record<Locale, string>>> | undefined;
  readonly consent: ServerConsent;
  /** The shopper's cart as the server read it; without it the cart is read from the API once mounted. */
  readonly cart?: CartView | undefined;
  readonly children: ReactNode;
}

/**
 * Everything a page's components read from context: its language, the site's data, its address, the
 * shopper's consent and cart. The one place they are assembled: `_app` wraps every page in it, and the
 * listings' server-side search (`getServerState`) renders the listing in it, so a component finds the same
 * providers wherever it renders.
 */
export function AppProviders({
  locale,
  site,
  path,
  alternates,
  consent,
  cart,
  children,
}: AppProvidersProps) {
  return (
    <I18nProvider locale={locale}>
      <SiteProvider value={site}>
        <PagePathProvider path={path} alternates={alternates}>
          <ServerConsentContext.Provider value={consent}>
            <CartProvider initialCart={cart}>{children}</CartProvider>
          </ServerConsentContext.Provider>
        </PagePathProvider>
      </SiteProvider>
    </I18nProvider>
  );
}
