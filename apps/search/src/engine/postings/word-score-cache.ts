/**
 * Caches what one broad query word scores over the whole index (for the single-word matcher): a 1–2 letter
 * prefix expands to thousands of dictionary words whose postings hold several entries per document, while the
 * cached form holds one entry per document (its best typos, exactness and attribute value). Every keystroke of a
 * new query starts with one of a few dozen such prefixes, so the entry is reused until the postings grow.
 */

import type { MatchScratch } from '../match/match-scratch.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import { Bitset } from '../structures/bitset.ts';
import type { GrowableUint32Array } from '../structures/growable-array.ts';
import { SizedLru } from '../structures/sized-lru.ts';
import { onlyOneWordGroups } from './forward-scoring.ts';
import type { ScoreContext } from './score-context.ts';
import type { SlotRules } from './slot-rules.ts';
import type { TextIndex } from './text-index.ts';
import { collectWordDocuments, scoreWord } from './word-postings.ts';
import { wordVolume } from './word-volume.ts';

/** One word's scan over every document, in ascending document order. */
export interface CachedScore {
  readonly termIds: readonly number[];
  readonly termTypos: readonly number[];
  readonly termExact: readonly boolean[];
  /** Sum of the postings lengths when built: postings only grow, so an equal sum means unchanged postings. */
  readonly volume: number;
  readonly rank: Uint32Array;
  readonly ordered: Uint8Array;
  readonly exactAllowed: Uint8Array;
  readonly documents: Uint32Array;
  readonly attribute: Uint32Array;
  /** Typos (bits 0–1) and exactness (bit 2). */
  readonly flags: Uint8Array;
}

/** Per index; the documents held by all entries bound the memory to a few times the index size. */
const caches = new WeakMap<TextIndex, SizedLru<CachedScore>>();

