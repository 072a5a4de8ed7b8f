import type { RecommendCatalogue } from './recommend-catalogue.ts';
import type { SessionCoOccurrence } from './session-co-occurrence.ts';

/** Co-occurrence of one product with the others, summed over the records of each (colours of one product). */
export interface GroupCoOccurrence {
  /** Summed session weight of the source group's records. */
  readonly sourceWeight: number;
  /** Other group → summed pair weight with the source group. */
  readonly together: ReadonlyMap<string, number>;
  /** Summed session weight of any group's records. */
  readonly weightOf: (group: string) => number;
}

/**
 * Reads the counts of `group` at product level. Counts are kept per record so that a catalogue change
 * (a product gaining a colour) never needs a recount.
 *
 * @param catalogue - maps records to groups.
 * @param counts - record-level session counts.
 * @param group - the source group.
 */
export function groupCoOccurrence(
  catalogue: RecommendCatalogue,
  counts: SessionCoOccurrence,
  group: string,
): GroupCoOccurrence {
  const weightOf = (target: string) => {
    let weight = 0;
    for (const objectID of catalogue.recordIDs(target)) weight += counts.itemWeight(objectID);
    return weight;
  };
  const together = new Map<string, number>();
  for (const objectID of catalogue.recordIDs(group)) {
    for (const [other, weight] of counts.neighbours(objectID)) {
      const target = catalogue.groupOf(other);
      if (target !== group) together.set(target, (together.get(target) ?? 0) + weight);
    }
  }
  return { sourceWeight: weightOf(group), together, weightOf };
}
