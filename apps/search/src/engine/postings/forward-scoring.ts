/**
 * Pass 2 of one word through the forward index (document → its words, `TextIndex.forward`): for a broad word
 * over few matched documents ("florentin s": `s` expands to thousands of dictionary words with millions of
 * postings, 821 documents match), reading each matched document's own words costs far less than scanning the
 * word's postings, and needs no per-word cache. The word's dictionary words are marked in a table (fewest
 * typos, counts as exact); the values written are `scoreWord`'s: the fewest typos, any exact occurrence in an
 * allowed slot, the smallest attribute value and the occurrences, none of which depend on the order entries
 * are read in. A dictionary word listed twice among the alternatives is marked once with its fewest typos and
 * either exactness, which is what scanning its postings twice gives (the second scan's occurrences are
 * duplicates, which neither proximity nor phrases count). A one-word group (a concatenation: "pin c" also
 * matches `pinc…`) is one more dictionary word with the group's typos and exactness, as `scoreWord` scores it
 * when no slot is restricted.
 */

import type { MatchScratch } from '../match/match-scratch.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import { occurrenceBits, occurrenceEscape, wordEscape } from './forward-coding.ts';
import { OccurrenceWriter } from './occurrence-writer.ts';
import type { ScoreContext } from './score-context.ts';

/** Mark bits: typos (0–1), counts as exact (2), listed (3). */
const listed = 8;
const exactBit = 4;

/**
 * Reading a document's words costs about this many postings entries of a sequential scan per word read, plus
 * {@link forwardDocumentCost} per document (its words sit anywhere in memory: a few cache misses).
 */
const forwardEntryCost = 2;
const forwardDocumentCost = 64;

/** Postings entries a `scoreWord` call would read for the context's document range. */
function postingsCost(context: ScoreContext, word: ExpandedWord): number {
  const { text, matched } = context;
  let volume = 0;
  for (let index = 0; index < word.termIds.length; index++)
    volume += text.postingsList(word.termIds[index] ?? 0).length;
  for (const group of word.groups) volume += text.postingsList(group.termIds[0] ?? 0).length;
  volume /= 2;
  const { lowest, highest } = context;
  const span =
    lowest === undefined || highest === undefined
      ? 1
      : Math.min(1, (highest - lowest + 1) / Math.max(1, matched.capacity));
  // Each dictionary word costs a setup (and a binary search when the range is bounded).
  return volume * span + (word.termIds.length + word.groups.length) * 16;
}

/**
 * True when pass 2 may read the word's occurrences document by document (forward index, merged postings) rather
 * than by scanning each dictionary word's postings: no multi-word alternative of several words, no restricted or
 * typo-restricted slot, not the single-pass mode.
 */
export function readsDocumentByDocument(context: ScoreContext, word: ExpandedWord): boolean {
  const { rules } = context;
  if (context.collect !== undefined || !onlyOneWordGroups(word)) return false;
  return rules.searchable === undefined && rules.typoAllowed === undefined;
}

/** True when every group of the word is a single dictionary word. */
export function onlyOneWordGroups(word: ExpandedWord): boolean {
  for (const group of word.groups) if (group.termIds.length !== 1) return false;
  return true;
}

function markOne(marks: Uint8Array, termId: number, typos: number, exact: number): void {
  const previous = marks[termId] ?? 0;
  marks[termId] =
    previous === 0
      ? listed | typos | exact
      : listed | Math.min(previous & 3, typos) | (previous & exactBit) | exact;
}

function mark(scratch: MatchScratch, word: ExpandedWord, size: number): Uint8Array {
  if (scratch.termMarks.length < size) scratch.termMarks = new Uint8Array(Math.max(size * 2, 1024));
  const marks = scratch.termMarks;
  const { termIds, termTypos, termExact } = word;
  for (let index = 0; index < termIds.length; index++) {
    const exact = termExact[index] === true ? exactBit : 0;
    markOne(marks, termIds[index] ?? 0, (termTypos[index] ?? 0) & 3, exact);
  }
  for (const group of word.groups)
    markOne(marks, group.termIds[0] ?? 0, group.typos & 3, group.exact ? exactBit : 0);
  return marks;
}

function unmark(marks: Uint8Array, word: ExpandedWord): void {
  const { termIds } = word;
  for (let index = 0; index < termIds.length; index++) marks[termIds[index] ?? 0] = 0;
  for (const group of word.groups) marks[group.termIds[0] ?? 0] = 0;
}

/**
 * Pass 2 for `word` over the matched documents `documents[0 … count)` by reading their words, when that is
 * cheaper than scanning the word's postings; returns false (nothing written) otherwise, or when the word is not
 * eligible: groups of several words, restricted or typo-restricted slots, single-pass mode.
 */
export function scoreWordByForwardIndex(
  context: ScoreContext,
  word: ExpandedWord,
  wordIndex: number,
  documents: Uint32Array,
  count: number,
): boolean {
  const { text } = context;
  if (!readsDocumentByDocument(context, word)) return false;
  const forward = text.forward();
  const forwardCost = count * (forward.averageLength * forwardEntryCost + forwardDocumentCost);
  if (forwardCost >= postingsCost(context, word)) return false;
  scoreFromForwardIndex(context, word, wordIndex, documents, count);
  return true;
}

/**
 * The scan of {@link scoreWordByForwardIndex} without its checks (exported for the property test): the word's
 * groups must be one-word groups and no slot restricted.
 */
export function scoreFromForwardIndex(
  context: ScoreContext,
  word: ExpandedWord,
  wordIndex: number,
  documents: Uint32Array,
  count: number,
): void {
  const { text, scratch } = context;
  const forward = text.forward();
  const marks = mark(scratch, word, text.dictionary.size);
  const { entries, starts } = forward;
  const writer = new OccurrenceWriter(context, wordIndex);
  for (let i = 0; i < count; i++) {
    const documentNumber = documents[i] ?? 0;
    const end = starts[documentNumber + 1] ?? 0;
    // Decodes `forward-coding.ts` inline (as `forEachForwardEntry`): no call per word read.
    let previous = 0;
    let k = starts[documentNumber] ?? 0;
    while (k < end) {
      const value = entries[k++] ?? 0;
      const tag = value >>> 24;
      const step = tag & occurrenceEscape;
      const occurrence =
        step === occurrenceEscape
          ? (entries[k++] ?? 0)
          : (((previous & occurrenceBits) + step) | ((tag & 0x80) << 24)) >>> 0;
      previous = occurrence;
      let termId = value & wordEscape;
      if (termId === wordEscape) termId = entries[k++] ?? 0;
      const flag = marks[termId] ?? 0;
      if (flag === 0) continue;
      writer.write(documentNumber, occurrence, flag & 3, (flag & exactBit) !== 0);
    }
  }
  unmark(marks, word);
}
