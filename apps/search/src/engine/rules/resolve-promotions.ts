/**
 * Turns the `promote` consequences of the applied rules into final pinned positions.
 */
import type { Rule } from './rule.ts';

/** A record to pin at `position` (0-based) of the result list. */
export interface PinnedRecord {
  readonly objectID: string;
  readonly position: number;
  /** The pin only holds when the record matches the search's filters (the rule's `filterPromotes`). */
  readonly filterPromotes: boolean;
}

interface Request {
  readonly objectID: string;
  readonly position: number;
  readonly filterPromotes: boolean;
}

/**
 * Resolves pins the way Algolia does: a group (`objectIDs`) takes consecutive positions; a record promoted by
 * several rules keeps the highest-precedence rule's position; a hidden record is not pinned (hiding wins);
 * when two records want one slot, the smaller `objectID` gets it and the other moves down to the next free one.
 * Rules r1 `{ objectID: "b", position: 0 }`, r2 `{ objectIDs: ["a", "c"], position: 0 }` →
 * `a@0, b@1, c@2` (a beats b for slot 0; b moves down; c wanted 1, now taken, moves down).
 * @param rules - the applied rules, highest precedence first.
 * @param hidden - record ids hidden by any applied rule.
 */
export function resolvePromotions(
  rules: readonly Rule[],
  hidden: ReadonlySet<string>,
): PinnedRecord[] {
  const requests = new Map<string, Request>();
  for (const rule of rules) {
    const filterPromotes = rule.consequence.filterPromotes ?? false;
    for (const promotion of rule.consequence.promote ?? []) {
      const objectIDs = 'objectIDs' in promotion ? promotion.objectIDs : [promotion.objectID];
      objectIDs.forEach((objectID, offset) => {
        if (requests.has(objectID) || hidden.has(objectID)) return;
        requests.set(objectID, { objectID, position: promotion.position + offset, filterPromotes });
      });
    }
  }
  const ordered = [...requests.values()].sort(
    (a, b) =>
      a.position - b.position || (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0),
  );
  const taken = new Set<number>();
  return ordered.map((request) => {
    let position = request.position;
    while (taken.has(position)) position++;
    taken.add(position);
    return { ...request, position };
  });
}
