// Latin only (English and French, œ and € included): one file per weight, and no other subsets' rules in the CSS.
// Montserrat in one weight (headings); buttons and labels are in Open Sans, so a page loads three font files.
import '@fontsource/montserrat/latin-700.css';
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-600.css';
import '../styles/globals.css';
import NextApp, { type AppContext, type AppProps } from 'next/app';
import Head from 'next/head';
import { useEffect, useState } from 'react';
import { AppProviders } from '../components/app/app-providers.tsx';
import { ConsentBanner } from '../components/consent/consent-banner.tsx';
import { outsidePendingListing, replayEarlyClicks } from '../components/document/early-clicks.ts';
import { SiteLayout } from '../components/layout/site-layout.tsx';
import { isLocale, type Locale } from '../i18n/locale.ts';
import { localeOfPath } from '../i18n/routes.ts';
import type { CartView } from '../lib/commerce/cart-view.ts';
import { readConsent } from '../lib/insights/consent-cookies.ts';
import type { ServerConsent } from '../lib/insights/consent-store.ts';
import { emptySiteData, type SiteData } from '../lib/site/site-data.ts';

/** A page may ask for a frame other than the shop's: the merchant pages set `chrome = 'merchant'`. */
type PageComponent = AppProps['Component'] & { readonly chrome?: 'merchant' };

interface VitrineAppProps
  extends AppProps<{
    locale?: unknown;
    listing?: unknown;
    /** A page whose address differs by language (a product) gives it per language. */
    alternates?: Readonly<Partial<Record<Locale, string>>>;
  }> {
  /** The address the browser shows, even when Next renders its 404 page. */
  readonly path: string;
  /** The language of the address, for pages that do not name theirs (404, 500). */
  readonly pathLocale: Locale;
  /** Loaded during server renders only. */
  readonly site?: SiteData | undefined;
  /** The shopper's cart, read with its cookie during server renders, so the header's count is right at once. */
  readonly cart?: CartView | undefined;
  /** The consent choice the request's cookie holds, so the banner is part of the server's HTML. */
  readonly consent?: ServerConsent | undefined;
}

export default function VitrineApp({
  Component,
  pageProps,
  path,
  pathLocale,
  site,
  cart,
  consent,
}: VitrineAppProps) {
  // Client-side navigations run getInitialProps in the browser, without site data: keep the first page's.
  const [firstSite] = useState(site);
  const [firstCart] = useState(cart);
  const [firstConsent] = useState(consent ?? 'unknown');
  const locale = isLocale(pageProps.locale) ? pageProps.locale : pathLocale;
  const merchant = (Component as PageComponent).chrome === 'merchant';
  // _document sets `<html lang>` for the first page; client-side navigations change language here.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // The page's scripts start after its first paint (decision 0011): `data-interactive` on `<html>` says when
  // the app has hydrated (the end-to-end tests wait for it); the buttons clicked before are clicked again.
  useEffect(() => {
    document.documentElement.dataset['interactive'] = '';
    replayEarlyClicks(outsidePendingListing);
  }, []);
  return (
    <AppProviders
      locale={locale}
      site={site ?? firstSite ?? emptySiteData}
      path={path}
      alternates={pageProps.alternates}
      consent={firstConsent}
      cart={firstCart}
    >
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      {/* The merchant pages bring their own frame (AdminLayout), kept out of the shop's first load. */}
      {merchant ? (
        <Component {...pageProps} />
      ) : (
        <>
          {/* The search and category listings have their own search field, which searches as you type. */}
          <SiteLayout searchField={pageProps.listing === undefined}>
            <Component {...pageProps} />
          </SiteLayout>
          {/* After the footer, sticky to the window's bottom: see consent-banner.module.css. */}
          <ConsentBanner />
        </>
      )}
    </AppProviders>
  );
}

/**
 * Runs for every page, which also makes Next render the 404 and 500 pages per request (not at build time),
 * so that they can speak the language of the address. Runtime configuration (the search service's public
 * address and search-only key) is read here at request time, never baked into the build.
 */
VitrineApp.getInitialProps = async (context: AppContext) => {
  const appProps = await NextApp.getInitialProps(context);
  // On the server, `asPath` of a missing page is `/404`; the request keeps the address that was asked for.
  const path = context.ctx.req?.url ?? context.ctx.asPath ?? context.router.asPath;
  const pathLocale = localeOfPath(path);
  if (typeof window !== 'undefined') return { ...appProps, path, pathLocale };
  const { loadSiteData, loadShopperCart } = await import('../server/site-data-loader.ts');
  const [site, cart] = await Promise.all([loadSiteData(context.ctx), loadShopperCart(context.ctx)]);
  const consent: ServerConsent = readConsent(context.ctx.req?.headers.cookie ?? '') ?? 'none';
  return { ...appProps, path, pathLocale, site, cart, consent };
};
