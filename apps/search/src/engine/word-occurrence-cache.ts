/**
 * Pass 2 of a multi-word query for a broad word ("petits c"): the postings of the thousands of dictionary words
 * a short prefix expands to are regrouped once by document (a counting sort, cached per word until the postings
 * grow), so scoring reads only the entries of the few matched documents instead of scanning every posting. The
 * values written are the same as `scoreWord`'s: minimum, maximum and occurrence grouping do not depend on the
 * order entries are read in.
 */
import type { ExpandedWord } from './expand-query.ts';
import type { TextIndex } from './text-index.ts';
import type { ScoreContext } from './word-postings.ts';

interface ByDocument {
  readonly termIds: readonly number[];
  readonly termTypos: readonly number[];
  readonly termExact: readonly boolean[];
  readonly volume: number;
  /** Entries of document d are `[starts[d], starts[d + 1])`. */
  readonly starts: Uint32Array;
  readonly occurrences: Uint32Array;
  /** Typos (bits 0–1) and "counts as exact" (bit 2) of the dictionary word of each entry. */
  readonly flags: Uint8Array;
}

const caches = new WeakMap<TextIndex, Map<string, ByDocument>>();
/**
 * Words scored once without the cache (most recent last): building costs a few full scans, so a word is cached
 * on its second use. A prefix typed key by key is a new word at every key and is never reused.
 */
const seenOnce = new WeakMap<TextIndex, Set<string>>();
const seenLimit = 256;

/** True the first time `key` is asked about (recently), false once it was seen. */
function firstUse(text: TextIndex, key: string): boolean {
  let seen = seenOnce.get(text);
  if (seen === undefined) {
    seen = new Set();
    seenOnce.set(text, seen);
  }
  if (seen.delete(key)) return false;
  if (seen.size >= seenLimit) seen.delete(seen.values().next().value ?? '');
  seen.add(key);
  return true;
}

function sameWord(entry: ByDocument, word: ExpandedWord): boolean {
  const { termIds, termTypos, termExact } = word;
  if (entry.termIds.length !== termIds.length) return false;
  for (let i = 0; i < termIds.length; i++) {
    if (entry.termIds[i] !== termIds[i] || entry.termTypos[i] !== termTypos[i]) return false;
    if (entry.termExact[i] !== termExact[i]) return false;
  }
  return true;
}

function build(text: TextIndex, word: ExpandedWord, capacity: number, volume: number): ByDocument {
  const starts = new Uint32Array(capacity + 1);
  const { termIds, termTypos, termExact } = word;
  for (let index = 0; index < termIds.length; index++) {
    const list = text.postingsList(termIds[index] ?? 0);
    const postings = list.buffer;
    for (let j = 0; j < list.length; j += 2) {
      const documentNumber = postings[j] ?? 0;
      starts[documentNumber + 1] = (starts[documentNumber + 1] ?? 0) + 1;
    }
  }
  for (let d = 0; d < capacity; d++) starts[d + 1] = (starts[d + 1] ?? 0) + (starts[d] ?? 0);
  const total = starts[capacity] ?? 0;
  const occurrences = new Uint32Array(total);
  const flags = new Uint8Array(total);
  const next = starts.slice(0, capacity);
  for (let index = 0; index < termIds.length; index++) {
    const list = text.postingsList(termIds[index] ?? 0);
    const postings = list.buffer;
    const flag = ((termTypos[index] ?? 0) & 3) | (termExact[index] === true ? 4 : 0);
    for (let j = 0; j < list.length; j += 2) {
      const documentNumber = postings[j] ?? 0;
      const target = next[documentNumber] ?? 0;
      next[documentNumber] = target + 1;
      occurrences[target] = postings[j + 1] ?? 0;
      flags[target] = flag;
    }
  }
  return {
    termIds: [...termIds],
    termTypos: [...termTypos],
    termExact: [...termExact],
    volume,
    starts,
    occurrences,
    flags,
  };
}

