import { type CatalogueProduct, isPublished } from '@vitrine/catalogue/catalogue-product';
import { z } from 'zod';

z.config({ jitless: true });

/**
 * What the console's catalogue page changes of a product: its name and description per language, each
 * variant's price and stock, and whether it is published. Everything else (slugs, categories, photos…)
 * stays as the store holds it.
 */
const text = z.object({
  name: z.string().trim().min(1, 'a name cannot be empty').max(200),
  description: z.string().trim().max(5000),
});

export const productEditSchema = z.object({
  id: z.string().min(1).max(64),
  texts: z.object({ en: text, fr: text.optional() }),
  variants: z
    .array(
      z.object({
        sku: z.string().min(1).max(64),
        priceCents: z.int().min(0, 'a price cannot be negative').max(10_000_000),
        stock: z.int().min(0, 'a stock cannot be negative').max(1_000_000),
      }),
    )
    .min(1),
  /** Absent: the product keeps its state. */
  published: z.boolean().optional(),
});

export type ProductEdit = z.output<typeof productEditSchema>;

/** A product as the catalogue page lists it. */
export interface ProductRow {
  readonly id: string;
  readonly name: { readonly en: string; readonly fr: string | null };
  readonly description: { readonly en: string; readonly fr: string | null };
  readonly category: string;
  readonly published: boolean;
  readonly variants: readonly {
    readonly sku: string;
    readonly label: string;
    readonly priceCents: number;
    readonly stock: number;
  }[];
}

export function toProductRow(product: CatalogueProduct): ProductRow {
  return {
    id: product.id,
    name: { en: product.texts.en.name, fr: product.texts.fr?.name ?? null },
    description: {
      en: product.texts.en.description,
      fr: product.texts.fr?.description ?? null,
    },
    category: (product.categories[0] ?? []).join(' > '),
    published: isPublished(product),
    variants: product.variants.map((variant) => ({
      sku: variant.sku,
      label: [variant.color, variant.size].filter(Boolean).join(' / ') || variant.sku,
      priceCents: variant.priceCents,
      stock: variant.stock,
    })),
  };
}

/**
 * The product with the edit applied. The French slug is kept (or, for a product given French texts for the
 * first time, the English one is used, which the format allows).
 * @throws Error naming the SKU when the edit names a variant the product does not have.
 */
export function applyProductEdit(product: CatalogueProduct, edit: ProductEdit): CatalogueProduct {
  const bySku = new Map(edit.variants.map((variant) => [variant.sku, variant]));
  for (const sku of bySku.keys()) {
    if (!product.variants.some((variant) => variant.sku === sku)) {
      throw new Error(`variants: ${product.id} has no variant ${sku}`);
    }
  }
  const french = edit.texts.fr;
  const { published: _published, ...rest } = product;
  // Published is the format's default: only an unpublished product carries the field.
  const published = (edit.published ?? isPublished(product)) ? {} : { published: false };
  return {
    ...rest,
    ...published,
    texts: {
      en: { ...product.texts.en, ...edit.texts.en },
      ...(french
        ? { fr: { slug: product.texts.fr?.slug ?? product.texts.en.slug, ...french } }
        : product.texts.fr
          ? { fr: product.texts.fr }
          : {}),
    },
    variants: product.variants.map((variant) => {
      const changed = bySku.get(variant.sku);
      return changed
        ? { ...variant, priceCents: changed.priceCents, stock: changed.stock }
        : variant;
    }),
  };
}
