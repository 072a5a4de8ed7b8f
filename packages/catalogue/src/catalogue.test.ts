import { describe, expect, it } from 'vitest';
import { catalogueProductSchema } from './catalogue-product.ts';
import { cleanCategoryPaths } from './clean-category-paths.ts';
import { cleanText, splitValues } from './clean-text.ts';
import { label } from './labels.ts';
import { loadLumaSample } from './load-luma-sample.ts';
import { toSearchRecords } from './search-record.ts';
import { productIndexSettings, productSynonyms } from './search-settings.ts';

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
    expect(new Set(products.map((product) => product.texts.en.slug)).size).toBe(191);
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

  it('gives a product sold without variants the colour its SKU and URL key end with', () => {
    // The sample's `color` attribute says "Red" for the pink stasis balls; their SKU, URL key and photo say pink.
    const balls = records.filter((record) => record.name.startsWith('Sprite Stasis Ball 55'));
    expect(balls.map((record) => [record.productId, record.color, record.colors])).toEqual([
      ['24-WG081-gray', 'Gray', ['Gray']],
      ['24-WG081-pink', 'Pink', ['Pink']],
      ['24-WG081-blue', 'Blue', ['Blue']],
    ]);
    expect(balls[1]?.labelsFr).toContain('Rose');
  });

  it('is deterministic', () => {
    expect(loadLumaSample()).toEqual(products);
  });

  it('indexes French labels so "vestes" can find jackets', () => {
    const jacket = records.find((record) => record.categories.includes('Jackets'));
    expect(jacket?.labelsFr).toContain('Vestes');
    expect(label('Men > Tops > Jackets', 'fr')).toBe('Homme > Hauts > Vestes');
  });

  it('indexes the department and gender in French too, so "veste homme" and "hauts femme" can match', () => {
    const jacket = records.find((record) => record.objectID === 'MJ01-Orange');
    expect(jacket?.gender).toEqual(['Men']);
    expect(jacket?.labelsFr).toEqual(expect.arrayContaining(['Vestes', 'Homme', 'Hauts']));
    const bag = records.find((record) => record.productId === '24-MB03');
    expect(bag?.labelsFr).toEqual(expect.arrayContaining(['Sacs', 'Équipement', 'Sac à dos']));
  });
});

describe('the products index settings', () => {
  const records = loadLumaSample().flatMap(toSearchRecords);

  it('searches only attributes the records carry', () => {
    const paths = productIndexSettings.searchableAttributes
      .flatMap((rank) => rank.split(','))
      .map((attribute) => attribute.replace(/^unordered\((.*)\)$/, '$1'));
    const missing = paths.filter(
      (path) =>
        !records.some((record) => {
          const value = path
            .split('.')
            .reduce<unknown>(
              (current, key) =>
                typeof current === 'object' && current !== null
                  ? (current as Record<string, unknown>)[key]
                  : undefined,
              record,
            );
          return value !== undefined && value !== null;
        }),
    );
    expect(missing).toEqual([]);
  });

  it('declares each synonym once, with words on both sides', () => {
    const ids = productSynonyms.map((synonym) => synonym.objectID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const synonym of productSynonyms) {
      expect(synonym.synonyms.length).toBeGreaterThan(0);
      if (synonym.type === 'onewaysynonym') expect(synonym.input.trim()).not.toBe('');
      else expect(synonym.synonyms.length).toBeGreaterThan(1);
    }
  });
});
