import { isPublished, productSlugSchema } from '@vitrine/catalogue/catalogue-product';
import type { GetServerSideProps } from 'next';
import { type Locale, otherLocale } from '../i18n/locale.ts';
import { pathFor } from '../i18n/routes.ts';
import { buildCategoryTree } from '../lib/catalogue/category-tree.ts';
import type { CartView } from '../lib/commerce/cart-view.ts';
import { type ProductView, toProductView } from '../lib/commerce/product-view.ts';
import { readConsent } from '../lib/insights/consent-cookies.ts';
import { cartIdFromHeaders } from '../server/commerce/cart-cookie.ts';
import { viewCart } from '../server/commerce/cart-service.ts';
import { isOrderId } from '../server/commerce/checkout-service.ts';
import { getRuntime } from '../server/runtime.ts';
import type { StoredOrder } from '../server/store/cart-order-store.ts';
import type { CommerceStore } from '../server/store/commerce-store.ts';

export interface ProductPageProps {
  readonly locale: Locale;
  readonly product: ProductView;
  /** The product's address in each language: the language switch and hreflang links lead there. */
  readonly alternates: Readonly<Record<Locale, string>>;
  /** `?color=` of the address, when given. */
  readonly requestedColor: string | null;
}

export interface CartPageProps {
  readonly locale: Locale;
  readonly cart: CartView;
}

export interface OrderPageProps {
  readonly locale: Locale;
  /** What the confirmation shows: not the email (the page never displays it, so it is not in its data). */
  readonly order: Omit<StoredOrder, 'requestHash' | 'cartId' | 'email'>;
  /** True on the first render of the confirmation only: it sends the order's one purchase event. */
  readonly sendPurchaseEvent: boolean;
}

/**
 * The product of `/product/[slug]` (English slug) or `/produit/[slug]` (French slug, or the English one of a
 * product without French texts). The other language's slug redirects (301) to the page's own address,
 * keeping the query string. An unknown slug, or one no product could have (the catalogue's slug rule),
 * renders the localized 404 page without asking the store; an unpublished product's slug renders it too.
 */
export function productServerSideProps(locale: Locale): GetServerSideProps<ProductPageProps> {
  return async ({ params, query, resolvedUrl }) => {
    const slug = typeof params?.['slug'] === 'string' ? params['slug'] : '';
    if (!productSlugSchema.safeParse(slug).success) return { notFound: true };
    const { store } = getRuntime();
    const [found, categories] = await Promise.all([
      findProductBySlug(store, slug, locale),
      store.listCategories(),
    ]);
    // An unpublished product is not sold: its page is a 404 like an unknown slug's, in both languages.
    if (!found || !isPublished(found)) return { notFound: true };
    const view = toProductView(found, locale, buildCategoryTree(categories));
    if (view.slug !== slug) {
      const search = resolvedUrl.includes('?') ? resolvedUrl.slice(resolvedUrl.indexOf('?')) : '';
      const destination = `${pathFor({ name: 'product', slug: view.slug }, locale)}${search}`;
      // 301, not Next's 308 for `permanent`: the status search engines and the issue (#28) name for a moved page.
      return { redirect: { destination, statusCode: 301 } };
    }
    const color = query['color'];
    return {
      props: {
        locale,
        product: view,
        alternates: {
          en: pathFor({ name: 'product', slug: view.slugs.en }, 'en'),
          fr: pathFor({ name: 'product', slug: view.slugs.fr }, 'fr'),
        },
        requestedColor: typeof color === 'string' ? color : null,
      },
    };
  };
}

/** The product whose slug in the page's language is `slug`, else the one whose slug in the other is. */
async function findProductBySlug(store: CommerceStore, slug: string, locale: Locale) {
  return (
    (await store.getProductBySlug(slug, locale)) ??
    (await store.getProductBySlug(slug, otherLocale(locale)))
  );
}

/** The shopper's cart, read with the cookie: the cart and checkout pages render it on the server. */
export function cartServerSideProps(locale: Locale): GetServerSideProps<CartPageProps> {
  return async ({ req, res }) => {
    res.setHeader('cache-control', 'private, no-store');
    return {
      props: {
        locale,
        cart: await viewCart(getRuntime().store, cartIdFromHeaders(req.headers), locale),
      },
    };
  };
}

/** The order of `/order/[id]`: only its 128-bit id opens it; any other id is a 404. */
export function orderServerSideProps(locale: Locale): GetServerSideProps<OrderPageProps> {
  return async ({ params, req, res }) => {
    const id = params?.['id'];
    const order = isOrderId(id) ? await getRuntime().store.findOrder(id) : undefined;
    if (!order) return { notFound: true };
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('referrer-policy', 'no-referrer');
    const { requestHash: _hash, cartId: _cart, email: _email, ...visible } = order;
    // Claimed on the server, atomically: a reload (or a second tab) of the confirmation never sends it again.
    // Only with the shopper's consent to analytics (the browser sends nothing otherwise).
    const consented = readConsent(req.headers.cookie ?? '') === 'accepted';
    const sendPurchaseEvent = consented && (await getRuntime().store.claimPurchaseEvent(order.id));
    return { props: { locale, order: visible, sendPurchaseEvent } };
  };
}
