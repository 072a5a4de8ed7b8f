import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { applyProductEdit, toProductRow } from './product-edit.ts';

describe('a product edited in the console', () => {
  const product = makeProduct('MJ01');

  it('changes the texts, prices and stock it names and keeps the rest', () => {
    const edited = applyProductEdit(product, {
      id: 'MJ01',
      texts: {
        en: { name: 'Storm Jacket', description: 'Rain or shine.' },
        fr: { name: 'Veste tempête', description: 'Pluie ou soleil.' },
      },
      variants: [{ sku: 'MJ01-M-Black', priceCents: 4550, stock: 3 }],
    });
    expect(edited.texts).toEqual({
      en: { name: 'Storm Jacket', slug: 'mj01-trail-jacket', description: 'Rain or shine.' },
      // A product's first French texts take its English slug (the format allows equal slugs).
      fr: { name: 'Veste tempête', slug: 'mj01-trail-jacket', description: 'Pluie ou soleil.' },
    });
    expect(edited.variants).toEqual([
      { sku: 'MJ01-M-Black', color: 'Black', size: 'M', priceCents: 4550, stock: 3 },
      product.variants[1],
    ]);
    expect({ ...edited, texts: product.texts, variants: product.variants }).toEqual(product);
  });

  it('refuses a variant the product does not have', () => {
    expect(() =>
      applyProductEdit(product, {
        id: 'MJ01',
        texts: { en: { name: 'x', description: '' } },
        variants: [{ sku: 'OTHER', priceCents: 1, stock: 1 }],
      }),
    ).toThrow('MJ01 has no variant OTHER');
  });

  it('unpublishes and publishes again, carrying the field only while unpublished', () => {
    const edit = {
      id: 'MJ01',
      texts: { en: { name: 'MJ01 Trail Jacket', description: 'A light jacket for windy ridges.' } },
      variants: [{ sku: 'MJ01-M-Black', priceCents: 7900, stock: 12 }],
    };
    const hidden = applyProductEdit(product, { ...edit, published: false });
    expect(hidden).toEqual({ ...product, published: false });
    expect(toProductRow(hidden).published).toBe(false);
    expect(applyProductEdit(hidden, edit)).toEqual(hidden);
    expect(applyProductEdit(hidden, { ...edit, published: true })).toEqual(product);
  });
});
