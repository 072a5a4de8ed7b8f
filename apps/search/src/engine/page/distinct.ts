/**
 * Distinct (de-duplication by `attributeForDistinct`): walking the ranked documents, keep the first `perGroup`
 * of each group; pages count groups, and a group's kept documents are returned together, in rank order.
 * Records without a value for the attribute are each a group of their own.
 */
import type { FacetColumn } from '../facets/facet-column.ts';

/** A kept document and its position inside its group (`_distinctSeqID`). */
export interface DistinctHit {
  readonly documentNumber: number;
  readonly sequence: number;
}

/** Result of {@link selectDistinct}. */
export interface DistinctSelection {
  /** Documents of the groups in `[firstGroup, endGroup)`, grouped, in rank order. */
  readonly hits: DistinctHit[];
  /** Every kept document of every group seen (for faceting after distinct). */
  readonly kept: number[];
  /** False when `ranked` was a prefix that may hide members or groups of the window. */
  readonly complete: boolean;
}

function groupKey(column: FacetColumn | undefined, documentNumber: number): number {
  const value = column?.firstValue(documentNumber) ?? -1;
  return value >= 0 ? value : -1 - documentNumber;
}

/**
 * Keeps the best `perGroup` documents of each group.
 * @param ranked - documents in rank order (a prefix of the full ranking when `isWhole` is false).
 * @param isWhole - `ranked` holds every matched document.
 */
export function selectDistinct(
  ranked: Uint32Array,
  column: FacetColumn | undefined,
  perGroup: number,
  firstGroup: number,
  endGroup: number,
  isWhole: boolean,
): DistinctSelection {
  const groups = new Map<number, number[]>();
  const order: number[][] = [];
  const kept: number[] = [];
  for (const documentNumber of ranked) {
    const key = groupKey(column, documentNumber);
    let members = groups.get(key);
    if (members === undefined) {
      members = [];
      groups.set(key, members);
      order.push(members);
    }
    if (members.length < perGroup) {
      members.push(documentNumber);
      kept.push(documentNumber);
    }
  }
  const window = order.slice(firstGroup, endGroup);
  const complete =
    isWhole || (order.length >= endGroup && window.every((members) => members.length >= perGroup));
  const hits = window.flatMap((members) =>
    members.map((documentNumber, sequence) => ({ documentNumber, sequence })),
  );
  return { hits, kept, complete };
}

/** Number of groups among `documents` (the distinct `totalHits`). */
export function countGroups(documents: Uint32Array, column: FacetColumn | undefined): number {
  if (column === undefined) return documents.length;
  const seen = new Uint8Array(column.valueCount);
  let groups = 0;
  for (const documentNumber of documents) {
    const value = column.firstValue(documentNumber);
    if (value < 0) groups++;
    else if (seen[value] === 0) {
      seen[value] = 1;
      groups++;
    }
  }
  return groups;
}
