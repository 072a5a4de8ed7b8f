import { isPublished, productSlugSchema } from '@vitrine/catalogue/catalogue-product';
import type { Locale } from '../../i18n/locale.ts';
import { messagesFor } from '../../i18n/messages.ts';
import type { ProductVariantsBody } from '../../lib/recommend/product-variants.ts';
import type { JsonReply } from '../http/admin-import.ts';
import type { CommerceStore } from '../store/commerce-store.ts';

export interface ProductRequest {
  readonly method: string | undefined;
  /** The `[slug]` path segment as Next parsed it. */
  readonly slug: unknown;
  readonly locale: Locale;
}

/** The catalogue's own slug rule (lower-case words joined by hyphens, at most 120 characters). */
const slugSchema = productSlugSchema;

/**
 * `GET /api/products/<slug>` (and `HEAD`): the product's id and variants (`{sku, color, size, priceCents,
 * stock}`, nothing else of the catalogue), which recommendation rows need to add a recommended product to the
 * cart ("add both") and to name the cart's records. A slug the catalogue could not hold gets a 400, an unknown
 * one a 404, both with `{code, message}` in the `?locale=` language.
 */
export async function handleProductRequest(
  request: ProductRequest,
  store: Pick<CommerceStore, 'getProductBySlug'>,
): Promise<JsonReply> {
  const text = messagesFor(request.locale).productApi;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return {
      status: 405,
      headers: { allow: 'GET, HEAD' },
      body: { code: 'method', message: text.method },
    };
  }
  const given = typeof request.slug === 'string' ? request.slug : '';
  const slug = slugSchema.safeParse(given);
  if (!slug.success) {
    return {
      status: 400,
      body: { code: 'invalid-slug', message: text.invalidSlug(given.slice(0, 200)) },
    };
  }
  // A cart line on a French page links the French slug: either language's slug names the product.
  const product =
    (await store.getProductBySlug(slug.data, 'en')) ??
    (await store.getProductBySlug(slug.data, 'fr'));
  if (!product || !isPublished(product))
    return { status: 404, body: { code: 'not-found', message: text.notFound(slug.data) } };
  const body: ProductVariantsBody = {
    id: product.id,
    variants: product.variants.map(({ sku, color, size, priceCents, stock }) => ({
      sku,
      color,
      size,
      priceCents,
      stock,
    })),
  };
  // Stock changes with every order: never cached.
  return { status: 200, headers: { 'cache-control': 'no-store' }, body };
}
