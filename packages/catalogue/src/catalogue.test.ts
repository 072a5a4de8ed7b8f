import { describe, expect, it } from 'vitest';
import { catalogueProductSchema } from './catalogue-product.ts';
import { cleanCategoryPaths } from './clean-category-paths.ts';
import { cleanText, splitValues } from './clean-text.ts';
import { label } from './labels.ts';
import { loadLumaSample } from './load-luma-sample.ts';
import { toSearchRecords } from './search-record.ts';

describe('cleaning the sample data', () => {
  it('decodes HTML entities and tags', () => {
    expect(cleanText('Mars HeatTech&trade;  Pullover')).toBe('Mars HeatTech™ Pullover');
    expect(cleanText('<p>&bull; Two-tone</p>')).toBe('• Two-tone');
    expect(splitValues('Nylon\nPolyester\n')).toEqual(['Nylon', 'Polyester']);
  });

  it('splits category paths that were glued together', () => {
    expect(
      cleanCategoryPaths([
        'Gear/Fitness Equipment/Promotions/Erin Recommends New/Collections/New Luma Yoga Collection',
        'Gear/Fitness Equipment',
      ]),
    ).toEqual([
      ['Gear', 'Fitness Equipment'],
      ['Promotions', 'Erin Recommends New'],
      ['Collections', 'New Luma Yoga Collection'],
    ]);
  });
});

describe('the Luma sample', () => {
  const products = loadLumaSample();
  const records = products.flatMap(toSearchRecords);

  it('converts all 191 listable products into valid catalogue products', () => {
    expect(products).toHaveLength(191);
    for (const product of products)
      expect(catalogueProductSchema.safeParse(product).success).toBe(true);
    expect(new Set(products.map((product) => product.slug)).size).toBe(191);
  });

  it('keeps no HTML entity in any text', () => {
    const text = JSON.stringify(products);
    expect(text).not.toMatch(/&(?:trade|reg|frac14|bull|amp);/);
  });

  it('derives one record per colour, grouped by product, with sizes listed', () => {
    const hoodie = records.filter((record) => record.productId === 'MH01');
    expect(hoodie.map((record) => record.color).sort()).toEqual(['Black', 'Gray', 'Orange']);
    expect(hoodie[0]?.sizes).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(hoodie[0]?.hierarchicalCategories.lvl2).toEqual(['Men > Tops > Hoodies & Sweatshirts']);
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
  });

  it('lists every colour of the product on each of its records, with a photo per colour', () => {
    const hoodie = records.filter((record) => record.productId === 'MH01');
    for (const record of hoodie) {
      expect([...record.colors].sort()).toEqual(['Black', 'Gray', 'Orange']);
      expect(record.colorVariants.map((variant) => variant.color)).toEqual(record.colors);
    }
    const black = hoodie[0]?.colorVariants.find((variant) => variant.color === 'Black');
    expect(black?.image).toBe(hoodie.find((record) => record.color === 'Black')?.image);
    const colourless = records.find((record) => record.color === null);
    expect(colourless?.colors).toEqual([]);
  });

  it('is deterministic', () => {
    expect(loadLumaSample()).toEqual(products);
  });

  it('indexes French labels so "vestes" can find jackets', () => {
    const jacket = records.find((record) => record.categories.includes('Jackets'));
    expect(jacket?.labelsFr).toContain('Vestes');
    expect(label('Men > Tops > Jackets', 'fr')).toBe('Homme > Hauts > Vestes');
  });
});
