/**
 * The benchmark catalogue: the Luma sample as the storefront indexes it (`@vitrine/catalogue` records and
 * settings), plus the other real records of `bench/engine` (Open Food Facts, Online Retail) shaped like products,
 * so a realistic fan-out runs over about 10,000 records.
 */
import { productIndexSettings, toSearchRecords } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { loadRealRecords } from '../engine/load-real-records.ts';

export type BenchProduct = { readonly objectID: string } & {
  readonly [attribute: string]: unknown;
};

const departments = { 'off-fr': 'Grocery', 'online-retail': 'Home & Gifts', luma: 'Luma' } as const;

/** `luma`: the 461-product sample (one record per colour); `real`: plus the other real catalogues. */
export function loadBenchCatalogue(size: 'luma' | 'real'): BenchProduct[] {
  const luma = loadLumaSample()
    .flatMap(toSearchRecords)
    .map((record): BenchProduct => ({ ...record }));
  if (size === 'luma') return luma;
  const others = loadRealRecords()
    .filter((record) => record.source !== 'luma')
    .map((record): BenchProduct => {
      const lvl0 = departments[record.source];
      const category = record.categories[0];
      return {
        objectID: record.objectID,
        productId: record.objectID,
        name: record.name,
        brand: record.brand,
        categories: record.categories,
        price: record.price,
        ...(record.color ? { color: record.color } : {}),
        hierarchicalCategories: category ? { lvl0, lvl1: `${lvl0} > ${category}` } : { lvl0 },
        popularity: record.name.length % 100,
        rating: (record.price * 7) % 5,
        inStock: true,
      };
    });
  return [...luma, ...others];
}

/** The storefront's `products` settings without replicas (the benchmark queries the primary only). */
export function benchSettings(): Record<string, unknown> {
  const { replicas: _replicas, ...settings } = productIndexSettings;
  return settings;
}
