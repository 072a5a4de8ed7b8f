import type { VariantView } from '../commerce/product-view.ts';

/** What `GET /api/products/<slug>` answers. */
export interface ProductVariantsBody {
  readonly id: string;
  readonly variants: readonly VariantView[];
}

/**
 * A product's id and variants (sku, colour, size, stock) from the storefront's own API.
 * @throws Error when the product is unknown or the request fails.
 */
export async function fetchProductVariants(
  slug: string,
  signal?: AbortSignal,
): Promise<ProductVariantsBody> {
  const response = await fetch(`/api/products/${encodeURIComponent(slug)}`, {
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`GET /api/products/${slug} answered ${response.status}`);
  return (await response.json()) as ProductVariantsBody;
}

const productIds = new Map<string, Promise<string>>();

/** The product id behind a slug, asked once per page session (ids never change for a slug). */
export function productIdOf(slug: string): Promise<string> {
  let id = productIds.get(slug);
  if (!id) {
    id = fetchProductVariants(slug).then((body) => body.id);
    id.catch(() => productIds.delete(slug));
    productIds.set(slug, id);
  }
  return id;
}
