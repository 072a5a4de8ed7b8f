/**
 * Numeric filters compare numbers "precise up to 3 decimals" (docs/api.md §3.3; Algolia's spec for
 * `numericFilters`: "Comparisons are precise up to 3 decimals"): both the record's value and the filter's number
 * count as their nearest thousandth, so a computed `0.1 + 0.2` equals `0.3`. Below 2^42 (≈ 4.4 × 10^12, past
 * millisecond timestamps) neighbouring doubles are less than a thousandth apart, so the nearest thousandth is
 * well defined and the quick range test below holds; past it the gap between doubles exceeds a thousandth and
 * numbers compare as they are.
 */
const roundedBelow = 2 ** 42;

export function toFilterPrecision(value: number): number {
  return Math.abs(value) < roundedBelow ? Math.round(value * 1000) / 1000 : value;
}

/**
 * `lower ≤ value ≤ upper` with `value` taken to the filter precision (pass bounds already taken to it). A value
 * more than a thousandth inside both bounds, or outside one, compares the same rounded or not: only values near a
 * bound are rounded (a range scan over a large index stays one comparison per value).
 */
export function isWithinAtFilterPrecision(value: number, lower: number, upper: number): boolean {
  if (value > lower + 0.001 && value < upper - 0.001) return true;
  if (!(value >= lower - 0.001 && value <= upper + 0.001)) return false; // NaN too
  const rounded = toFilterPrecision(value);
  return rounded >= lower && rounded <= upper;
}
