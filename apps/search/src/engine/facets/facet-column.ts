/**
 * One faceted attribute: its distinct values (dense value ids), value → documents postings for filters, and
 * document → value ids for counting. Counting a facet is then one pass over the matched documents reading
 * integers; filtering is a union of postings lists.
 *
 * Document → value ids costs one `Uint32` per document while no document holds two values (brand, price, a
 * flag: the value id + 1 itself), and otherwise one per document (the start of its range) plus one per value
 * (the ids end to end), the range of a document ending where the next one's starts. At 241,402 storefront
 * records and 25 facets that is ~60 % less than a start, a count and a single value per document and column
 * (decision 0025).
 */

import type { BuildReader, BuildWriter } from '../build/engine-build.ts';
import { scalarToText, valuesAtPath } from '../records/record-paths.ts';
import { ensureCapacity, GrowableUint32Array } from '../structures/growable-array.ts';
import { compareCodeUnits } from '../text/term-dictionary.ts';

const noValues: readonly number[] = [];

/** Facet values and postings of one attribute path. */
export class FacetColumn {
  private readonly idByValue = new Map<string, number>();
  private readonly values: string[] = [];
  private readonly numbers: number[] = [];
  private readonly idsByKey = new Map<string, number[]>();
  private readonly postings: GrowableUint32Array[] = [];
  /**
   * While no document holds two values: value id + 1 of each document (0 = none). Then: the start of each
   * document's value ids in {@link valueArena}, its end the next document's start (`perDocument[next]` is the
   * arena's length).
   */
  private perDocument = new Uint32Array(0);
  /** One past the highest document number indexed. */
  private next = 0;
  private multiValuedDocuments = 0;
  /** Every document's value ids end to end, once a document held two values (empty before). */
  private valueArena = new GrowableUint32Array(1);
  private ordinals: Uint32Array | undefined;
  private liveCounts = new Uint32Array(16);
  /** Bumped by every add and remove (caches below key on it). */
  private changes = 0;
  private shared: { readonly changes: number; readonly documents: Uint32Array } | undefined;

  /**
   * @param path - the attribute's dot path.
   * @param caseSensitive - true for `_tags` (tag filters are case-sensitive); facet filters fold case.
   */
  constructor(path: string, caseSensitive: boolean) {
    this.path = path;
    this.caseSensitive = caseSensitive;
  }

  /** The attribute's dot path. */
  readonly path: string;
  /** True for `_tags`. */
  readonly caseSensitive: boolean;

  /** Number of distinct values ever seen. */
  get valueCount(): number {
    return this.values.length;
  }

  /** The raw text of value `valueId` (as counted and returned in facets). */
  valueOf(valueId: number): string {
    return this.values[valueId] ?? '';
  }

  /** The number behind value `valueId` when the record held a number, NaN otherwise. */
  numberOf(valueId: number): number {
    return this.numbers[valueId] ?? Number.NaN;
  }

  /** Number of live documents holding value `valueId`. */
  liveCount(valueId: number): number {
    return this.liveCounts[valueId] ?? 0;
  }

  /** Forgets a deleted or replaced document in the live counts (its postings are masked by the live set). */
  removeDocument(documentNumber: number): void {
    this.changes++;
    if (documentNumber >= this.next) return;
    if (this.multiValuedDocuments === 0) {
      const value = this.perDocument[documentNumber] ?? 0;
      if (value !== 0)
        this.liveCounts[value - 1] = Math.max(0, (this.liveCounts[value - 1] ?? 0) - 1);
      return;
    }
    const end = this.perDocument[documentNumber + 1] ?? 0;
    for (let i = this.perDocument[documentNumber] ?? 0; i < end; i++) {
      const valueId = this.valueArena.get(i);
      this.liveCounts[valueId] = Math.max(0, (this.liveCounts[valueId] ?? 0) - 1);
    }
  }

  /** Value ids a filter on `value` matches (case-insensitive unless the column is case-sensitive). */
  idsMatching(value: string): readonly number[] {
    return this.idsByKey.get(this.caseSensitive ? value : value.toLowerCase()) ?? noValues;
  }

