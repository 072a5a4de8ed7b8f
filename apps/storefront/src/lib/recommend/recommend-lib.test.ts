import { toSearchRecords } from '@vitrine/catalogue/search-record';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { sampleCategories } from '../../../test/support/render-page.tsx';
import { buildCategoryTree } from '../catalogue/category-tree.ts';
import type { VariantView } from '../commerce/product-view.ts';
import { needsSizeChoice, pairChoice } from './default-variant.ts';
import { categoryPathOfHref } from './product-category.ts';
import { categoryFacet } from './recommend-settings.ts';
import { recordObjectID } from './record-object-id.ts';
import { toTrendingCategory } from './trending-category.ts';

const variant = (sku: string, color: string | null, size: string | null, stock: number) =>
  ({ sku, color, size, priceCents: 2000, stock }) satisfies VariantView;

describe('the variant "add both to cart" adds', () => {
  it('is the recommended colour of a product without sizes', () => {
    const variants = [variant('B-Black', 'Black', null, 4), variant('B-Red', 'Red', null, 2)];
    expect(pairChoice(variants, 'Red')).toEqual({ kind: 'variant', variant: variants[1] });
  });

  it('falls back to the first colour in stock when the recommended one is sold out', () => {
    const variants = [variant('B-Black', 'Black', null, 0), variant('B-Red', 'Red', null, 2)];
    expect(pairChoice(variants, 'Black')).toEqual({ kind: 'variant', variant: variants[1] });
  });

  it('takes the only size of a one-size product, and never guesses among several', () => {
    const oneSize = [variant('C-OS', 'Blue', 'One size', 3)];
    expect(pairChoice(oneSize, 'Blue')).toEqual({ kind: 'variant', variant: oneSize[0] });
    const sized = [variant('J-S', 'Blue', 'S', 3), variant('J-M', 'Blue', 'M', 3)];
    expect(pairChoice(sized, 'Blue')).toEqual({ kind: 'choose-size' });
    expect(needsSizeChoice(['S', 'M'])).toBe(true);
    expect(needsSizeChoice(['One size'])).toBe(false);
    expect(needsSizeChoice(undefined)).toBe(false);
  });

  it('says so when nothing is in stock', () => {
    expect(pairChoice([variant('B', null, null, 0)], null)).toEqual({ kind: 'out-of-stock' });
  });
});

describe('the records recommendations are asked for', () => {
  it('are named as the search records are', () => {
    const colours = makeProduct('MJ09', {
      variants: [
        { sku: 'MJ09-M-Black', color: 'Black', size: 'M', priceCents: 7900, stock: 1 },
        { sku: 'MJ09-M-Blue', color: 'Blue', size: 'M', priceCents: 7900, stock: 1 },
      ],
    });
    const plain = makeProduct('24-MB04', {
      variants: [{ sku: '24-MB04', color: null, size: null, priceCents: 3200, stock: 9 }],
    });
    for (const product of [colours, plain]) {
      for (const record of toSearchRecords(product)) {
        expect(recordObjectID(product.id, record.color)).toBe(record.objectID);
      }
    }
  });
});

describe('categories of recommendations', () => {
  const navigation = buildCategoryTree(sampleCategories);

  it('ask trending items of a category on its level of the hierarchy', () => {
    expect(categoryFacet(['Men', 'Tops'])).toEqual({
      facetName: 'hierarchicalCategories.lvl1',
      facetValue: 'Men > Tops',
    });
    expect(categoryFacet(['Men', 'Tops', 'Jackets'])?.facetName).toBe(
      'hierarchicalCategories.lvl2',
    );
    expect(categoryFacet([])).toBeUndefined();
  });

  it('turn a trending category value into a localized link with its photo', () => {
    expect(toTrendingCategory('Men > Tops > Jackets', navigation, 'fr')).toEqual({
      value: 'Men > Tops > Jackets',
      label: 'Vestes',
      department: 'Homme',
      href: '/categorie/homme/hauts/vestes',
      imageUrl: '/images/luma/m/j/mj01.jpg',
    });
    expect(toTrendingCategory('Gear', navigation, 'en')).toMatchObject({
      label: 'Gear',
      department: null,
      href: '/category/gear',
    });
    // A value the menu does not know still links to its listing, without a photo.
    expect(toTrendingCategory('Women > Tops > Tees', navigation, 'en')).toMatchObject({
      href: '/category/women/tops/tees',
      imageUrl: null,
    });
  });

  it('read a product breadcrumb address back into the category path', () => {
    expect(categoryPathOfHref('/categorie/femme/bas/shorts', navigation, 'fr')).toEqual([
      'Women',
      'Bottoms',
      'Shorts',
    ]);
    expect(categoryPathOfHref('/category/sale', navigation, 'en')).toBeUndefined();
  });
});
