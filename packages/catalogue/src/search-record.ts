import { type CatalogueProduct, type ProductVariant, productText } from './catalogue-product.ts';
import { departmentRoots } from './clean-category-paths.ts';
import { label } from './labels.ts';

/** A colour a product comes in, and the photo that shows it. */
export interface ColorVariant {
  readonly color: string;
  readonly image: string | null;
}

/** One search record per colour variant of a product (sizes listed), as the `products` index stores it. */
export interface ProductSearchRecord {
  readonly objectID: string;
  readonly productId: string;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  /** French slug and name, or the English ones when the product has no French texts (the French pages show them). */
  readonly slugFr: string;
  readonly nameFr: string;
  /** Only when the product has French texts: an English description is not copied (memory at 100,000 products). */
  readonly descriptionFr?: string;
  readonly brand: string;
  /** Euros (the record's display price; the store keeps cents). */
  readonly price: number;
  readonly hierarchicalCategories: {
    readonly lvl0?: string[];
    readonly lvl1?: string[];
    readonly lvl2?: string[];
  };
  readonly categories: string[];
  readonly color: string | null;
  /**
   * Every colour of the product, the same on each of its records: the colour facet counts products (with
   * `facetingAfterDistinct`) and a colour filter keeps every product that comes in that colour.
   */
  readonly colors: string[];
  /** Each colour of the product with its first photo, in variant order: the swatches of a product card. */
  readonly colorVariants: ColorVariant[];
  readonly sizes: string[];
  readonly material: string[];
  readonly pattern: string | null;
  readonly activity: string[];
  readonly gender: string[];
  readonly climate: string[];
  readonly style: string[];
  readonly eco: boolean;
  readonly sale: boolean;
  readonly new: boolean;
  readonly inStock: boolean;
  readonly rating: number;
  readonly reviewCount: number;
  readonly image: string | null;
  readonly images: string[];
  readonly popularity: number;
  /** Unix seconds, for the "newest" replica. */
  readonly createdAt: number;
  readonly related: string[];
  readonly crossSell: string[];
  /**
   * French labels of the record's categories (with their department path: `Homme`, `Hauts`), colour, gender,
   * material, style and activity values (searchable).
   */
  readonly labelsFr: string[];
}

/**
 * Derives the search records of one product: one per colour (a product without colours gives one record),
 * grouped by `productId` for `distinct`. Pure: the same product always gives the same records.
 * `objectID` is `<productId>-<colour>` (`MH01-Black`), or the product id alone.
 */
export function toSearchRecords(product: CatalogueProduct): ProductSearchRecord[] {
  const french = productText(product, 'fr');
  const byColor = new Map<string | null, ProductVariant[]>();
  for (const variant of product.variants) {
    const group = byColor.get(variant.color) ?? [];
    group.push(variant);
    byColor.set(variant.color, group);
  }
  const ratingSum = product.reviews.reduce((sum, review) => sum + review.rating, 0);
  const rating =
    product.reviews.length > 0 ? Math.round((ratingSum / product.reviews.length) * 10) / 10 : 0;
  const departments = product.categories.filter((path) => departmentRoots.has(path[0] ?? ''));
  const categoryNames = [...new Set(product.categories.map((path) => path[path.length - 1] ?? ''))];
  const colorVariants = [...byColor.keys()].flatMap((color) =>
    color === null ? [] : [{ color, image: imagesFor(product, color)[0] ?? null }],
  );
  return [...byColor.entries()].map(([color, variants]) => {
    const images = imagesFor(product, color);
    const sizes = [...new Set(variants.flatMap((variant) => (variant.size ? [variant.size] : [])))];
    const frenchSource = [
      ...categoryNames,
      ...departments.flat(),
      ...(color ? [color] : []),
      ...product.attributes.gender,
      ...product.attributes.material,
      ...product.attributes.style,
      ...product.attributes.activity,
    ];
    return {
      objectID: color ? `${product.id}-${color}` : product.id,
      productId: product.id,
      slug: product.texts.en.slug,
      name: product.texts.en.name,
      description: product.texts.en.description,
      slugFr: french.slug,
      nameFr: french.name,
      ...(product.texts.fr && { descriptionFr: product.texts.fr.description }),
      brand: product.brand,
      price: Math.min(...variants.map((variant) => variant.priceCents)) / 100,
      hierarchicalCategories: hierarchy(departments),
      categories: categoryNames,
      color,
      colors: colorVariants.map((variant) => variant.color),
      colorVariants,
      sizes,
      material: product.attributes.material,
      pattern: product.attributes.pattern,
      activity: product.attributes.activity,
      gender: product.attributes.gender,
      climate: product.attributes.climate,
      style: product.attributes.style,
      eco: product.attributes.eco,
      sale: product.attributes.sale,
      new: product.attributes.new,
      inStock: variants.some((variant) => variant.stock > 0),
      rating,
      reviewCount: product.reviews.length,
      image: images[0] ?? null,
      images,
      popularity: product.popularity,
      createdAt: Math.floor(Date.parse(product.createdAt) / 1000),
      related: product.related,
      crossSell: product.crossSell,
      labelsFr: [
        ...new Set(
          frenchSource.map((value) => label(value, 'fr')).filter((fr, i) => fr !== frenchSource[i]),
        ),
      ],
    };
  });
}

function imagesFor(product: CatalogueProduct, color: string | null): string[] {
  const own = product.images.filter((image) => image.color === color).map((image) => image.url);
  const fallback = product.images.filter((image) => image.color === null).map((image) => image.url);
  return own.length > 0
    ? own
    : fallback.length > 0
      ? fallback
      : product.images.map((image) => image.url);
}

/** `[["Men","Tops","Jackets"]]` → `{lvl0:["Men"], lvl1:["Men > Tops"], lvl2:["Men > Tops > Jackets"]}`. */
function hierarchy(paths: readonly string[][]): ProductSearchRecord['hierarchicalCategories'] {
  const levels: [Set<string>, Set<string>, Set<string>] = [new Set(), new Set(), new Set()];
  for (const path of paths) {
    path.slice(0, 3).forEach((_, depth) => {
      levels[depth as 0 | 1 | 2].add(path.slice(0, depth + 1).join(' > '));
    });
  }
  const [lvl0, lvl1, lvl2] = levels.map((level) => [...level]);
  return {
    ...(lvl0?.length ? { lvl0 } : {}),
    ...(lvl1?.length ? { lvl1 } : {}),
    ...(lvl2?.length ? { lvl2 } : {}),
  };
}