  /** Documents (ascending, dead ones included) holding value `valueId`. */
  documentsWith(valueId: number): Uint32Array {
    return this.postings[valueId]?.view() ?? new Uint32Array(0);
  }

  /** True when `documentNumber` holds one of the values `valueIds`. */
  holdsAny(documentNumber: number, valueIds: readonly number[]): boolean {
    if (documentNumber >= this.next) return false;
    if (this.multiValuedDocuments === 0)
      return valueIds.includes((this.perDocument[documentNumber] ?? 0) - 1);
    const arena = this.valueArena.buffer;
    const end = this.perDocument[documentNumber + 1] ?? 0;
    for (let i = this.perDocument[documentNumber] ?? 0; i < end; i++)
      if (valueIds.includes(arena[i] ?? -1)) return true;
    return false;
  }

  /**
   * A multi-valued column's value ids of every document end to end, document `d`'s from `starts[d]` to
   * `starts[d + 1]` ({@link multipleValues}; hot loops read the arrays directly).
   */
  multipleValues(): { readonly arena: Uint32Array; readonly starts: Uint32Array } | undefined {
    if (this.multiValuedDocuments === 0) return undefined;
    return { arena: this.valueArena.buffer, starts: this.perDocument };
  }

  /**
   * When no document ever held two values (brand, price…): value id + 1 per document, 0 for none, so counting
   * reads one integer per document. Undefined for multi-valued columns (see {@link multipleValues}).
   */
  singleValues(): Uint32Array | undefined {
    return this.multiValuedDocuments === 0 ? this.perDocument : undefined;
  }

  /** First value id of `documentNumber`, or -1 without a value (distinct groups). */
  firstValue(documentNumber: number): number {
    if (documentNumber >= this.next) return -1;
    if (this.multiValuedDocuments === 0) return (this.perDocument[documentNumber] ?? 0) - 1;
    const start = this.perDocument[documentNumber] ?? 0;
    return start < (this.perDocument[documentNumber + 1] ?? 0) ? this.valueArena.get(start) : -1;
  }

  /**
   * Documents whose first value (their distinct group) another live document holds too, ascending; dead
   * documents may be listed (callers intersect with live matches). Kept until the next write: on a catalogue
   * where most products have one record, a small list that distinct can work from instead of every match.
   */
  sharedFirstValueDocuments(): Uint32Array {
    if (this.shared?.changes !== this.changes) {
      const documents: number[] = [];
      for (let valueId = 0; valueId < this.values.length; valueId++) {
        if ((this.liveCounts[valueId] ?? 0) < 2) continue;
        for (const documentNumber of this.documentsWith(valueId))
          if (this.firstValue(documentNumber) === valueId) documents.push(documentNumber);
      }
      this.shared = { changes: this.changes, documents: Uint32Array.from(documents).sort() };
    }
    return this.shared.documents;
  }

  /**
   * Position of each value in code-unit order of the value text (`ordinals[valueId]`), for alphabetical facet
   * ordering and count ties. Recomputed lazily after new values appear.
   */
  valueOrdinals(): Uint32Array {
    if (this.ordinals === undefined || this.ordinals.length !== this.values.length) {
      const order = this.values.map((_, id) => id);
      order.sort((a, b) => compareCodeUnits(this.values[a] ?? '', this.values[b] ?? ''));
      const ordinals = new Uint32Array(order.length);
      order.forEach((id, position) => {
        ordinals[id] = position;
      });
      this.ordinals = ordinals;
    }
    return this.ordinals;
  }

  /** Bytes of its typed arrays, spare capacity included. */
  get reservedBytes(): number {
    let bytes = this.perDocument.byteLength + this.valueArena.buffer.byteLength;
    for (const list of this.postings) bytes += list.buffer.byteLength;
    return bytes;
  }

  /** Releases spare capacity (after a bulk load). */
  trim(): void {
    for (const list of this.postings) list.trim();
    this.valueArena.trim();
    const used = this.next + 1;
    if (this.perDocument.length > used + 16) this.perDocument = this.perDocument.slice(0, used);
  }

