import { createHash } from 'node:crypto';
import type { CatalogueProduct } from '@vitrine/catalogue';

/**
 * A fingerprint of a catalogue: the SHA-256 of its canonical JSON (products in id order, object keys
 * sorted, since jsonb columns do not keep key order). Two stores holding the same products give the same
 * version, whatever order they were imported in.
 */
export function catalogueVersionOf(products: readonly CatalogueProduct[]): string {
  const ordered = [...products].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return createHash('sha256').update(canonicalJson(ordered)).digest('hex');
}

/** JSON with object keys sorted at every depth: equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested !== null && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}
