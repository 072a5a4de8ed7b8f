/**
 * How the forward index (`TextIndex.forward`) stores one document's words: one `Uint32` per word in the common
 * case instead of a `[word id, occurrence code]` pair (half the memory: 284 → ~150 MB at 241,402 storefront
 * records, decision 0025). A document's occurrences follow indexing order, so each one is mostly the previous
 * one's position plus a small step in the same slot.
 *
 * An entry's low 24 bits are the word id, its high 8 bits a tag: bit 7 the "whole value" flag, bits 0–6 the
 * step from the previous occurrence of the document (slot and position, the occurrence code without its flag;
 * the first occurrence steps from 0). Escapes keep every value exact: a step of 127 or more, or a backward one
 * (a new slot), is written as tag {@link occurrenceEscape} followed by the full occurrence code; a word id of
 * {@link wordEscape} or more is written as {@link wordEscape} followed by the full id (after the occurrence).
 */

import type { GrowableUint32Array } from '../structures/growable-array.ts';

/** Tag bits 0–6 all set: the full occurrence code follows the entry. */
export const occurrenceEscape = 0x7f;
/** Word id field all set: the full word id follows the entry (and its occurrence, if escaped). */
export const wordEscape = 0xffffff;
/** The occurrence code without its "whole value" flag (slot and position). */
export const occurrenceBits = 0x7fffffff;

/**
 * Appends one occurrence of `termId` to `entries`; `previous` is the document's previous occurrence code
 * (0 for its first). Returns the code to pass as `previous` next.
 */
export function appendForwardEntry(
  entries: GrowableUint32Array,
  termId: number,
  occurrence: number,
  previous: number,
): number {
  const step = (occurrence & occurrenceBits) - (previous & occurrenceBits);
  const escaped = step < 0 || step >= occurrenceEscape;
  const tag = escaped ? occurrenceEscape : (occurrence >>> 24) & 0x80 ? 0x80 | step : step;
  const word = Math.min(termId, wordEscape);
  entries.push(((tag << 24) | word) >>> 0);
  if (escaped) entries.push(occurrence);
  if (word === wordEscape) entries.push(termId);
  return occurrence;
}

/**
 * Calls `visit(termId, occurrence)` for each word of the document whose entries are `entries[start … end)`, in
 * indexing order (tests and tools; the scoring loop decodes inline the same way).
 */
export function forEachForwardEntry(
  entries: Uint32Array,
  start: number,
  end: number,
  visit: (termId: number, occurrence: number) => void,
): void {
  let previous = 0;
  let k = start;
  while (k < end) {
    const value = entries[k++] ?? 0;
    const tag = value >>> 24;
    const step = tag & occurrenceEscape;
    const occurrence =
      step === occurrenceEscape
        ? (entries[k++] ?? 0)
        : (((previous & occurrenceBits) + step) | ((tag & 0x80) << 24)) >>> 0;
    let termId = value & wordEscape;
    if (termId === wordEscape) termId = entries[k++] ?? 0;
    previous = occurrence;
    visit(termId, occurrence);
  }
}
