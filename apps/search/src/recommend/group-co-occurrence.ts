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
 * Reads the counts of `group` at product level. Events are counted under their record's group (`productId`)
 * as the catalogue knew it when they arrived, so a product gaining a colour needs no recount; a record the
 * catalogue did not know yet was counted under its own id, which is read here too.
 *
 * @param catalogue - maps records to groups.
 * @param counts - session counts, by product (or by record, see above).
 * @param group - the source group.
 */
export function groupCoOccurrence(
  catalogue: RecommendCatalogue,
  counts: SessionCoOccurrence,
  group: string,
): GroupCoOccurrence {
  const weightOf = (target: string) => {
    let weight = 0;
    for (const key of countKeys(catalogue, target)) weight += counts.itemWeight(key);
    return weight;
  };
  const together = new Map<string, number>();
  for (const key of countKeys(catalogue, group)) {
    for (const [other, weight] of counts.neighbours(key)) {
      const target = catalogue.groupOf(other);
      if (target !== group) together.set(target, (together.get(target) ?? 0) + weight);
    }
  }
  return { sourceWeight: weightOf(group), together, weightOf };
}

/** The keys a group's counts may sit under: the group, and its record ids (records unknown when counted). */
function countKeys(catalogue: RecommendCatalogue, group: string): Set<string> {
  return new Set([group, ...catalogue.recordIDs(group)]);
}
