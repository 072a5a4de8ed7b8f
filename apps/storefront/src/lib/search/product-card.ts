import { label } from '@vitrine/catalogue/labels';
import { formatPrice } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locale.ts';
import { pathFor } from '../../i18n/routes.ts';

/**
 * The fields of a `products` hit the storefront reads (see `ProductSearchRecord` in @vitrine/catalogue);
 * anything else the hit carries is ignored. Declared here rather than imported so that the wire shape
 * stays checked at this one boundary.
 */
export interface ProductHitFields {
  readonly objectID: string;
  readonly productId?: unknown;
  readonly slug?: unknown;
  readonly name?: unknown;
  readonly slugFr?: unknown;
  readonly nameFr?: unknown;
  readonly price?: unknown;
  readonly color?: unknown;
  readonly colorVariants?: unknown;
  readonly image?: unknown;
  readonly rating?: unknown;
  readonly reviewCount?: unknown;
  readonly sale?: unknown;
  readonly new?: unknown;
  readonly eco?: unknown;
}

export type ProductBadge = 'sale' | 'new' | 'eco';

/** One colour swatch of a card: the colour key, its label in the page's language and its photo. */
export interface CardColor {
  readonly value: string;
  readonly label: string;
  readonly imageUrl: string | null;
}

/** What a product card shows, ready to display in one language. */
export interface ProductCard {
  readonly id: string;
  readonly href: string;
  readonly name: string;
  readonly price: string;
  /** Average rating out of 5, `null` without reviews. */
  readonly rating: number | null;
  readonly reviewCount: number;
  readonly badges: readonly ProductBadge[];
  readonly colors: readonly CardColor[];
  /** The colour shown first: one the shopper filtered on when the product has it, else the hit's own. */
  readonly selectedColor: string | null;
  readonly imageUrl: string | null;
}

/**
 * A hit → the card that displays it. The hit is one colour of a product (distinct on `productId`); the
 * card offers every colour of the product and opens on a colour the shopper filtered on.
 * @param selectedColors - the colour refinements, in the order they were chosen.
 */
export function toProductCard(
  hit: ProductHitFields,
  locale: Locale,
  selectedColors: readonly string[] = [],
): ProductCard {
  const colors = readColorVariants(hit.colorVariants).map(({ color, image }) => ({
    value: color,
    label: label(color, locale),
    imageUrl: image,
  }));
  const ownColor = typeof hit.color === 'string' ? hit.color : null;
  const selectedColor =
    selectedColors.find((color) => colors.some((candidate) => candidate.value === color)) ??
    ownColor;
  const selected = colors.find((color) => color.value === selectedColor);
  const reviewCount = numberOr(hit.reviewCount, 0);
  // The page's language's slug and name (records carry the English ones there when a product has no French).
  const ownSlug = locale === 'fr' ? hit.slugFr : hit.slug;
  const ownName = locale === 'fr' ? hit.nameFr : hit.name;
  const slug =
    typeof ownSlug === 'string'
      ? ownSlug
      : typeof hit.slug === 'string'
        ? hit.slug
        : String(hit.productId ?? hit.objectID);
  return {
    id: hit.objectID,
    href: pathFor({ name: 'product', slug }, locale),
    name: typeof ownName === 'string' ? ownName : typeof hit.name === 'string' ? hit.name : '',
    price: formatPrice(Math.round(numberOr(hit.price, 0) * 100), locale),
    rating: reviewCount > 0 ? numberOr(hit.rating, 0) : null,
    reviewCount,
    badges: (['sale', 'new', 'eco'] as const).filter((badge) => hit[badge] === true),
    colors,
    selectedColor,
    imageUrl: selected?.imageUrl ?? (typeof hit.image === 'string' ? hit.image : null),
  };
}

function readColorVariants(value: unknown): { color: string; image: string | null }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { color, image } = item as { color?: unknown; image?: unknown };
    return typeof color === 'string'
      ? [{ color, image: typeof image === 'string' ? image : null }]
      : [];
  });
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
