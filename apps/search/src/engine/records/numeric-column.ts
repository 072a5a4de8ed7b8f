/**
 * Numbers of one attribute path per document, for numeric filters and sort criteria: a `Float64Array` holding
 * each document's first number (NaN without one) and, for the rare multi-valued documents, the full list.
 * Booleans count as 1/0 (Algolia accepts `inStock = 1`).
 */

import type { BuildReader, BuildWriter } from '../build/engine-build.ts';
import { isWithinAtFilterPrecision } from '../filters/numeric-precision.ts';
import type { Bitset } from '../structures/bitset.ts';
import { ensureCapacity } from '../structures/growable-array.ts';
import { scalarToNumber, valuesAtPath } from './record-paths.ts';

/** Numbers of one attribute path. */
export class NumericColumn {
  private first = new Float64Array(0);
  private readonly more = new Map<number, readonly number[]>();

  /** @param path - the attribute's dot path. */
  constructor(path: string) {
    this.path = path;
  }

  /** The attribute's dot path. */
  readonly path: string;

  /** Indexes `record` as `documentNumber` (any order; overwrites). */
  addDocument(documentNumber: number, record: unknown): void {
    const numbers: number[] = [];
    for (const raw of valuesAtPath(record, this.path)) {
      const value = scalarToNumber(raw);
      if (value !== undefined) numbers.push(value);
    }
    // Documents past the array have no number: an attribute holding none (text facets) costs no array.
    if (numbers.length === 0 && documentNumber >= this.first.length) {
      this.more.delete(documentNumber);
      return;
    }
    this.first = ensureCapacity(this.first, documentNumber + 1, (n) =>
      new Float64Array(n).fill(Number.NaN),
    );
    this.first[documentNumber] = numbers[0] ?? Number.NaN;
    if (numbers.length > 1) this.more.set(documentNumber, numbers);
    else this.more.delete(documentNumber);
  }

  /** Exports the numbers: the first per document, then the multi-valued documents as `[document, count, …values]`. */
  exportBuild(build: BuildWriter): void {
    build.f64(this.first);
    const more: number[] = [];
    for (const [documentNumber, values] of this.more)
      more.push(documentNumber, values.length, ...values);
    build.f64(Float64Array.from(more));
  }

  /** Takes exported numbers (into an empty column). */
  importBuild(build: BuildReader): void {
    this.first = build.f64();
    const more = build.f64();
    for (let at = 0; at + 1 < more.length; ) {
      const documentNumber = more[at] ?? 0;
      const count = more[at + 1] ?? 0;
      this.more.set(documentNumber, Array.from(more.subarray(at + 2, at + 2 + count)));
      at += 2 + count;
    }
  }

  /** The document's first number, NaN when it has none. */
  firstValue(documentNumber: number): number {
    return this.first[documentNumber] ?? Number.NaN;
  }

  /** True when some number of the document satisfies `test` (arrays: any element). */
  some(documentNumber: number, test: (value: number) => boolean): boolean {
    const values = this.more.get(documentNumber);
    if (values !== undefined) return values.some(test);
    const value = this.first[documentNumber] ?? Number.NaN;
    return !Number.isNaN(value) && test(value);
  }

  /** Smallest number of the document (ascending sort of arrays), NaN without one. */
  minimum(documentNumber: number): number {
    const value = this.first[documentNumber] ?? Number.NaN;
    if (this.more.size === 0) return value;
    const values = this.more.get(documentNumber);
    return values === undefined ? value : Math.min(...values);
  }

  /** Largest number of the document (descending sort of arrays), NaN without one. */
  maximum(documentNumber: number): number {
    const value = this.first[documentNumber] ?? Number.NaN;
    if (this.more.size === 0) return value;
    const values = this.more.get(documentNumber);
    return values === undefined ? value : Math.max(...values);
  }

  /** Sets in `out` every document (below `limit`) with a number satisfying `test`. */
  fillMatching(
    test: (value: number) => boolean,
    limit: number,
    out: { add(index: number): void },
  ): void {
    const first = this.first;
    const end = Math.min(limit, first.length);
    for (let documentNumber = 0; documentNumber < end; documentNumber++) {
      const value = first[documentNumber] ?? Number.NaN;
      if (!Number.isNaN(value) && test(value)) out.add(documentNumber);
    }
    for (const [documentNumber, values] of this.more) {
      if (documentNumber < end && values.some(test)) out.add(documentNumber);
    }
  }

  /**
   * {@link fillMatching} for `lower ≤ value ≤ upper` at the filter precision ({@link isWithinAtFilterPrecision}:
   * pass bounds already taken to it), 32 documents per bit-set word (a price range over a large index). `out` must
   * be clear. NaN (no number) fails both comparisons.
   */
  fillRange(lower: number, upper: number, limit: number, out: Bitset): void {
    const first = this.first;
    const words = out.words;
    const end = Math.min(limit, first.length, out.capacity);
    for (let base = 0; base < end; base += 32) {
      const stop = Math.min(32, end - base);
      let word = 0;
      for (let bit = 0; bit < stop; bit++) {
        const value = first[base + bit] ?? Number.NaN;
        if (isWithinAtFilterPrecision(value, lower, upper)) word |= 1 << bit;
      }
      words[base >>> 5] = word;
    }
    for (const [documentNumber, values] of this.more) {
      if (
        documentNumber < end &&
        values.some((value) => isWithinAtFilterPrecision(value, lower, upper))
      )
        out.add(documentNumber);
    }
  }

  /** Number of document slots covered (documents past it have no number). */
  get length(): number {
    return this.first.length;
  }
}
