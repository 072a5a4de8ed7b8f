import type {
  CatalogueProduct,
  ProductImage,
  ProductReview,
  ProductText,
  ProductTexts,
  ProductVariant,
} from './catalogue-product.ts';
import { cleanCategoryPaths } from './clean-category-paths.ts';
import { cleanText, splitValues } from './clean-text.ts';
import { slugify, stableHash } from './deterministic.ts';

/** One row of Luma's `products_reviews.csv`. */
export interface LumaReviewRow {
  readonly sku: string;
  readonly rating: number;
  readonly title: string;
  readonly review: string;
  readonly reviewer: string;
}

/** The product listing date all made-up dates count back from, so the catalogue never changes. */
export const catalogueReferenceDate = Date.UTC(2026, 9, 1);
const day = 86_400_000;

/**
 * Converts the Luma sample (`products_normalized.json`, its reviews and the photo file names) into our
 * commerce model, cleaning HTML entities and glued category paths, and deriving what Luma lacks
 * (stock, popularity, listing dates) deterministically from a hash of the SKU — see docs/catalogue.md.
 * @param rawProducts - the parsed JSON array.
 * @param reviews - parsed review rows.
 * @param imageUrls - every photo URL available to the site (`/images/luma/m/h/mh01-black_main.jpg`).
 * @param frenchTexts - French name, slug and description by Luma SKU (`products_fr.json`); a product
 *   without an entry has English texts only.
 */
export function lumaToCatalogue(
  rawProducts: readonly unknown[],
  reviews: readonly LumaReviewRow[],
  imageUrls: readonly string[],
  frenchTexts: Readonly<Record<string, ProductText>> = {},
): CatalogueProduct[] {
  const reviewsBySku = groupBy(reviews, (review) => review.sku);
  const imagesByPrefix = groupBy(imageUrls, (url) => imagePrefix(url));
  const usedSlugs = new Set<string>();
  const usedFrenchSlugs = new Set<string>();
  return rawProducts.map((raw) => {
    const source = raw as LumaRawProduct;
    const name = cleanText(source.name);
    const id = source.sku;
    const attributes = source.attributes ?? {};
    const isNew = yes(attributes['new']);
    const productReviews = (reviewsBySku.get(id) ?? []).map(toReview);
    const french = Object.hasOwn(frenchTexts, id) ? frenchTexts[id] : undefined;
    const texts: ProductTexts = {
      en: {
        name,
        slug: uniqueSlug(slugify(name), usedSlugs),
        description: cleanText(source.description ?? ''),
      },
      ...(french && {
        fr: {
          name: french.name,
          slug: uniqueSlug(slugify(french.slug || french.name), usedFrenchSlugs),
          description: french.description,
        },
      }),
    };
    return {
      id,
      texts,
      brand: 'Luma',
      categories: cleanCategoryPaths(source.categories ?? []),
      attributes: {
        material: splitValues(attributes['material']),
        pattern: splitValues(attributes['pattern'])[0] ?? null,
        climate: splitValues(attributes['climate']),
        activity: splitValues(attributes['activity']),
        gender: genderOf(splitValues(attributes['gender']), source.categories ?? []),
        style: [
          ...splitValues(attributes['style_general']),
          ...splitValues(attributes['style_bottom']),
          ...splitValues(attributes['style_bags']),
        ],
        eco: yes(attributes['eco_collection']),
        sale: yes(attributes['sale']),
        new: isNew,
      },
      variants: toVariants(source),
      images: toImages(source, imagesByPrefix.get(source.sku.toLowerCase()) ?? []),
      reviews: productReviews,
      related: source.related ?? [],
      upsell: source.upsell ?? [],
      crossSell: source.crosssell ?? [],
      createdAt: new Date(listingTime(id, isNew)).toISOString(),
      popularity: popularity(id, productReviews),
    };
  });
}

interface LumaRawProduct {
  readonly sku: string;
  readonly name: string;
  readonly description?: string;
  readonly price: number;
  readonly categories?: string[];
  readonly attributes?: Record<string, unknown>;
  readonly variants?: { sku: string; size?: string; color?: string }[];
  readonly images?: string[];
  readonly related?: string[];
  readonly upsell?: string[];
  readonly crosssell?: string[];
}

