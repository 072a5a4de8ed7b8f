/**
 * Pass 2 of one broad query word through its postings merged by document: a short prefix ("petits c") expands
 * to hundreds of dictionary words with a few postings each, and scanning them one by one costs a list lookup, a
 * closure call and likely cache misses per dictionary word — more than the entries themselves (752 words,
 * 10,641 entries: 150–210 µs per pass on the real catalogues). Merged once into one list sorted by document,
 * with each document's range, pass 2 reads only the matched documents' entries, like the forward index
 * (`forward-scoring.ts`) but without reading their other words. Each entry carries its dictionary word's typos
 * and exactness; the values written (fewest typos, any exact occurrence, smallest attribute value, occurrences)
 * do not depend on the order entries are read in, so this gives what `scoreWord` gives. Cached per index and
 * word, rebuilt when the postings grew (they only grow), bounded in memory.
 */
import type { ExpandedWord } from '../query/expanded-word.ts';
import { SizedLru } from '../structures/sized-lru.ts';
import { readsDocumentByDocument } from './forward-scoring.ts';
import { OccurrenceWriter } from './occurrence-writer.ts';
import type { ScoreContext } from './score-context.ts';
import type { TextIndex } from './text-index.ts';
import { scoreWordGroups } from './word-postings.ts';
import { wordVolume } from './word-volume.ts';

/** Values per merged entry: occurrence, then typos | exact << 8 (the document is given by `starts`). */
const mergedStride = 2;
const mergedExactBit = 0x100;

/** Fewer dictionary words than this: their postings are scanned directly. */
const minimumTerms = 32;
/**
 * Merged only while the dictionary words hold few entries each on average (so the per-word cost dominates the
 * scan)…
 */
const maximumEntriesPerTerm = 128;
/** …and at most this many in all (a one-letter prefix of a large index is scanned as it is)… */
const maximumVolume = 1 << 19;
/**
 * …and at least one entry per this many document slots: the list's per-document offsets span every document
 * number, so a rare word family of a large index (160 entries over 1M documents) would cost milliseconds to
 * build (zeroing and summing 1M offsets) to save microseconds.
 */
const slotsPerEntry = 4;
/** Entries held by all cached lists of one index (× 8 bytes). */
const heldBudget = 1 << 21;

export interface MergedPostings {
  readonly termIds: readonly number[];
  readonly termTypos: readonly number[];
  readonly termExact: readonly boolean[];
  /** Postings entries of the words when built: an equal count means unchanged postings. */
  readonly volume: number;
  /** `mergedStride` values per entry, ascending by document. */
  readonly entries: Uint32Array;
  /** Entries of document `d`: from entry `starts[d]` to `starts[d + 1]` (documents past the end have none). */
  readonly starts: Uint32Array;
}

/** Per index, within {@link heldBudget}. */
const caches = new WeakMap<TextIndex, SizedLru<MergedPostings>>();

function sameTerms(list: MergedPostings, word: ExpandedWord): boolean {
  const { termIds, termTypos, termExact } = word;
  // The word-match cache's own lists (never changed once made): the same arrays, the same words.
  if (list.termIds === termIds && list.termTypos === termTypos && list.termExact === termExact)
    return true;
  if (list.termIds.length !== termIds.length) return false;
  for (let i = 0; i < termIds.length; i++) {
    if (list.termIds[i] !== termIds[i] || list.termTypos[i] !== termTypos[i]) return false;
    if (list.termExact[i] !== termExact[i]) return false;
  }
  return true;
}

/** Counting sort of every entry of the word's dictionary words by document. */
function merge(text: TextIndex, word: ExpandedWord, volume: number): MergedPostings {
  const { termIds, termTypos, termExact } = word;
  let highest = 0;
  for (let index = 0; index < termIds.length; index++) {
    const list = text.postingsList(termIds[index] ?? 0);
    if (list.length > 0) highest = Math.max(highest, list.buffer[list.length - 2] ?? 0);
  }
  const starts = new Uint32Array(highest + 2);
  for (let index = 0; index < termIds.length; index++) {
    const list = text.postingsList(termIds[index] ?? 0);
    const postings = list.buffer;
    for (let j = 0; j < list.length; j += 2) {
      const next = (postings[j] ?? 0) + 1;
      starts[next] = (starts[next] ?? 0) + 1;
    }
  }
  for (let document = 1; document < starts.length; document++)
    starts[document] = (starts[document] ?? 0) + (starts[document - 1] ?? 0);
  const cursor = starts.slice();
  const entries = new Uint32Array(volume * mergedStride);
  for (let index = 0; index < termIds.length; index++) {
    const list = text.postingsList(termIds[index] ?? 0);
    const postings = list.buffer;
    const flags = (termTypos[index] ?? 0) | (termExact[index] === true ? mergedExactBit : 0);
    for (let j = 0; j < list.length; j += 2) {
      const document = postings[j] ?? 0;
      const at = (cursor[document] ?? 0) * mergedStride;
      cursor[document] = (cursor[document] ?? 0) + 1;
      entries[at] = postings[j + 1] ?? 0;
      entries[at + 1] = flags;
    }
  }
  return {
    termIds,
    termTypos,
    termExact,
    volume,
    entries,
    starts,
  };
}

