import { createHash } from 'node:crypto';
import {
  type CatalogueProduct,
  isPublished,
  type ProductLanguage,
  productLanguages,
} from '@vitrine/catalogue';
import { canonicalJson } from './catalogue-version.ts';
import type {
  ProductLinkKind,
  productCategories,
  productImages,
  productLinks,
  productReviews,
  products,
  productTexts,
  variants,
} from './schema.ts';

/** The rows one or more catalogue products occupy, table by table. */
export interface ProductRows {
  readonly products: (typeof products.$inferInsert)[];
  readonly texts: (typeof productTexts.$inferInsert)[];
  readonly categories: (typeof productCategories.$inferInsert)[];
  readonly variants: (typeof variants.$inferInsert)[];
  readonly images: (typeof productImages.$inferInsert)[];
  readonly reviews: (typeof productReviews.$inferInsert)[];
  readonly links: (typeof productLinks.$inferInsert)[];
}

/** Rows as read back, each list ordered by product id then position. */
export interface StoredRows {
  readonly products: readonly (typeof products.$inferSelect)[];
  readonly texts: readonly (typeof productTexts.$inferSelect)[];
  readonly categories: readonly (typeof productCategories.$inferSelect)[];
  readonly variants: readonly (typeof variants.$inferSelect)[];
  readonly images: readonly (typeof productImages.$inferSelect)[];
  readonly reviews: readonly (typeof productReviews.$inferSelect)[];
  readonly links: readonly (typeof productLinks.$inferSelect)[];
}

const linkFields = {
  related: 'related',
  upsell: 'upsell',
  cross_sell: 'crossSell',
} as const satisfies Record<ProductLinkKind, keyof CatalogueProduct>;

export function toRows(catalogue: readonly CatalogueProduct[]): ProductRows {
  const rows: ProductRows = {
    products: [],
    texts: [],
    categories: [],
    variants: [],
    images: [],
    reviews: [],
    links: [],
  };
  for (const product of catalogue) {
    const productId = product.id;
    rows.products.push({
      id: productId,
      slug: product.texts.en.slug,
      name: product.texts.en.name,
      description: product.texts.en.description,
      brand: product.brand,
      attributes: product.attributes,
      popularity: product.popularity,
      createdAt: new Date(product.createdAt),
      contentHash: contentHashOf(product),
      published: isPublished(product),
      inStock: product.variants.some((variant) => variant.stock > 0),
    });
    for (const language of otherLanguages) {
      const text = product.texts[language];
      if (text) rows.texts.push({ productId, language, ...text });
    }
    product.categories.forEach((path, position) => {
      rows.categories.push({ productId, position, path });
    });
    product.variants.forEach((variant, position) => {
      rows.variants.push({ productId, position, ...variant });
    });
    product.images.forEach((image, position) => {
      rows.images.push({ productId, position, url: image.url, color: image.color });
    });
    product.reviews.forEach((review, position) => {
      rows.reviews.push({
        productId,
        position,
        author: review.author,
        title: review.title,
        body: review.text,
        rating: review.rating,
      });
    });
    for (const [kind, field] of Object.entries(linkFields) as [
      ProductLinkKind,
      (typeof linkFields)[ProductLinkKind],
    ][]) {
      product[field].forEach((linkedProductId, position) => {
        rows.links.push({ productId, kind, position, linkedProductId });
      });
    }
  }
  return rows;
}

/** Rebuilds catalogue products from stored rows, in the order of `rows.products`. */
export function fromRows(rows: StoredRows): CatalogueProduct[] {
  const texts = groupBy(rows.texts);
  const categories = groupBy(rows.categories);
  const variantRows = groupBy(rows.variants);
  const images = groupBy(rows.images);
  const reviews = groupBy(rows.reviews);
  const links = groupBy(rows.links);
  return rows.products.map((row) => {
    const own = links.get(row.id) ?? [];
    const linked = (kind: ProductLinkKind) =>
      own.filter((link) => link.kind === kind).map((link) => link.linkedProductId);
    return {
      id: row.id,
      texts: {
        en: { name: row.name, slug: row.slug, description: row.description },
        ...Object.fromEntries(
          (texts.get(row.id) ?? []).flatMap(({ language, name, slug, description }) =>
            isOtherLanguage(language) ? [[language, { name, slug, description }]] : [],
          ),
        ),
      },
      brand: row.brand,
      categories: (categories.get(row.id) ?? []).map((category) => category.path),
      attributes: row.attributes,
      variants: (variantRows.get(row.id) ?? []).map(({ sku, color, size, priceCents, stock }) => ({
        sku,
        color,
        size,
        priceCents,
        stock,
      })),
      images: (images.get(row.id) ?? []).map(({ url, color }) => ({ url, color })),
      reviews: (reviews.get(row.id) ?? []).map(({ author, title, body, rating }) => ({
        author,
        title,
        text: body,
        rating,
      })),
      related: linked('related'),
      upsell: linked('upsell'),
      crossSell: linked('cross_sell'),
      createdAt: row.createdAt.toISOString(),
      popularity: row.popularity,
      // Only an unpublished product says so: a published one reads back as the file gave it (no field).
      ...(row.published ? {} : { published: false }),
    };
  });
}

/**
 * SHA-256 of the product's content. `published: true` hashes as no field at all (its meaning), so a store's
 * hashes stay as they were before the field existed and a file that spells it out changes nothing.
 */
function contentHashOf(product: CatalogueProduct): string {
  const { published, ...rest } = product;
  const content = published === false ? product : rest;
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** The languages kept in `product_texts` (English is in `products`). */
const otherLanguages = productLanguages.filter(
  (language): language is Exclude<ProductLanguage, 'en'> => language !== 'en',
);

function isOtherLanguage(language: string): language is (typeof otherLanguages)[number] {
  return (otherLanguages as readonly string[]).includes(language);
}

function groupBy<TRow extends { readonly productId: string }>(
  rows: readonly TRow[],
): Map<string, TRow[]> {
  const groups = new Map<string, TRow[]>();
  for (const row of rows) {
    const group = groups.get(row.productId);
    if (group) group.push(row);
    else groups.set(row.productId, [row]);
  }
  return groups;
}
