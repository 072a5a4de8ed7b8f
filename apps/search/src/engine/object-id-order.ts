/**
 * The live records in `objectID` order (code units), the final tie-break of browse: unlike document numbers,
 * it does not change when records are written or the index is compacted, so a browse cursor can name a place
 * in it that still holds after writes between pages.
 */
import type { DocumentTable } from './document-table.ts';
import { compareCodeUnits } from './term-dictionary.ts';

export interface ObjectIdOrder {
  /** Position of each live document in `objectID` order (by document number; dead documents: 0). */
  readonly ranks: Uint32Array;
  /** The live `objectID`s, sorted. */
  readonly sortedIds: readonly string[];
}

export function objectIdOrder(documents: DocumentTable): ObjectIdOrder {
  const numbers: number[] = [];
  documents.forEachLive((documentNumber) => numbers.push(documentNumber));
  const idOf = (documentNumber: number) => documents.recordAt(documentNumber)?.objectID ?? '';
  numbers.sort((a, b) => compareCodeUnits(idOf(a), idOf(b)));
  const ranks = new Uint32Array(documents.capacity);
  numbers.forEach((documentNumber, rank) => {
    ranks[documentNumber] = rank;
  });
  return { ranks, sortedIds: numbers.map(idOf) };
}

/** How many live `objectID`s sort at or before `objectID` (the rank of the first one after it). */
export function ranksThrough(order: ObjectIdOrder, objectID: string): number {
  let low = 0;
  let high = order.sortedIds.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodeUnits(order.sortedIds[middle] ?? '', objectID) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
