import { type CatalogueProduct, catalogueProductSchema } from '@vitrine/catalogue';
import type { CommerceStore } from '../store/commerce-store.ts';

export interface SeedResult {
  /** True when this call filled the store; false when it already held products. */
  readonly seeded: boolean;
  /** Products in the store afterwards. */
  readonly products: number;
}

/**
 * Fills an empty store with the sample catalogue, in one transaction: a start interrupted half-way leaves
 * the store empty, and the next start seeds it again. A store that holds products is left alone, and the
 * sample is not even read.
 * @param loadSample - returns the sample catalogue (`loadLumaSample` in production); validated here.
 */
export async function seedCatalogue(
  store: CommerceStore,
  loadSample: () => readonly CatalogueProduct[],
): Promise<SeedResult> {
  const existing = await store.countProducts();
  if (existing > 0) return { seeded: false, products: existing };
  const sample = loadSample().map((product) => catalogueProductSchema.parse(product));
  const seeded = await store.seedProducts(sample);
  return { seeded, products: seeded ? sample.length : await store.countProducts() };
}
