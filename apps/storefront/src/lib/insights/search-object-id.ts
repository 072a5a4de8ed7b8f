/**
 * The search record of a product colour, as `toSearchRecords` (packages/catalogue) names it: `MJ01-Black`, or
 * the product id alone for a product without colours. Events name these records, so that they match the
 * hits a search returned and feed the recommendation models of the same objects.
 */
export function searchObjectID(productId: string, color: string | null): string {
  return color ? `${productId}-${color}` : productId;
}
