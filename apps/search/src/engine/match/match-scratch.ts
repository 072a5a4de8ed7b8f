/**
 * Per-document working arrays reused by every search of one index (JS runs one search at a time), so a query
 * allocates no per-record objects: criteria values are written at the matched documents' numbers and only read
 * back for those documents. A standard replica that shares its primary's structures also uses its primary's
 * per-document arrays ({@link MatchScratch.shareArraysOf}): one search runs at a time, and every search leaves them
 * as the next one expects, whichever index it ran on (~18 MB per replica at 241,402 records, decision 0025).
 */

import { OccurrenceTable } from '../postings/occurrences.ts';
import { Bitset } from '../structures/bitset.ts';
import { ensureCapacity } from '../structures/growable-array.ts';
import { TextMatchMemo } from './text-match-memo.ts';

/** The arrays indexed by document number (and dictionary word), which indices sharing structures share. */
export class DocumentScratch {
  typos = new Uint8Array(0);
  words = new Uint8Array(0);
  exact = new Uint8Array(0);
  attribute = new Uint32Array(0);
  filterScore = new Float64Array(0);
  wordTypo = new Uint8Array(0);
  wordExact = new Uint8Array(0);
  wordAttribute = new Uint32Array(0);
  termMarks: Uint8Array = new Uint8Array(0);
  list = new Uint32Array(0);
  readonly occurrences = new OccurrenceTable();

  /** Bytes of the arrays (spare capacity included). */
  get byteLength(): number {
    return (
      this.typos.byteLength +
      this.words.byteLength +
      this.exact.byteLength +
      this.attribute.byteLength +
      this.filterScore.byteLength +
      this.wordTypo.byteLength +
      this.wordExact.byteLength +
      this.wordAttribute.byteLength +
      this.termMarks.byteLength +
      this.list.byteLength +
      this.occurrences.byteLength
    );
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

/** One index's search scratch: per-document arrays (its own or shared) and its own memo and bit sets. */
export class MatchScratch {
  private arrays: DocumentScratch;
  /** The last search's text phase (pass 1), shared with the next search when the words are the same. */
  readonly textMemo = new TextMatchMemo();
  private readonly bitsets: Bitset[] = [];
  private bitsetsInUse = 0;

  /** @param arrays - the per-document arrays to use (default: its own). */
  constructor(arrays: DocumentScratch = new DocumentScratch()) {
    this.arrays = arrays;
  }

  /** The per-document arrays this scratch uses now. */
  get documentArrays(): DocumentScratch {
    return this.arrays;
  }

  /**
   * Uses `arrays` (another index's, while this one reads that index's structures) or, with `undefined`, arrays
   * of its own (new ones if it was using another's).
   */
  shareArraysOf(arrays: DocumentScratch | undefined): void {
    if (arrays !== undefined) this.arrays = arrays;
    else if (this.borrowed) this.arrays = new DocumentScratch();
    this.borrowed = arrays !== undefined;
  }

  private borrowed = false;

  /** Bytes of the per-document arrays this scratch holds of its own (0 while it uses another's). */
  get ownBytes(): number {
    return this.borrowed ? 0 : this.arrays.byteLength;
  }

  /** Total typos over the matched words. */
  get typos(): Uint8Array {
    return this.arrays.typos;
  }
  /** Number of query words matched. */
  get words(): Uint8Array {
    return this.arrays.words;
  }
  /** Number of query words matched exactly. */
  get exact(): Uint8Array {
    return this.arrays.exact;
  }
  /**
   * Best `attribute` criterion value over the query words (rank × 1000 + position), each word's value taken
   * from its occurrences with the fewest typos.
   */
  get attribute(): Uint32Array {
    return this.arrays.attribute;
  }
  /** Optional-filter score. */
  get filterScore(): Float64Array {
    return this.arrays.filterScore;
  }
  /** Per-word working values (255 = word not matched yet). */
  get wordTypo(): Uint8Array {
    return this.arrays.wordTypo;
  }
  get wordExact(): Uint8Array {
    return this.arrays.wordExact;
  }
  /** The word's best attribute value among its occurrences with `wordTypo` typos (0xffffffff = none yet). */
  get wordAttribute(): Uint32Array {
    return this.arrays.wordAttribute;
  }
  /** Per dictionary word: how the word being scored through the forward index holds it (0 = not at all). */
  get termMarks(): Uint8Array {
    return this.arrays.termMarks;
  }
  set termMarks(marks: Uint8Array) {
    this.arrays.termMarks = marks;
  }
  /** The matched documents, ascending. */
  get list(): Uint32Array {
    return this.arrays.list;
  }
  /** Positions of query words in matched documents. */
  get occurrences(): OccurrenceTable {
    return this.arrays.occurrences;
  }

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
    this.arrays.ensure(capacity);
  }
}
