import { z } from 'zod';
import { englishReasons } from './record-reasons.ts';

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

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A product's address segment in one language (`juno-jacket`, `veste-juno`). */
export const productSlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(slugPattern, 'slug must be lower-case words joined by hyphens');

/** The languages a product's texts may be written in: English is required, the others optional. */
export const productLanguages = ['en', 'fr'] as const;
export type ProductLanguage = (typeof productLanguages)[number];

/** A product's name, slug and description in one language; errors name the language and the field. */
function productTextSchema(language: ProductLanguage) {
  const text = (field: string) => ({
    error: englishReasons['texts.fieldNotText']({ language, field }),
  });
  const empty = (field: string) => englishReasons['texts.fieldEmpty']({ language, field });
  const tooLong = (field: string, maximum: number) =>
    englishReasons['texts.fieldTooLong']({ language, field, maximum });
  return z.object(
    {
      name: z.string(text('name')).min(1, empty('name')).max(200, tooLong('name', 200)),
      slug: z
        .string(text('slug'))
        .min(1, empty('slug'))
        .max(120, tooLong('slug', 120))
        .regex(slugPattern, englishReasons['texts.slugFormat']({ language })),
      description: z.string(text('description')).max(5000, tooLong('description', 5000)),
    },
    { error: englishReasons['texts.languageNotObject']({ language }) },
  );
}

export const productTextsSchema = z.strictObject(
  { en: productTextSchema('en'), fr: productTextSchema('fr').optional() },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? englishReasons['texts.unsupportedLanguage']({
            languages: issue.keys,
            supported: productLanguages,
          })
        : englishReasons['texts.notObject']({}),
  },
);

/**
 * A catalogue file may give the English texts the way files did before languages existed: plain `name`,
 * `slug` and `description` fields, read as `texts.en` when the record has no `texts`.
 */
function withTexts(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || 'texts' in raw) return raw;
  const { name, slug, description, ...rest } = raw as Record<string, unknown>;
  return { ...rest, texts: { en: { name, slug, description } } };
}

/** A record with `texts` may not also give the old plain fields: which one would win is a guess. */
const besideTexts = (field: string) =>
  z.undefined({ error: englishReasons['record.fieldBesideTexts']({ field }) });

const catalogueProductObject = z.object({
  /** The merchant's SKU of the product (parent SKU for configurable products). */
  id: z.string().min(1).max(64),
  /** Name, slug and description per language: `{ en: {…}, fr?: {…} }`. */
  texts: productTextsSchema,
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
  /**
   * Whether shoppers see the product (search, category pages, its page, checkout). Absent means published,
   * so files written before the field existed keep their meaning.
   */
  published: z.boolean({ error: englishReasons['published.notBoolean']({}) }).optional(),
});

export const catalogueProductSchema = z.preprocess(
  withTexts,
  catalogueProductObject.extend({
    name: besideTexts('name').optional(),
    slug: besideTexts('slug').optional(),
    description: besideTexts('description').optional(),
  }),
);

export type ProductVariant = z.infer<typeof productVariantSchema>;
export type ProductImage = z.infer<typeof productImageSchema>;
export type ProductReview = z.infer<typeof productReviewSchema>;
export type ProductAttributes = z.infer<typeof productAttributesSchema>;
export type ProductText = z.infer<ReturnType<typeof productTextSchema>>;
export type ProductTexts = z.infer<typeof productTextsSchema>;
export type CatalogueProduct = z.infer<typeof catalogueProductObject>;

/** Whether shoppers see the product: true unless the catalogue says `published: false`. */
export function isPublished(product: Pick<CatalogueProduct, 'published'>): boolean {
  return product.published !== false;
}

/** The product's texts in `language`, or its English ones when it has none in that language. */
export function productText(
  product: Pick<CatalogueProduct, 'texts'>,
  language: ProductLanguage,
): ProductText {
  return product.texts[language] ?? product.texts.en;
}
