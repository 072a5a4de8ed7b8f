/**
 * The objectID of a product's search record in one colour, as `toSearchRecords` (@vitrine/catalogue) names
 * them: `<productId>-<colour>` (`MJ01-Red`), or the product id for a product without colours. Recommendations
 * are asked for records, so the product page and the cart name theirs this way (a test keeps both in step).
 */
export function recordObjectID(productId: string, color: string | null): string {
  return color === null ? productId : `${productId}-${color}`;
}
