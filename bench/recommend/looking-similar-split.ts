import { createHash } from 'node:crypto';

/**
 * The two halves of the Luma products used to choose looking-similar variants without tuning on the items that
 * report the result (docs/decisions/0008-image-embeddings.md): a product belongs to half A (selection) when the
 * last byte of the md5 of its id is even, otherwise to half B (held out). On the Luma sample A holds 98 products
 * (226 records with a photo) and B 93 (235). Both halves' neighbours come from the whole catalogue.
 */
export function lookingSimilarHalf(productID: string): 'A' | 'B' {
  const digest = createHash('md5').update(productID).digest();
  return (digest[digest.length - 1] ?? 0) % 2 === 0 ? 'A' : 'B';
}
