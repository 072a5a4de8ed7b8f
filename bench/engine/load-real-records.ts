/**
 * Loads the three real catalogues into `BenchRecord`s: Luma (the project's sample, one record per colour),
 * Open Food Facts France and the Online Retail product list (both copied into `bench/fixtures/`). What a data set
 * lacks is made up deterministically and documented in the fixture READMEs.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toSearchRecords } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import type { BenchRecord } from './bench-record.ts';
import { cell, parseCsvObjects } from './parse-csv.ts';
import { hashString } from './seeded-random.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../fixtures');

/** Every real record, in a stable order: Luma, then OFF, then Online Retail. */
export function loadRealRecords(): BenchRecord[] {
  return [...loadLumaRecords(), ...loadOpenFoodFactsRecords(), ...loadOnlineRetailRecords()];
}

function loadLumaRecords(): BenchRecord[] {
  return loadLumaSample()
    .flatMap(toSearchRecords)
    .map((record) => ({
      objectID: `luma-${record.objectID}`,
      name: record.name,
      ...(record.description ? { description: record.description } : {}),
      brand: record.brand,
      categories: record.categories,
      price: record.price,
      ...(record.color ? { color: record.color } : {}),
      source: 'luma',
    }));
}

function loadOpenFoodFactsRecords(): BenchRecord[] {
  const text = readFileSync(join(fixtures, 'off-fr/off_fr_products.csv'), 'utf8');
  const records: BenchRecord[] = [];
  for (const row of parseCsvObjects(text, ';')) {
    const code = cell(row, 'code');
    const name = decodeEntities(cell(row, 'product_name')).trim();
    const category = cell(row, 'main_category_fr').trim();
    if (code === '' || name === '') continue;
    records.push({
      objectID: `off-${code}`,
      name,
      brand: cell(row, 'brands').split(',')[0]?.trim() || 'Sans marque',
      categories: category.length > 1 ? [category] : [],
      // The extract has no price: 0.50–12.00 € from the barcode's hash, so price filters have data.
      price: 0.5 + (hashString(code) % 1151) / 100,
      source: 'off-fr',
    });
  }
  return records;
}

const colorWords = new Set(
  'RED BLUE GREEN PINK WHITE BLACK IVORY CREAM GOLD SILVER YELLOW ORANGE PURPLE BROWN GREY GRAY'.split(
    ' ',
  ),
);
const nonCategoryWords = new Set([
  ...colorWords,
  'SMALL',
  'LARGE',
  'MINI',
  'JUMBO',
  'SET',
  'OF',
  'S/4',
  'S/6',
]);

function loadOnlineRetailRecords(): BenchRecord[] {
  const text = readFileSync(join(fixtures, 'online-retail/products.csv'), 'utf8');
  return parseCsvObjects(text, ',').map((row) => {
    const name = cell(row, 'description');
    const words = name.split(/[\s,]+/).filter((word) => /[A-Z]/.test(word));
    const category = [...words].reverse().find((word) => !nonCategoryWords.has(word));
    const color = words.find((word) => colorWords.has(word));
    return {
      objectID: `retail-${cell(row, 'stockCode')}`,
      name,
      brand: 'Online Retail',
      categories: category === undefined ? [] : [category],
      price: Number(cell(row, 'unitPrice')),
      ...(color === undefined ? {} : { color }),
      source: 'online-retail',
    };
  });
}

const entities: Readonly<Record<string, string>> = {
  quot: '"',
  amp: '&',
  apos: "'",
  lt: '<',
  gt: '>',
};

/** The OFF extract escapes a few quotes as HTML entities (`&quot;`, `&#34;`). */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|[a-z]+);/g, (whole, entity: string) =>
    entity.startsWith('#')
      ? String.fromCharCode(Number(entity.slice(1)))
      : (entities[entity] ?? whole),
  );
}
