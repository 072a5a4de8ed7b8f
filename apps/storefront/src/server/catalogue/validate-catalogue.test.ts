import { isPublished, validateCatalogue } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';

describe('validateCatalogue', () => {
  it('accepts the Luma sample', () => {
    const result = validateCatalogue(loadLumaSample());
    expect(result.ok && result.products).toHaveLength(191);
  });

  it('reports the position, path and reason of each bad record', () => {
    const bad = {
      ...makeProduct('MJ03'),
      variants: [{ ...makeProduct('MJ03').variants[0], priceCents: -5 }],
    };
    const result = validateCatalogue([
      makeProduct('MJ01'),
      makeProduct('MJ02'),
      bad,
      { id: 'MJ04' },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(
      /^2 of 4 products are invalid \(\d+ problems\); nothing was imported\.$/,
    );
    expect(result.errors[0]).toMatchObject({
      position: 2,
      path: 'variants.0.priceCents',
      reason: 'Too small: expected number to be >=0',
    });
    expect(
      result.errors.filter((error) => error.position === 3).map((error) => error.path),
    ).toContain('texts.en.slug');
  });

  it('refuses a plain name, slug or description beside texts, which would be silently dropped', () => {
    const result = validateCatalogue([{ ...makeProduct('MJ01'), slug: 'old-slug' }]);
    expect(result).toMatchObject({
      ok: false,
      message: '1 of 1 products is invalid (1 problem); nothing was imported.',
      errors: [
        {
          position: 0,
          path: 'slug',
          reason: 'slug belongs under texts.en (or texts.fr) when the record has texts',
        },
      ],
    });
  });

  it('reads a record without published as published, and keeps published: false', () => {
    const result = validateCatalogue([
      makeProduct('MJ01'),
      { ...makeProduct('MJ02'), published: false },
    ]);
    expect(result.ok && result.products.map(isPublished)).toEqual([true, false]);
  });

  it('refuses a published value that is not true or false, naming the record and the field', () => {
    const result = validateCatalogue([{ ...makeProduct('MJ01'), published: 'no' }]);
    expect(result).toMatchObject({
      ok: false,
      message: '1 of 1 products is invalid (1 problem); nothing was imported.',
      errors: [{ position: 0, path: 'published', reason: 'published must be true or false' }],
    });
  });

  it('reports ids, slugs and SKUs used twice', () => {
    const result = validateCatalogue([
      makeProduct('MJ01'),
      makeProduct('MJ01', { slug: 'other-slug' }),
    ]);
    expect(result).toMatchObject({
      ok: false,
      message: '1 of 2 products is invalid (3 problems); nothing was imported.',
      errors: [
        { position: 1, path: 'id', reason: 'duplicate id "MJ01" (already used at position 0)' },
        {
          position: 1,
          path: 'variants.0.sku',
          reason: 'duplicate sku "MJ01-M-Black" (already used at position 0)',
        },
        {
          position: 1,
          path: 'variants.1.sku',
          reason: 'duplicate sku "MJ01-L-Black" (already used at position 0)',
        },
      ],
    });
  });

  it('refuses a body without a product array, and an empty one', () => {
    expect(validateCatalogue(undefined)).toMatchObject({ ok: false, errors: [] });
    expect(validateCatalogue([])).toMatchObject({
      ok: false,
      message: 'The catalogue holds no products.',
      errors: [],
    });
  });
});