  /** Exports the values, postings and per-document value lists (see `engine-build.ts`). */
  exportBuild(build: BuildWriter): void {
    build.json([this.values, this.multiValuedDocuments, this.next]);
    build.f64(Float64Array.from(this.numbers));
    build.lists(this.postings);
    build.u32(this.perDocument.subarray(0, Math.min(this.perDocument.length, this.next + 1)));
    build.u32(this.valueArena.view());
    build.u32(this.liveCounts);
  }

  /** Takes an exported column (into an empty one of the same path and case sensitivity). */
  importBuild(build: BuildReader): void {
    const [values, multiValuedDocuments, next] = build.json() as [string[], number, number];
    const numbers = build.f64();
    values.forEach((text, valueId) => {
      this.idByValue.set(text, valueId);
      this.values.push(text);
      this.numbers.push(numbers[valueId] ?? Number.NaN);
      const key = this.caseSensitive ? text : text.toLowerCase();
      const ids = this.idsByKey.get(key);
      if (ids === undefined) this.idsByKey.set(key, [valueId]);
      else ids.push(valueId);
    });
    for (const list of build.lists()) this.postings.push(new GrowableUint32Array(list));
    this.perDocument = build.u32();
    this.valueArena = new GrowableUint32Array(build.u32());
    this.liveCounts = build.u32();
    this.multiValuedDocuments = multiValuedDocuments;
    this.next = next;
    this.changes++;
  }

  /** Indexes `record` as `documentNumber` (larger than any indexed before). */
  addDocument(documentNumber: number, record: unknown): void {
    this.changes++;
    const ids = this.documentValues;
    ids.length = 0;
    for (const raw of valuesAtPath(record, this.path)) {
      const text = scalarToText(raw);
      if (text === undefined) continue;
      const valueId = this.intern(text, raw);
      if (ids.includes(valueId)) continue;
      ids.push(valueId);
      this.postings[valueId]?.push(documentNumber);
      this.liveCounts[valueId] = (this.liveCounts[valueId] ?? 0) + 1;
    }
    if (ids.length > 1 && this.multiValuedDocuments === 0) this.startRanges();
    if (ids.length > 1) this.multiValuedDocuments++;
    this.perDocument = ensureCapacity(
      this.perDocument,
      documentNumber + 2,
      (n) => new Uint32Array(n),
    );
    if (this.multiValuedDocuments === 0) {
      // Numbers skipped (never indexed here) hold 0 already: no value.
      this.perDocument[documentNumber] = ids.length === 0 ? 0 : (ids[0] ?? 0) + 1;
    } else {
      const arena = this.valueArena;
      // Numbers skipped (never indexed here) get an empty range.
      for (let skipped = this.next; skipped <= documentNumber; skipped++)
        this.perDocument[skipped] = arena.length;
      for (const valueId of ids) arena.push(valueId);
      this.perDocument[documentNumber + 1] = arena.length;
    }
    this.next = documentNumber + 1;
  }

  /** The first document holding two values: every document's single value becomes a range of the arena. */
  private startRanges(): void {
    const single = this.perDocument;
    const starts = new Uint32Array(Math.max(single.length, this.next + 2));
    const arena = new GrowableUint32Array(Math.max(16, this.next * 2));
    for (let documentNumber = 0; documentNumber < this.next; documentNumber++) {
      starts[documentNumber] = arena.length;
      const value = single[documentNumber] ?? 0;
      if (value !== 0) arena.push(value - 1);
    }
    starts[this.next] = arena.length;
    this.perDocument = starts;
    this.valueArena = arena;
  }

  /** The value ids of the document being added (reused). */
  private readonly documentValues: number[] = [];

  private intern(text: string, raw: unknown): number {
    let valueId = this.idByValue.get(text);
    if (valueId === undefined) {
      valueId = this.values.length;
      this.idByValue.set(text, valueId);
      this.values.push(text);
      this.numbers.push(Number.NaN);
      this.postings.push(new GrowableUint32Array(2));
      this.liveCounts = ensureCapacity(this.liveCounts, valueId + 1, (n) => new Uint32Array(n));
      const key = this.caseSensitive ? text : text.toLowerCase();
      const ids = this.idsByKey.get(key);
      if (ids === undefined) this.idsByKey.set(key, [valueId]);
      else ids.push(valueId);
    }
    if (typeof raw === 'number') this.numbers[valueId] = raw;
    return valueId;
  }
}