function toVariants(source: LumaRawProduct): ProductVariant[] {
  const priceCents = Math.round(source.price * 100);
  const variants = source.variants ?? [];
  if (variants.length === 0) {
    const color = simpleProductColor(source);
    return [{ sku: source.sku, color, size: null, priceCents, stock: madeUpStock(source.sku) }];
  }
  return variants.map((variant) => ({
    sku: variant.sku,
    color: variant.color ? cleanText(variant.color) : null,
    size: variant.size ? cleanText(variant.size) : null,
    priceCents,
    stock: madeUpStock(variant.sku),
  }));
}

/**
 * The colour of a product sold without variants: the word that ends both its SKU and its URL key
 * (`24-WG081-pink`, "Sprite Stasis Ball 55 cm pink": the sample sells each stasis ball colour as a product of its
 * own, and its `color` attribute says "Red" for the pink ones, whose photo is pink too), else its `color`
 * attribute, else none.
 */
function simpleProductColor(source: LumaRawProduct): string | null {
  const attributes = source.attributes ?? {};
  const suffix = /-([a-z]+)$/i.exec(source.sku)?.[1];
  const urlKey = typeof attributes['url_key'] === 'string' ? attributes['url_key'] : '';
  if (suffix && urlKey.toLowerCase().endsWith(` ${suffix.toLowerCase()}`))
    return suffix.charAt(0).toUpperCase() + suffix.slice(1).toLowerCase();
  const color = attributes['color'];
  return typeof color === 'string' && color.trim() !== '' ? cleanText(color) : null;
}

/** 0–40 units; about one variant in thirteen is out of stock. */
function madeUpStock(sku: string): number {
  const hash = stableHash(`stock:${sku}`);
  return hash % 13 === 0 ? 0 : 1 + (hash % 40);
}

function toImages(source: LumaRawProduct, photoUrls: readonly string[]): ProductImage[] {
  const listed = (source.images ?? []).map(
    (path) => `/images/luma/${path.replace(/^images_320\//, '')}`,
  );
  // A colour's `_main` photo first: the sample lists some colours' back or alternate views (or, for
  // `wb01-black-0.jpg`, another product's photo) before their main one, and a card shows the first.
  const all = [...new Set([...listed, ...photoUrls])].sort(
    (a, b) => Number(!a.includes('_main.')) - Number(!b.includes('_main.')),
  );
  const colors = new Map(
    (source.variants ?? []).flatMap((variant) =>
      variant.color ? [[variant.color.toLowerCase(), cleanText(variant.color)] as const] : [],
    ),
  );
  return all.map((url) => {
    const match = /-([a-z]+)(?:_[a-z0-9]+|-\d+)?\.jpg$/.exec(url);
    return { url, color: (match?.[1] && colors.get(match[1])) ?? null };
  });
}

/** `/images/luma/m/h/mh01-black_main.jpg` → `mh01`: the product code a photo belongs to. */
function imagePrefix(url: string): string {
  const file = url.slice(url.lastIndexOf('/') + 1);
  return file.split(/[-_.]/)[0] ?? file;
}

function toReview(row: LumaReviewRow): ProductReview {
  return {
    author: cleanText(row.reviewer) || 'Anonymous',
    title: cleanText(row.title),
    text: cleanText(row.review),
    rating: Math.min(5, Math.max(1, Math.round(row.rating))),
  };
}

/** New products were listed in the 45 days before the reference date, others up to two years earlier. */
function listingTime(sku: string, isNew: boolean): number {
  const hash = stableHash(`listed:${sku}`);
  const daysBack = isNew ? 1 + (hash % 45) : 60 + (hash % 670);
  return catalogueReferenceDate - daysBack * day;
}

/** Reviews weigh most (a proxy for sales), plus a stable per-product spread. */
function popularity(sku: string, reviews: readonly ProductReview[]): number {
  const ratingSum = reviews.reduce((sum, review) => sum + review.rating, 0);
  return reviews.length * 40 + ratingSum * 5 + (stableHash(`popularity:${sku}`) % 100);
}

/** Luma sets gender on gear only; clothing takes it from its department (Men/Women). */
function genderOf(declared: string[], categoryPaths: readonly string[]): string[] {
  if (declared.length > 0) return declared;
  const departments = categoryPaths.map((path) => path.split('/')[0] ?? '');
  return [...new Set(departments.filter((root) => root === 'Men' || root === 'Women'))];
}

function yes(value: unknown): boolean {
  return value === 'Yes' || value === '1' || value === 1 || value === true;
}

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let suffix = 2; used.has(slug); suffix += 1) slug = `${base}-${suffix}`;
  used.add(slug);
  return slug;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
