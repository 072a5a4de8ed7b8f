import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import {
  findVariant,
  initialChoice,
  isOptionAvailable,
  missingOptions,
  productJsonLd,
  toProductView,
} from './product-view.ts';

const product = makeProduct('MJ01', {
  variants: [
    { sku: 'MJ01-M-Black', color: 'Black', size: 'M', priceCents: 7900, stock: 12 },
    { sku: 'MJ01-L-Black', color: 'Black', size: 'L', priceCents: 7900, stock: 0 },
    { sku: 'MJ01-M-Red', color: 'Red', size: 'M', priceCents: 8400, stock: 1 },
  ],
});

describe('the product view', () => {
  it('lists colours in the page’s language and links the breadcrumb to category pages', () => {
    const view = toProductView(product, 'fr', []);
    expect(view.colors).toEqual([
      { value: 'Black', label: 'Noir' },
      { value: 'Red', label: 'Rouge' },
    ]);
    expect(view.sizes.map((size) => size.value)).toEqual(['M', 'L']);
    expect(view.breadcrumb.at(-1)).toEqual({
      label: 'Vestes',
      href: '/categorie/homme/hauts/vestes',
    });
    expect(view.rating).toBe(4);
  });

  it('disables combinations that are out of stock or do not exist', () => {
    const view = toProductView(product, 'en', []);
    const choice = { color: 'Red', size: null };
    expect(isOptionAvailable(view, 'size', 'M', choice)).toBe(true);
    expect(isOptionAvailable(view, 'size', 'L', choice)).toBe(false);
    expect(isOptionAvailable(view, 'color', 'Black', { color: null, size: 'L' })).toBe(false);
    expect(findVariant(view, { color: 'Red', size: 'M' })?.sku).toBe('MJ01-M-Red');
    expect(findVariant(view, choice)).toBeUndefined();
  });

  it('says which options are still to choose', () => {
    const view = toProductView(product, 'en', []);
    expect(missingOptions(view, { color: 'Red', size: null })).toBe('size');
    expect(missingOptions(view, { color: null, size: 'M' })).toBe('color');
    expect(missingOptions(view, { color: null, size: null })).toBe('both');
    expect(missingOptions(view, { color: 'Red', size: 'M' })).toBeUndefined();
    const oneSize = toProductView(
      makeProduct('UG01', {
        variants: [{ sku: 'UG01-Blue', color: 'Blue', size: null, priceCents: 1900, stock: 3 }],
      }),
      'en',
      [],
    );
    expect(oneSize.sizes).toEqual([]);
    expect(missingOptions(oneSize, { color: null, size: null })).toBe('color');
  });

  it('starts from the colour in the address, whatever its case', () => {
    const view = toProductView(product, 'en', []);
    expect(initialChoice(view, 'red')).toEqual({ color: 'Red', size: null });
    expect(initialChoice(view, 'purple')).toEqual({ color: 'Black', size: null });
  });

  it('describes the product for search engines', () => {
    const view = toProductView(product, 'en', []);
    expect(productJsonLd(view, 'https://shop.test', 'https://shop.test/product/x')).toMatchObject({
      '@type': 'Product',
      offers: { lowPrice: '79.00', highPrice: '84.00', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
    });
  });
});
