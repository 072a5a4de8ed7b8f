/**
 * Per-document working arrays reused by every search of one index (JS runs one search at a time), so a query
 * allocates no per-record objects: criteria values are written at the matched documents' numbers and only read
 * back for those documents.
 */

import { OccurrenceTable } from '../postings/occurrences.ts';
import { Bitset } from '../structures/bitset.ts';
import { ensureCapacity } from '../structures/growable-array.ts';
import { TextMatchMemo } from './text-match-memo.ts';

/** Typed arrays indexed by document number. */
export class MatchScratch {
  /** Total typos over the matched words. */
  typos = new Uint8Array(0);
  /** Number of query words matched. */
  words = new Uint8Array(0);
  /** Number of query words matched exactly. */
  exact = new Uint8Array(0);
  /**
   * Best `attribute` criterion value over the query words (rank × 1000 + position), each word's value taken
   * from its occurrences with the fewest typos.
   */
  attribute = new Uint32Array(0);
  /** Optional-filter score. */
  filterScore = new Float64Array(0);
  /** Per-word working values (255 = word not matched yet). */
  wordTypo = new Uint8Array(0);
  wordExact = new Uint8Array(0);
  /** The word's best attribute value among its occurrences with `wordTypo` typos (0xffffffff = none yet). */
  wordAttribute = new Uint32Array(0);
  /** Per dictionary word: how the word being scored through the forward index holds it (0 = not at all). */
  termMarks = new Uint8Array(0);
  /** The matched documents, ascending. */
  list = new Uint32Array(0);
  /** Positions of query words in matched documents. */
  readonly occurrences = new OccurrenceTable();
  /** The last search's text phase (pass 1), shared with the next search when the words are the same. */
  readonly textMemo = new TextMatchMemo();
  private readonly bitsets: Bitset[] = [];
  private bitsetsInUse = 0;

  /** Returns every pooled bit set to the pool (at the start of a search). */
  releaseBitsets(): void {
    this.bitsetsInUse = 0;
  }

  /** A cleared bit set of `capacity` bits from the pool (valid until {@link releaseBitsets}). */
  acquireBitset(capacity: number): Bitset {
    let bitset = this.bitsets[this.bitsetsInUse];
    if (bitset === undefined || bitset.capacity !== Math.ceil(capacity / 32) * 32) {
      bitset = new Bitset(capacity);
      this.bitsets[this.bitsetsInUse] = bitset;
    } else {
      bitset.clear();
    }
    this.bitsetsInUse++;
    return bitset;
  }

  /** Grows every array to at least `capacity` documents. */
  ensure(capacity: number): void {
    if (this.list.length >= capacity) return;
    const size = Math.max(capacity, this.list.length * 2, 64);
    this.typos = ensureCapacity(this.typos, size, (n) => new Uint8Array(n));
    this.words = ensureCapacity(this.words, size, (n) => new Uint8Array(n));
    this.exact = ensureCapacity(this.exact, size, (n) => new Uint8Array(n));
    this.attribute = ensureCapacity(this.attribute, size, (n) => new Uint32Array(n));
    this.filterScore = ensureCapacity(this.filterScore, size, (n) => new Float64Array(n));
    this.wordTypo = ensureCapacity(this.wordTypo, size, (n) => new Uint8Array(n).fill(255));
    this.wordExact = ensureCapacity(this.wordExact, size, (n) => new Uint8Array(n));
    this.wordAttribute = ensureCapacity(this.wordAttribute, size, (n) =>
      new Uint32Array(n).fill(0xffffffff),
    );
    this.list = new Uint32Array(size);
  }
}