function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>, length: number): boolean {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function matches(entry: CachedScore, word: ExpandedWord, rules: SlotRules, slots: number): boolean {
  const { termIds, termTypos, termExact } = word;
  if (entry.termIds.length !== termIds.length) return false;
  for (let i = 0; i < termIds.length; i++) {
    if (entry.termIds[i] !== termIds[i] || entry.termTypos[i] !== termTypos[i]) return false;
    if (entry.termExact[i] !== termExact[i]) return false;
  }
  return (
    sameNumbers(entry.rank, rules.rank, slots) &&
    sameNumbers(entry.ordered, rules.ordered, slots) &&
    sameNumbers(entry.exactAllowed, rules.exactAllowed, slots)
  );
}

/** Scans the word over every document and keeps one entry per matching document. */
function build(
  context: ScoreContext,
  word: ExpandedWord,
  volume: number,
  slots: number,
): CachedScore {
  const { rules, scratch } = context;
  const capacity = context.matched.capacity;
  const everything = new Bitset(capacity);
  everything.fillTo(capacity);
  const found = new Bitset(capacity);
  scoreWord(
    { ...context, matched: everything, collect: found, collectOccurrences: false },
    word,
    0,
  );
  const documents = new Uint32Array(found.count());
  found.toArray(documents);
  const attribute = new Uint32Array(documents.length);
  const flags = new Uint8Array(documents.length);
  const { wordTypo, wordExact, wordAttribute } = scratch;
  for (let i = 0; i < documents.length; i++) {
    const documentNumber = documents[i] ?? 0;
    attribute[i] = wordAttribute[documentNumber] ?? 0;
    flags[i] = ((wordTypo[documentNumber] ?? 0) & 3) | ((wordExact[documentNumber] ?? 0) << 2);
    wordTypo[documentNumber] = 255;
    wordExact[documentNumber] = 0;
    wordAttribute[documentNumber] = 0xffffffff;
  }
  return {
    termIds: [...word.termIds],
    termTypos: [...word.termTypos],
    termExact: [...word.termExact],
    volume,
    rank: rules.rank.slice(0, slots),
    ordered: rules.ordered.slice(0, slots),
    exactAllowed: rules.exactAllowed.slice(0, slots),
    documents,
    attribute,
    flags,
  };
}

/**
 * The cached scan of `word` over every document (built on first use), or undefined when the word is not
 * eligible: groups, restricted or typo-restricted slots, a single dictionary word or too few postings to pay off.
 * @param context - the single-pass scoring context (`collect` set, no occurrences).
 */
export function cachedScore(context: ScoreContext, word: ExpandedWord): CachedScore | undefined {
  const { text, rules, collect, matched } = context;
  if (collect === undefined || context.collectOccurrences || word.groups.length > 0)
    return undefined;
  if (rules.searchable !== undefined || rules.typoAllowed !== undefined) return undefined;
  if (word.termIds.length < 2) return undefined;
  // Values, two per postings entry.
  const volume = wordVolume(text, word) * 2;
  // Postings hold two values per entry: cache words with at least capacity / 2 entries.
  if (volume < matched.capacity) return undefined;
  let cache = caches.get(text);
  if (cache === undefined) {
    cache = new SizedLru((entry) => entry.documents.length);
    caches.set(text, cache);
  }
  const slots = Math.min(text.textSlots.length, rules.rank.length);
  const key = `${word.word.term}|${word.maxTypos}|${word.word.prefix}|${context.exactWholeValueOnly}|${context.exactDisabled}`;
  let entry = cache.get(key);
  if (entry === undefined || entry.volume !== volume || !matches(entry, word, rules, slots)) {
    entry = build(context, word, volume, slots);
    cache.set(key, entry, matched.capacity * 8);
  }
  return entry;
}

/**
 * Matches the cached word within `allowed` and writes the one-word criteria (typos, words, exact, attribute) of
 * every match, as a scan followed by `foldWord` would: the matches are added to `set` and listed, ascending, in
 * `scratch.list`.
 * @returns the number of matches.
 */
export function applyCachedScore(
  entry: CachedScore,
  allowed: Bitset,
  set: Bitset,
  scratch: MatchScratch,
): number {
  const { documents, attribute, flags } = entry;
  const allowedWords = allowed.words;
  const collected = set.words;
  const { list, typos, words, exact } = scratch;
  const attributes = scratch.attribute;
  let count = 0;
  for (let i = 0; i < documents.length; i++) {
    const documentNumber = documents[i] ?? 0;
    const index = documentNumber >>> 5;
    const bit = 1 << (documentNumber & 31);
    if (((allowedWords[index] ?? 0) & bit) === 0) continue;
    collected[index] = (collected[index] ?? 0) | bit;
    list[count++] = documentNumber;
    attributes[documentNumber] = attribute[i] ?? 0;
    const flag = flags[i] ?? 0;
    typos[documentNumber] = flag & 3;
    words[documentNumber] = 1;
    exact[documentNumber] = flag >>> 2;
  }
  return count;
}

/** The documents of one broad word (pass 1 of the multi-word matcher). */
interface CachedDocuments {
  readonly termIds: readonly number[];
  readonly volume: number;
  readonly documents: Bitset;
}

/** Per index, the 64 most recently used words. */
const documentCaches = new WeakMap<TextIndex, SizedLru<CachedDocuments>>();
const cachedDocumentWords = 64;

function sameTerms(entry: CachedDocuments, termIds: readonly number[]): boolean {
  return (
    entry.termIds.length === termIds.length && sameNumbers(entry.termIds, termIds, termIds.length)
  );
}

/**
 * Pass 1 through a cache: overwrites `out` with the documents `word` matches, as `collectWordDocuments` would.
 * Returns false when the word is not eligible (groups of several words, restricted slots, one dictionary word,
 * few postings).
 */
export function collectCachedDocuments(
  word: ExpandedWord,
  text: TextIndex,
  rules: SlotRules,
  out: Bitset,
): boolean {
  if (word.termIds.length < 2 || !onlyOneWordGroups(word)) return false;
  if (rules.searchable !== undefined || rules.typoAllowed !== undefined) return false;
  // Values, two per postings entry.
  const volume = wordVolume(text, word) * 2;
  if (volume < out.capacity) return false;
  let cache = documentCaches.get(text);
  if (cache === undefined) {
    cache = new SizedLru(() => 1);
    documentCaches.set(text, cache);
  }
  const key = `${word.word.term}|${word.maxTypos}|${word.word.prefix}`;
  const entry = cache.get(key);
  if (
    entry === undefined ||
    entry.volume !== volume ||
    entry.documents.capacity !== out.capacity ||
    !sameTerms(entry, word.termIds)
  ) {
    collectWordDocuments(
      word.groups.length === 0 ? word : { ...word, groups: [] },
      text,
      rules,
      out,
    );
    const documents = new Bitset(out.capacity);
    documents.copyFrom(out);
    cache.set(key, { termIds: [...word.termIds], volume, documents }, cachedDocumentWords);
  } else out.copyFrom(entry.documents);
  // A one-word group (a concatenation, "wall a" → `walla…`) adds its dictionary word's documents, as
  // `collectWordDocuments` does: the cached entry stays shared by every query ending in the same broad word.
  for (const group of word.groups) addDocumentsOf(text.postingsList(group.termIds[0] ?? 0), out);
  return true;
}

function addDocumentsOf(list: GrowableUint32Array, out: Bitset): void {
  const postings = list.buffer;
  const words = out.words;
  for (let j = 0; j < list.length; j += 2) {
    const documentNumber = postings[j] ?? 0;
    words[documentNumber >>> 5] = (words[documentNumber >>> 5] ?? 0) | (1 << (documentNumber & 31));
  }
}
