/**
 * A split word's halves in a row: the documents in which an occurrence of the second dictionary word directly
 * follows one of the first in the same attribute, found by merging the two postings lists (sorted by document).
 */
import type { Bitset } from '../structures/bitset.ts';
import type { GrowableUint32Array } from '../structures/growable-array.ts';
import { type SlotRules, slotAccepts } from './slot-rules.ts';

/**
 * Adds to `out` the documents in which an occurrence of `second` directly follows one of `first` in the same
 * attribute (both lists sorted by document): a split word's halves, `yoga` then `pants`.
 */
export function addAdjacentDocuments(
  [first, second]: readonly [GrowableUint32Array, GrowableUint32Array],
  out: Bitset,
  rules: SlotRules,
  typos: number,
): void {
  const a = first.buffer;
  const b = second.buffer;
  let i = 0;
  let j = 0;
  while (i < first.length && j < second.length) {
    const documentNumber = a[i] ?? 0;
    const other = b[j] ?? 0;
    if (documentNumber < other) {
      i += 2;
      continue;
    }
    if (other < documentNumber) {
      j += 2;
      continue;
    }
    let iEnd = i;
    while (iEnd < first.length && a[iEnd] === documentNumber) iEnd += 2;
    let jEnd = j;
    while (jEnd < second.length && b[jEnd] === documentNumber) jEnd += 2;
    if (followsInDocument(a, i, iEnd, b, j, jEnd, typos, rules)) out.add(documentNumber);
    i = iEnd;
    j = jEnd;
  }
}

/** True when an occurrence in `b[j…jEnd)` is the word right after one in `a[i…iEnd)` (pairs: document, occurrence). */
function followsInDocument(
  a: Uint32Array,
  i: number,
  iEnd: number,
  b: Uint32Array,
  j: number,
  jEnd: number,
  typos: number,
  rules: SlotRules,
): boolean {
  for (let x = i; x < iEnd; x += 2) {
    const left = (a[x + 1] ?? 0) & 0x7fffffff;
    if (!slotAccepts(rules, left, typos)) continue;
    for (let y = j; y < jEnd; y += 2) {
      const right = (b[y + 1] ?? 0) & 0x7fffffff;
      if (right === left + 1 && slotAccepts(rules, right, typos)) return true;
    }
  }
  return false;
}
