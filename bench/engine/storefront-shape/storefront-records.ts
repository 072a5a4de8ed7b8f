/**
 * The storefront's own records at a merchant's size: `toSearchRecords` over a catalogue made from the Luma
 * sample by `scaledCatalogue` (what `bench/scale/generate-catalogue.ts` writes), with the `products` index's
 * settings and its four sort replicas (`packages/catalogue/src/search-settings.ts`).
 */
import { productIndexSettings, replicaSettings, toSearchRecords } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import type { IndexSettings, SearchRecord } from '../../../apps/search/src/engine/index.ts';
import type { BenchRecord } from '../bench-record.ts';

/**
 * The records of `products` generated products (about 2.4 records per product), each parsed from its own JSON
 * as the service receives it (HTTP body or store row): generated copies share their sample's strings, which
 * parsed records do not.
 */
export function storefrontRecords(products: number): SearchRecord[] {
  return [...generatedRecords(products)];
}

/** The same records one at a time, generated as they are read. */
export function* generatedRecords(products: number): Generator<SearchRecord> {
  for (const product of scaledCatalogue(loadLumaSample(), products, 1)) {
    for (const record of toSearchRecords(product)) yield JSON.parse(JSON.stringify(record));
  }
}

/** The settings the storefront sends for `products`, without the links the engine does not read. */
export function primarySettings(): Partial<IndexSettings> {
  const { replicas: _replicas, renderingContent: _rendering, ...settings } = productIndexSettings;
  return settings as unknown as Partial<IndexSettings>;
}

/** Each sort replica's settings: a copy of the primary's (as a new standard replica starts) plus its ranking. */
export function replicaSettingsByName(): [string, Partial<IndexSettings>][] {
  return Object.entries(replicaSettings).map(([name, own]) => [
    name,
    { ...primarySettings(), ...own },
  ]);
}

/** The facets the storefront's search page shows (its facet ordering), which it asks for on every search. */
export const storefrontFacets: readonly string[] =
  productIndexSettings.renderingContent.facetOrdering.facets.order;

/** The Luma sample's records as the query mixes' source: every generated copy keeps their words. */
export function lumaQuerySource(): BenchRecord[] {
  return loadLumaSample()
    .flatMap(toSearchRecords)
    .map((record) => ({
      objectID: record.objectID,
      name: record.name,
      brand: record.brand,
      categories: record.categories,
      price: record.price,
      source: 'luma' as const,
    }));
}
