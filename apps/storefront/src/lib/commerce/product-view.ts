import { type CatalogueProduct, productText } from '@vitrine/catalogue/catalogue-product';
import { label } from '@vitrine/catalogue/labels';
import type { Locale } from '../../i18n/locale.ts';
import { type CategoryNode, categoryPagePath } from '../catalogue/category-tree.ts';

/** What the product page shows, serializable as page props (labels already in the page's language). */
export interface ProductView {
  readonly id: string;
  /** The product's slug, name and description in the page's language (English when it has none in it). */
  readonly slug: string;
  /** Its address segment in each language, for the language switch and `hreflang`. */
  readonly slugs: Readonly<Record<Locale, string>>;
  readonly name: string;
  readonly description: string;
  readonly brand: string;
  readonly breadcrumb: readonly { readonly label: string; readonly href: string }[];
  readonly images: readonly { readonly url: string; readonly color: string | null }[];
  readonly variants: readonly VariantView[];
  readonly colors: readonly OptionView[];
  readonly sizes: readonly OptionView[];
  readonly rating: number | null;
  readonly reviews: readonly {
    readonly author: string;
    readonly title: string;
    readonly text: string;
    readonly rating: number;
  }[];
}

export interface VariantView {
  readonly sku: string;
  readonly color: string | null;
  readonly size: string | null;
  readonly priceCents: number;
  readonly stock: number;
}

/** A colour or size: `value` is the catalogue's key, `label` its name in the page's language. */
export interface OptionView {
  readonly value: string;
  readonly label: string;
}

/** `navigation`: the shop's department tree, which the breadcrumb's addresses depend on (`categorySlug`). */
export function toProductView(
  product: CatalogueProduct,
  locale: Locale,
  navigation: readonly CategoryNode[],
): ProductView {
  const distinct = (values: (string | null)[]) => [
    ...new Set(values.filter((value): value is string => value !== null)),
  ];
  const path = product.categories[0] ?? [];
  const reviewCount = product.reviews.length;
  const text = productText(product, locale);
  return {
    id: product.id,
    slug: text.slug,
    slugs: { en: product.texts.en.slug, fr: productText(product, 'fr').slug },
    name: text.name,
    description: text.description,
    brand: product.brand,
    breadcrumb: path.map((name, index) => ({
      label: label(name, locale),
      href: categoryPagePath(path.slice(0, index + 1), locale, navigation),
    })),
    images: product.images,
    variants: product.variants,
    colors: distinct(product.variants.map((variant) => variant.color)).map((value) => ({
      value,
      label: label(value, locale),
    })),
    sizes: distinct(product.variants.map((variant) => variant.size)).map((value) => ({
      value,
      label: value,
    })),
    rating:
      reviewCount === 0
        ? null
        : Math.round(
            (product.reviews.reduce((sum, review) => sum + review.rating, 0) / reviewCount) * 10,
          ) / 10,
    reviews: product.reviews,
  };
}

export interface VariantChoice {
  readonly color: string | null;
  readonly size: string | null;
}

/** The variant a colour and size pick, if both are chosen (or the product has no such option). */
export function findVariant(view: ProductView, choice: VariantChoice): VariantView | undefined {
  if (view.colors.length > 0 && choice.color === null) return undefined;
  if (view.sizes.length > 0 && choice.size === null) return undefined;
  return view.variants.find(
    (variant) =>
      (view.colors.length === 0 || variant.color === choice.color) &&
      (view.sizes.length === 0 || variant.size === choice.size),
  );
}

/** Which options the shopper still has to choose before a variant can be added. */
export type MissingOptions = 'color' | 'size' | 'both';

/** What is missing from `choice` (`undefined` when nothing is: the variant is then known, or does not exist). */
export function missingOptions(
  view: ProductView,
  choice: VariantChoice,
): MissingOptions | undefined {
  const color = view.colors.length > 0 && choice.color === null;
  const size = view.sizes.length > 0 && choice.size === null;
  if (color && size) return 'both';
  if (color) return 'color';
  if (size) return 'size';
  return undefined;
}

/** Whether an option can be chosen with the other option's current value: some such variant is in stock. */
export function isOptionAvailable(
  view: ProductView,
  kind: 'color' | 'size',
  value: string,
  choice: VariantChoice,
): boolean {
  const other = kind === 'color' ? choice.size : choice.color;
  return view.variants.some(
    (variant) =>
      variant[kind] === value &&
      variant.stock > 0 &&
      (other === null || (kind === 'color' ? variant.size : variant.color) === other),
  );
}

/** The first choice: the colour asked in the address if the product has it, else the first in stock. */
export function initialChoice(
  view: ProductView,
  requestedColor: string | undefined,
): VariantChoice {
  const lower = requestedColor?.toLowerCase();
  const requested = view.colors.find((color) => color.value.toLowerCase() === lower)?.value;
  const firstInStock = view.variants.find((variant) => variant.stock > 0) ?? view.variants[0];
  const color = requested ?? firstInStock?.color ?? null;
  const size = view.sizes.length === 1 ? (view.sizes[0]?.value ?? null) : null;
  return { color, size };
}

/** Photos of the chosen colour first (the gallery shows every photo). */
export function imagesFor(view: ProductView, color: string | null): ProductView['images'] {
  const matching = view.images.filter((image) => image.color === color);
  return [...matching, ...view.images.filter((image) => image.color !== color)];
}

/** schema.org `Product` data for search engines, with one offer per variant. */
export function productJsonLd(view: ProductView, origin: string, url: string): object {
  const prices = view.variants.map((variant) => variant.priceCents);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: view.name,
    sku: view.id,
    description: view.description,
    brand: { '@type': 'Brand', name: view.brand },
    image: view.images.map((image) => `${origin}${image.url}`),
    url,
    ...(view.rating !== null && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: view.rating,
        reviewCount: view.reviews.length,
      },
    }),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'EUR',
      lowPrice: (Math.min(...prices) / 100).toFixed(2),
      highPrice: (Math.max(...prices) / 100).toFixed(2),
      offerCount: view.variants.length,
      availability: view.variants.some((variant) => variant.stock > 0)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
    },
  };
}
