/**
 * A stable 32-bit FNV-1a hash: the seed of every made-up value (stock, popularity, dates), so the same
 * catalogue always produces the same store and index.
 */
export function stableHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Turns a product name into a URL slug: `"Chaz Kangeroo Hoodie"` → `"chaz-kangeroo-hoodie"`. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
