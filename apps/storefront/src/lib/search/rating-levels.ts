import { ratingThresholds } from './search-attributes.ts';

/** One line of the rating filter: "4 stars and up", with the number of products it would keep. */
export interface RatingLevel {
  readonly stars: number;
  readonly count: number;
}

/**
 * Counts per star threshold from the `rating` facet's values (`{ "4.3": 5, "3.5": 4 }` → ≥4: 5, ≥3: 9 …).
 * Thresholds that would keep nothing are left out.
 */
export function ratingLevels(facetValues: Readonly<Record<string, number>>): RatingLevel[] {
  const entries = Object.entries(facetValues).map(
    ([value, count]) => [Number(value), count] as const,
  );
  return ratingThresholds
    .map((stars) => ({
      stars,
      count: entries.reduce((sum, [rating, count]) => (rating >= stars ? sum + count : sum), 0),
    }))
    .filter((level) => level.count > 0);
}