function bytesOf(entry: ByDocument): number {
  return entry.starts.byteLength + entry.occurrences.byteLength + entry.flags.byteLength;
}

/** Drops the least recently used entries so that all of them, `entry` included, fit in 64 bytes per document. */
function evict(cache: Map<string, ByDocument>, entry: ByDocument, capacity: number): void {
  let held = bytesOf(entry);
  for (const other of cache.values()) held += bytesOf(other);
  for (const [key, other] of cache) {
    if (held <= capacity * 64) break;
    held -= bytesOf(other);
    cache.delete(key);
  }
}

function lookup(text: TextIndex, word: ExpandedWord, capacity: number): ByDocument | undefined {
  let volume = 0;
  for (let index = 0; index < word.termIds.length; index++)
    volume += text.postingsList(word.termIds[index] ?? 0).length;
  // Two values per posting: only words with at least capacity / 2 entries.
  if (volume < capacity) return undefined;
  let cache = caches.get(text);
  if (cache === undefined) {
    cache = new Map();
    caches.set(text, cache);
  }
  const key = `${word.word.term}|${word.maxTypos}|${word.word.prefix}`;
  let entry = cache.get(key);
  if (
    entry === undefined ||
    entry.volume !== volume ||
    entry.starts.length !== capacity + 1 ||
    !sameWord(entry, word)
  ) {
    cache.delete(key);
    if (firstUse(text, key)) return undefined;
    entry = build(text, word, capacity, volume);
    evict(cache, entry, capacity);
  } else cache.delete(key);
  cache.set(key, entry);
  return entry;
}

/**
 * Pass 2 for one broad word over the matched documents `matched[0 … count)`, through the by-document cache;
 * returns false (nothing written) when the word is not eligible: groups, restricted or typo-restricted slots,
 * single-pass mode, one dictionary word, few postings, or its first use (then scanning postings is cheaper than
 * building the cache).
 */
export function scoreWordByDocument(
  context: ScoreContext,
  word: ExpandedWord,
  wordIndex: number,
  matched: Uint32Array,
  count: number,
): boolean {
  const { text, rules, scratch } = context;
  if (context.collect !== undefined || word.groups.length > 0 || word.termIds.length < 2)
    return false;
  if (rules.searchable !== undefined || rules.typoAllowed !== undefined) return false;
  const entry = lookup(text, word, context.matched.capacity);
  if (entry === undefined) return false;
  const { starts, occurrences, flags } = entry;
  const { wordTypo, wordExact, attribute } = scratch;
  const { rank, ordered, exactAllowed } = rules;
  const wholeValueOnly = context.exactWholeValueOnly;
  const exactDisabled = context.exactDisabled;
  const table = context.collectOccurrences ? scratch.occurrences : undefined;
  for (let i = 0; i < count; i++) {
    const documentNumber = matched[i] ?? 0;
    const end = starts[documentNumber + 1] ?? 0;
    for (let k = starts[documentNumber] ?? 0; k < end; k++) {
      const occurrence = occurrences[k] ?? 0;
      const flag = flags[k] ?? 0;
      const typos = flag & 3;
      const slot = (occurrence >>> 20) & 0x7ff;
      if (typos < (wordTypo[documentNumber] ?? 255)) wordTypo[documentNumber] = typos;
      if (
        (flag & 4) !== 0 &&
        !exactDisabled &&
        exactAllowed[slot] === 1 &&
        (!wholeValueOnly || occurrence >= 0x80000000)
      ) {
        wordExact[documentNumber] = 1;
      }
      const position = ordered[slot] === 1 ? Math.min(occurrence & 0xfffff, 999) : 0;
      const value = (rank[slot] ?? 0) * 1000 + position;
      if (value < (attribute[documentNumber] ?? 0)) attribute[documentNumber] = value;
      table?.push(documentNumber, wordIndex, occurrence);
    }
  }
  return true;
}
