/**
 * Dunning's log-likelihood ratio G² for a 2×2 contingency table of baskets: `both` hold A and B, `onlyA` A
 * without B, `onlyB` B without A, `neither` neither. It measures how surprising the co-occurrence is given
 * each item's frequency: 3.84 is significant at p = 0.05, 10.83 at p = 0.001 (χ², 1 degree of freedom).
 * Returns 0 for negative association (fewer co-occurrences than independence predicts) or an empty table.
 *
 * @param both - baskets with both, ≥ 0 (non-integers allowed: weighted counts).
 * @param onlyA - baskets with A only, ≥ 0.
 * @param onlyB - baskets with B only, ≥ 0.
 * @param neither - other baskets, ≥ 0.
 */
export function logLikelihoodRatio(
  both: number,
  onlyA: number,
  onlyB: number,
  neither: number,
): number {
  const total = both + onlyA + onlyB + neither;
  if (total <= 0 || both * total <= (both + onlyA) * (both + onlyB)) return 0;
  const cells = xLogX(both) + xLogX(onlyA) + xLogX(onlyB) + xLogX(neither);
  const rows = xLogX(both + onlyA) + xLogX(onlyB + neither);
  const columns = xLogX(both + onlyB) + xLogX(onlyA + neither);
  return Math.max(0, 2 * (cells - rows - columns + xLogX(total)));
}

function xLogX(value: number): number {
  return value > 0 ? value * Math.log(value) : 0;
}
