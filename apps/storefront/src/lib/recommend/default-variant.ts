import type { VariantView } from '../commerce/product-view.ts';

/** What "add both to cart" can do with a recommended product. */
export type PairChoice =
  | { readonly kind: 'variant'; readonly variant: VariantView }
  /** More than one size: the shopper picks it on the product page. */
  | { readonly kind: 'choose-size' }
  | { readonly kind: 'out-of-stock' };

/**
 * The variant of a recommended product that "add both" adds, chosen the way the product page opens it
 * (`initialChoice`): the recommended colour when it is in stock, else the first colour in stock; the size
 * only when the product has a single size (or none). A product sold in several sizes is never guessed.
 * @param color - the colour of the recommended record (`hit.color`), `null` when it has none.
 */
export function pairChoice(variants: readonly VariantView[], color: string | null): PairChoice {
  const sizes = new Set(
    variants.flatMap((variant) => (variant.size === null ? [] : [variant.size])),
  );
  if (sizes.size > 1) return { kind: 'choose-size' };
  const inStock = variants.filter((variant) => variant.stock > 0);
  const variant = inStock.find((candidate) => candidate.color === color) ?? inStock[0];
  return variant ? { kind: 'variant', variant } : { kind: 'out-of-stock' };
}

/** Sizes a recommended record lists (`hit.sizes`): more than one means the shopper must choose. */
export function needsSizeChoice(sizes: unknown): boolean {
  return Array.isArray(sizes) && sizes.length > 1;
}
