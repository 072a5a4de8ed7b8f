import { z } from 'zod';

/**
 * The commerce model: what the storefront's store holds as the source of truth, and the format of a
 * catalogue file for `npm run import`. Prices are in euro cents (integers) so totals never drift.
 */
export const productVariantSchema = z.object({
  sku: z.string().min(1).max(64),
  color: z.string().min(1).max(40).nullable(),
  size: z.string().min(1).max(16).nullable(),
  priceCents: z.number().int().min(0).max(10_000_000),
  stock: z.number().int().min(0).max(1_000_000),
});

export const productImageSchema = z.object({
  /** Site-relative URL, e.g. `/images/luma/m/h/mh01-gray_main.jpg`. */
  url: z.string().min(1).max(300),
  /** The colour variant the photo shows, when known. */
  color: z.string().max(40).nullable(),
});

export const productReviewSchema = z.object({
  author: z.string().min(1).max(80),
  title: z.string().max(200),
  text: z.string().max(5000),
  rating: z.number().int().min(1).max(5),
});

export const productAttributesSchema = z.object({
  material: z.array(z.string().min(1)).default([]),
  pattern: z.string().nullable().default(null),
  climate: z.array(z.string().min(1)).default([]),
  activity: z.array(z.string().min(1)).default([]),
  gender: z.array(z.string().min(1)).default([]),
  style: z.array(z.string().min(1)).default([]),
  eco: z.boolean().default(false),
  sale: z.boolean().default(false),
  new: z.boolean().default(false),
});

export const catalogueProductSchema = z.object({
  /** The merchant's SKU of the product (parent SKU for configurable products). */
  id: z.string().min(1).max(64),
  slug: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens'),
  name: z.string().min(1).max(200),
  description: z.string().max(5000),
  brand: z.string().min(1).max(80),
  /** Category paths from the root, e.g. `["Men", "Tops", "Jackets"]`. English keys. */
  categories: z.array(z.array(z.string().min(1).max(80)).min(1).max(3)).min(1),
  attributes: productAttributesSchema,
  variants: z.array(productVariantSchema).min(1),
  images: z.array(productImageSchema),
  reviews: z.array(productReviewSchema),
  related: z.array(z.string()),
  upsell: z.array(z.string()),
  crossSell: z.array(z.string()),
  /** ISO date the product was listed. */
  createdAt: z.string().datetime(),
  /** Made-up merchandising signal (see docs/catalogue.md); higher sells more. */
  popularity: z.number().int().min(0),
});

export type ProductVariant = z.infer<typeof productVariantSchema>;
export type ProductImage = z.infer<typeof productImageSchema>;
export type ProductReview = z.infer<typeof productReviewSchema>;
export type ProductAttributes = z.infer<typeof productAttributesSchema>;
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;
