import type { IncomingMessage } from 'node:http';
import type { NextPageContext } from 'next';
import { localeOfPath } from '../i18n/routes.ts';
import { buildCategoryTree } from '../lib/catalogue/category-tree.ts';
import type { CartView } from '../lib/commerce/cart-view.ts';
import type { SiteData } from '../lib/site/site-data.ts';
import { cartIdFromHeaders } from './commerce/cart-cookie.ts';
import { viewCart } from './commerce/cart-service.ts';
import { getRuntime } from './runtime.ts';

/**
 * Loads the data every page shares, during a server render. The error pages skip the store: a 500 may
 * come from the store itself, and rendering the error must not fail the same way.
 */
export async function loadSiteData(context: NextPageContext): Promise<SiteData> {
  const runtime = getRuntime();
  const isErrorPage =
    Boolean(context.err) || context.pathname === '/500' || context.pathname === '/_error';
  const navigation = isErrorPage ? [] : buildCategoryTree(await runtime.store.listCategories());
  return {
    navigation,
    publicConfig: runtime.publicConfig(),
    origin: runtime.publicOrigin ?? requestOrigin(context.req),
  };
}

/**
 * The shopper's cart during a server render, so the header shows its count in the first paint. `undefined`
 * (the browser then asks `/api/cart/items`) on error pages and when the store cannot answer: the page must
 * still render.
 */
export async function loadShopperCart(context: NextPageContext): Promise<CartView | undefined> {
  if (!context.req || context.err || context.pathname === '/500' || context.pathname === '/_error')
    return undefined;
  try {
    // No cookie yet: the cart is empty, without asking the store.
    // Names in the language of the address (`/panier` → French).
    const locale = localeOfPath(context.asPath ?? '/');
    return await viewCart(getRuntime().store, cartIdFromHeaders(context.req.headers), locale);
  } catch {
    return undefined;
  }
}

/** The origin the browser used, as the request says it (`x-forwarded-*` behind a proxy). */
export function requestOrigin(request: IncomingMessage | undefined): string {
  if (!request) return '';
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  const protocol = first(request.headers['x-forwarded-proto']) ?? 'http';
  const host = first(request.headers['x-forwarded-host']) ?? request.headers.host;
  return host ? `${protocol}://${host}` : '';
}
