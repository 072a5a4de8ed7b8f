/**
 * The live records in `objectID` order (code units), the final tie-break of browse: unlike document numbers,
 * it does not change when records are written or the index is compacted, so a browse cursor can name a place
 * in it that still holds after writes between pages.
 */
import type { DocumentTable } from '../records/document-table.ts';
import { compareCodeUnits } from '../text/term-dictionary.ts';

export interface ObjectIdOrder {
  /** Position of each live document in `objectID` order (by document number; dead documents: 0). */
  readonly ranks: Uint32Array;
  /** The live documents in `objectID` order. */
  readonly sortedDocuments: Uint32Array;
  /** The `objectID` at position `rank`. */
  readonly idAt: (rank: number) => string;
  /** The `objectID` of a live document. */
  readonly idOf: (documentNumber: number) => string;
}

/**
 * @param previous - the order of the same table before the latest writes: document numbers only grow (a saved
 *   record gets a fresh one), so the records saved since are those numbered from its end; only they are
 *   sorted, then merged with the previous order less the deleted ones (linear, instead of sorting every id).
 */
export function objectIdOrder(documents: DocumentTable, previous?: ObjectIdOrder): ObjectIdOrder {
  const idOf = (documentNumber: number) => documents.objectIdAt(documentNumber) ?? '';
  const fresh: number[] = [];
  for (
    let documentNumber = previous?.ranks.length ?? 0;
    documentNumber < documents.capacity;
    documentNumber++
  ) {
    if (documents.isLive(documentNumber)) fresh.push(documentNumber);
  }
  fresh.sort((a, b) => compareCodeUnits(idOf(a), idOf(b)));
  // A number is never given twice, so a previous document still holding a record is the same record.
  const kept: number[] = [];
  for (const documentNumber of previous?.sortedDocuments ?? [])
    if (documents.isLive(documentNumber)) kept.push(documentNumber);
  const sortedDocuments = Uint32Array.from(mergeSorted(kept, fresh, idOf));
  const ranks = new Uint32Array(documents.capacity);
  sortedDocuments.forEach((documentNumber, rank) => {
    ranks[documentNumber] = rank;
  });
  return { ranks, sortedDocuments, idAt: (rank) => idOf(sortedDocuments[rank] ?? 0), idOf };
}

function mergeSorted(
  left: readonly number[],
  right: readonly number[],
  idOf: (documentNumber: number) => string,
): number[] {
  if (right.length === 0) return [...left];
  const merged: number[] = [];
  let l = 0;
  let r = 0;
  while (l < left.length && r < right.length) {
    const fromLeft = compareCodeUnits(idOf(left[l] ?? 0), idOf(right[r] ?? 0)) <= 0;
    merged.push(fromLeft ? (left[l++] ?? 0) : (right[r++] ?? 0));
  }
  while (l < left.length) merged.push(left[l++] ?? 0);
  while (r < right.length) merged.push(right[r++] ?? 0);
  return merged;
}

/** How many live `objectID`s sort at or before `objectID` (the rank of the first one after it). */
export function ranksThrough(order: ObjectIdOrder, objectID: string): number {
  let low = 0;
  let high = order.sortedDocuments.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodeUnits(order.idAt(middle), objectID) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