/** Memory of a list, in entries (its document ranges count half an entry each). */
function sizeOf(list: MergedPostings): number {
  return list.volume + Math.ceil(list.starts.length / mergedStride);
}

/**
 * Worth merging: a word without typo budget (1–3 letters: the short prefixes every new query starts with, so
 * the list is read again by the next ones; a word with typos is rarely typed the same way twice) over many
 * dictionary words with few entries each, holding enough entries for the index's size. In practice: the short
 * prefixes of a catalogue of thousands to tens of thousands of records; nothing at 1M records.
 */
function readsMerged(text: TextIndex, word: ExpandedWord, volume: number): boolean {
  const terms = word.termIds.length;
  if (word.maxTypos > 0 || terms < minimumTerms) return false;
  if (volume > maximumVolume || volume > terms * maximumEntriesPerTerm) return false;
  return text.documentSpan <= volume * slotsPerEntry;
}

/**
 * The word's dictionary words' postings merged (built on first use), or undefined when merging is not worth it
 * ({@link readsMerged}). Multi-word alternatives (groups) are not included: the caller reads them as before.
 */
export function mergedPostings(text: TextIndex, word: ExpandedWord): MergedPostings | undefined {
  const volume = wordVolume(text, word);
  if (!readsMerged(text, word, volume)) return undefined;
  let cache = caches.get(text);
  if (cache === undefined) {
    cache = new SizedLru(sizeOf);
    caches.set(text, cache);
  }
  // The count of dictionary words too: a replica with other plural settings lists other words for the same
  // query word, and each would otherwise evict the other's list.
  const key = `${word.word.term}|${word.maxTypos}|${word.word.prefix}|${word.termIds.length}`;
  let list = cache.get(key);
  if (list === undefined || list.volume !== volume || !sameTerms(list, word)) {
    list = merge(text, word, volume);
    cache.set(key, list, heldBudget);
  }
  return list;
}

/**
 * Pass 2 for `word` over the matched documents `documents[0 … count)` through its merged postings (and its
 * one-word alternatives through theirs); returns false (nothing written) when merging is not worth it
 * ({@link readsMerged}) or the word cannot be read document by document (`readsDocumentByDocument`).
 */
export function scoreWordByMergedPostings(
  context: ScoreContext,
  word: ExpandedWord,
  wordIndex: number,
  documents: Uint32Array,
  count: number,
): boolean {
  if (!readsDocumentByDocument(context, word)) return false;
  const merged = mergedPostings(context.text, word);
  if (merged === undefined) return false;
  scoreFromMergedPostings(context, merged, wordIndex, documents, count);
  scoreWordGroups(context, word, wordIndex);
  return true;
}

/**
 * The reads of {@link scoreWordByMergedPostings} without its checks (exported for the property test): no slot
 * restricted; the word's groups are left to the caller.
 */
export function scoreFromMergedPostings(
  context: ScoreContext,
  merged: MergedPostings,
  wordIndex: number,
  documents: Uint32Array,
  count: number,
): void {
  const { entries, starts } = merged;
  const writer = new OccurrenceWriter(context, wordIndex);
  const lastDocument = starts.length - 2;
  for (let i = 0; i < count; i++) {
    const documentNumber = documents[i] ?? 0;
    if (documentNumber > lastDocument) continue;
    const end = (starts[documentNumber + 1] ?? 0) * mergedStride;
    for (let k = (starts[documentNumber] ?? 0) * mergedStride; k < end; k += mergedStride) {
      const flags = entries[k + 1] ?? 0;
      writer.write(documentNumber, entries[k] ?? 0, flags & 0xff, (flags & mergedExactBit) !== 0);
    }
  }
}
