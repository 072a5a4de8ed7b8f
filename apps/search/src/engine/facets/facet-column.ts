/**
 * One faceted attribute: its distinct values (dense value ids), value → documents postings for filters, and
 * document → value ids for counting. Counting a facet is then one pass over the matched documents reading
 * integers; filtering is a union of postings lists.
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
  private documentStart = new Uint32Array(0);
  private documentCount = new Uint32Array(0);
  /** Value id + 1 of each document holding at most one value (0 = none). */
  private singleValue = new Uint32Array(0);
  private multiValuedDocuments = 0;
  private valueArena = new GrowableUint32Array(64);
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
    const start = this.documentStart[documentNumber] ?? 0;
    const end = start + (this.documentCount[documentNumber] ?? 0);
    for (let i = start; i < end; i++) {
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

  /** Start of `documentNumber`'s value ids in {@link arena}. */
  valuesStart(documentNumber: number): number {
    return this.documentStart[documentNumber] ?? 0;
  }

  /** How many distinct values `documentNumber` holds. */
  valuesCount(documentNumber: number): number {
    return this.documentCount[documentNumber] ?? 0;
  }

  /** All documents' value ids, addressed by {@link valuesStart} / {@link valuesCount}. */
  arena(): Uint32Array {
    return this.valueArena.buffer;
  }

  /** Per-document start offsets into {@link arena} (hot loops read the array directly). */
  startsArray(): Uint32Array {
    return this.documentStart;
  }

  /** Per-document value counts (hot loops read the array directly). */
  countsArray(): Uint32Array {
    return this.documentCount;
  }

  /**
   * When no document ever held two values (brand, price…): value id + 1 per document, 0 for none, so counting
   * reads one integer per document. Undefined for multi-valued columns.
   */
  singleValues(): Uint32Array | undefined {
    return this.multiValuedDocuments === 0 ? this.singleValue : undefined;
  }

  /** First value id of `documentNumber`, or -1 without a value (distinct groups). */
  firstValue(documentNumber: number): number {
    if ((this.documentCount[documentNumber] ?? 0) === 0) return -1;
    return this.valueArena.get(this.documentStart[documentNumber] ?? 0);
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
    let bytes =
      this.documentStart.byteLength +
      this.documentCount.byteLength +
      this.singleValue.byteLength +
      this.valueArena.buffer.byteLength;
    for (const list of this.postings) bytes += list.buffer.byteLength;
    return bytes;
  }

  /** Releases spare capacity (after a bulk load). */
  trim(): void {
    for (const list of this.postings) list.trim();
    this.valueArena.trim();
  }

  /** Exports the values, postings and per-document value lists (see `engine-build.ts`). */
  exportBuild(build: BuildWriter): void {
    build.json([this.values, this.multiValuedDocuments]);
    build.f64(Float64Array.from(this.numbers));
    build.lists(this.postings);
    build.u32(this.documentStart);
    build.u32(this.documentCount);
    build.u32(this.singleValue);
    build.u32(this.valueArena.view());
    build.u32(this.liveCounts);
  }

  /** Takes an exported column (into an empty one of the same path and case sensitivity). */
  importBuild(build: BuildReader): void {
    const [values, multiValuedDocuments] = build.json() as [string[], number];
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
    this.documentStart = build.u32();
    this.documentCount = build.u32();
    this.singleValue = build.u32();
    this.valueArena = new GrowableUint32Array(build.u32());
    this.liveCounts = build.u32();
    this.multiValuedDocuments = multiValuedDocuments;
    this.changes++;
  }

  /** Indexes `record` as `documentNumber` (larger than any indexed before). */
  addDocument(documentNumber: number, record: unknown): void {
    this.changes++;
    const needed = documentNumber + 1;
    this.documentStart = ensureCapacity(this.documentStart, needed, (n) => new Uint32Array(n));
    this.documentCount = ensureCapacity(this.documentCount, needed, (n) => new Uint32Array(n));
    this.singleValue = ensureCapacity(this.singleValue, needed, (n) => new Uint32Array(n));
    const start = this.valueArena.length;
    let count = 0;
    for (const raw of valuesAtPath(record, this.path)) {
      const text = scalarToText(raw);
      if (text === undefined) continue;
      const valueId = this.intern(text, raw);
      if (this.isAlreadyListed(valueId, start, count)) continue;
      this.valueArena.push(valueId);
      this.postings[valueId]?.push(documentNumber);
      this.liveCounts[valueId] = (this.liveCounts[valueId] ?? 0) + 1;
      count++;
    }
    this.documentStart[documentNumber] = start;
    this.documentCount[documentNumber] = count;
    this.singleValue[documentNumber] = count === 1 ? this.valueArena.get(start) + 1 : 0;
    if (count > 1) this.multiValuedDocuments++;
  }

  private isAlreadyListed(valueId: number, start: number, count: number): boolean {
    for (let i = 0; i < count; i++) if (this.valueArena.get(start + i) === valueId) return true;
    return false;
  }

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
