/**
 * The inverted index of searchable text: word id → postings. A posting is two `Uint32` values, the document
 * number and an occurrence code packing the attribute slot, the word position and a "whole value" flag
 * ({@link encodeOccurrence}). Documents are only ever appended with increasing numbers, so every postings list
 * stays sorted by document without re-sorting; deleted documents stay in the lists and are masked by the
 * live-document bit set until the index is compacted. Each document's words are also kept in indexing order
 * (the forward index, {@link ForwardIndex}), for scoring a broad word over few documents.
 */

import { BuildFormatError, type BuildReader, type BuildWriter } from '../build/engine-build.ts';
import { forEachLeaf, valuesAtPath } from '../records/record-paths.ts';
import type { SearchableAttribute } from '../settings/attribute-settings.ts';
import { ensureCapacity, GrowableUint32Array } from '../structures/growable-array.ts';
import { type TokenizeOptions, tokenize } from '../text/analyze-text.ts';
import { TermDictionary } from '../text/term-dictionary.ts';
import { appendForwardEntry } from './forward-coding.ts';

/** Postings lists trimmed per step of {@link TextIndex.trimSteps} (a few milliseconds of copying). */
const listsPerTrimStep = 2048;
/** Forward-index values copied per trimming step (16 MB: a few milliseconds). */
const forwardValuesPerTrimStep = 1 << 22;
/** Positions saturate here; the `attribute` criterion only distinguishes the first 1,000 words anyway. */
const maxPosition = 0xfffff;
/** Slots saturate here (2,047 searchable attribute paths). */
const maxSlot = 0x7ff;
/** Gap between two array elements or two leaves of one attribute, so they are never "adjacent". */
export const leafGap = 8;

/** Packs one occurrence: bit 31 = the word is the whole value, bits 20–30 = slot, bits 0–19 = position. */
export function encodeOccurrence(slot: number, position: number, wholeValue: boolean): number {
  return (
    ((wholeValue ? 0x80000000 : 0) |
      (Math.min(slot, maxSlot) << 20) |
      Math.min(position, maxPosition)) >>>
    0
  );
}

/** Slot of an occurrence code. */
export function occurrenceSlot(occurrence: number): number {
  return (occurrence >>> 20) & maxSlot;
}

/** Word position of an occurrence code. */
export function occurrencePosition(occurrence: number): number {
  return occurrence & maxPosition;
}

/** True when the word is the whole attribute value (Algolia's `exactOnSingleWordQuery: attribute`). */
export function occurrenceIsWholeValue(occurrence: number): boolean {
  return occurrence >= 0x80000000;
}

/** How records are read for text: the searchable attributes and the tokenizer options. */
export interface TextLayoutOptions {
  /** Parsed `searchableAttributes`; `[]` = every top-level attribute except `objectID`, all rank 0, unordered. */
  readonly attributes: readonly SearchableAttribute[];
  readonly camelCaseAttributes: readonly string[];
  readonly separatorsToIndex: string;
  /** Characters whose diacritics are kept when folding (`keepDiacriticsOnCharacters`); default none. */
  readonly keepDiacriticsOnCharacters?: string;
}

/** A searchable attribute slot as stored in occurrences. */
export interface TextSlot extends SearchableAttribute {
  readonly camelCase: boolean;
}

/**
 * Every document's words in indexing order (the forward index): `entries` holds each word's id and occurrence
 * code, mostly in one value (`forward-coding.ts`), those of document `d` at offsets `starts[d]` to
 * `starts[d + 1]` (one array read per document: scoring through it is bound by memory latency). Read it right
 * away: the arrays are replaced as the index grows.
 */
export interface ForwardIndex {
  readonly entries: Uint32Array;
  readonly starts: Uint32Array;
  /** Entries per indexed document, on average (at least 1). */
  readonly averageLength: number;
}

/** Postings and dictionary of the searchable text. */
export class TextIndex {
  readonly dictionary = new TermDictionary();
  private readonly postings: GrowableUint32Array[] = [];
  private readonly slots: TextSlot[] = [];
  private readonly slotByPath = new Map<string, number>();
  private readonly everyAttribute: boolean;
  private readonly options: TextLayoutOptions;

  /** @param options - the searchable layout; changing it requires a new index. */
  constructor(options: TextLayoutOptions) {
    this.options = options;
    this.everyAttribute = options.attributes.length === 0;
    for (const attribute of options.attributes) this.addSlot(attribute);
  }

  /** The attribute slots, indexed by slot number. */
  get textSlots(): readonly TextSlot[] {
    return this.slots;
  }

  /** Postings of word `termId` as `[doc, occurrence, doc, occurrence, …]` (a view; do not keep it). */
  postingsOf(termId: number): Uint32Array {
    return this.postings[termId]?.view() ?? emptyPostings;
  }

  /**
   * The postings list of `termId` without creating a view: read `buffer` up to `length` (hot loops over
   * thousands of prefix matches).
   */
  postingsList(termId: number): GrowableUint32Array {
    return this.postings[termId] ?? emptyList;
  }

  /**
   * Postings entries appended so far (all words): postings only grow, so while this is unchanged no word's
   * postings changed.
   */
  get postingsAppended(): number {
    return this.forwardCount;
  }

  /** One past the highest document number indexed: the span of document numbers postings refer to. */
  get documentSpan(): number {
    return this.forwardNext;
  }

  /** The forward index (document → its words), for scoring a broad word over a few documents. */
  forward(): ForwardIndex {
    return {
      entries: this.forwardEntries.buffer,
      starts: this.forwardStarts,
      averageLength: Math.max(1, this.forwardCount / Math.max(1, this.forwardDocuments)),
    };
  }

  /** Bytes the postings lists and the forward index reserve, spare capacity included. */
  get reservedBytes(): number {
    let bytes = this.forwardEntries.buffer.byteLength + this.forwardStarts.byteLength;
    for (const list of this.postings) bytes += list?.buffer.byteLength ?? 0;
    return bytes;
  }

  /** Releases the spare capacity of every postings list (after a bulk load). */
  trim(): void {
    for (const step of this.trimSteps()) step();
  }

  /**
   * {@link trim} cut into steps a server runs between requests: the postings lists 2,048 at a time, then the
   * forward index 16 MB at a time. Each step only moves values to a smaller array.
   */
  trimSteps(): (() => void)[] {
    const steps: (() => void)[] = [];
    for (let start = 0; start < this.postings.length; start += listsPerTrimStep) {
      steps.push(() => {
        const end = Math.min(this.postings.length, start + listsPerTrimStep);
        for (let termId = start; termId < end; termId++) this.postings[termId]?.trim();
      });
    }
    steps.push(...this.forwardEntries.trimSteps(forwardValuesPerTrimStep));
    return steps;
  }

  /** Exports the dictionary, postings, slots and forward index (see `engine-build.ts`). */
  exportBuild(build: BuildWriter): void {
    this.dictionary.exportBuild(build);
    build.lists(this.postings);
    build.json([this.slots, this.forwardNext, this.forwardDocuments, this.forwardCount]);
    build.u32(this.forwardEntries.view());
    build.u32(this.forwardStarts.subarray(0, this.forwardNext === 0 ? 0 : this.forwardNext + 1));
  }

  /**
   * Takes an exported text index (into an empty one built with the same layout options).
   * @throws BuildFormatError when its attribute slots are not this layout's.
   */
  importBuild(build: BuildReader): void {
    this.dictionary.importBuild(build);
    for (const list of build.lists()) this.postings.push(new GrowableUint32Array(list));
    const [slots, forwardNext, forwardDocuments, forwardCount] = build.json() as [
      TextSlot[],
      number,
      number,
      number,
    ];
    if (this.everyAttribute) for (const slot of slots.slice(this.slots.length)) this.addSlot(slot);
    if (JSON.stringify(slots) !== JSON.stringify(this.slots))
      throw new BuildFormatError('The build was made with other searchable attributes');
    this.forwardEntries = new GrowableUint32Array(build.u32());
    this.forwardStarts = build.u32();
    this.forwardNext = forwardNext;
    this.forwardDocuments = forwardDocuments;
    this.forwardCount = forwardCount;
  }

  /** Indexes the searchable text of `record` as document `documentNumber` (larger than any indexed before). */
  addDocument(documentNumber: number, record: Readonly<Record<string, unknown>>): void {
    this.forwardStarts = ensureCapacity(
      this.forwardStarts,
      documentNumber + 2,
      (n) => new Uint32Array(n),
    );
    // Numbers skipped (never indexed) get an empty range.
    for (let skipped = this.forwardNext; skipped <= documentNumber; skipped++)
      this.forwardStarts[skipped] = this.forwardEntries.length;
    this.forwardDocuments++;
    this.forwardPrevious = 0;
    this.addText(documentNumber, record);
    this.forwardStarts[documentNumber + 1] = this.forwardEntries.length;
    this.forwardNext = documentNumber + 1;
  }

  private addText(documentNumber: number, record: Readonly<Record<string, unknown>>): void {
    if (this.everyAttribute) {
      for (const key of Object.keys(record)) {
        if (key === 'objectID') continue;
        const slot =
          this.slotByPath.get(key) ?? this.addSlot({ path: key, rank: 0, ordered: false });
        this.indexValues(documentNumber, slot, [record[key]]);
      }
      return;
    }
    for (let slot = 0; slot < this.slots.length; slot++) {
      const path = this.slots[slot]?.path ?? '';
      this.indexValues(documentNumber, slot, valuesAtPath(record, path));
    }
  }

  private addSlot(attribute: SearchableAttribute): number {
    const slot = this.slots.length;
    const camelCase = this.options.camelCaseAttributes.includes(attribute.path);
    this.slots.push({ ...attribute, camelCase });
    if (!this.slotByPath.has(attribute.path)) this.slotByPath.set(attribute.path, slot);
    return slot;
  }

  private indexValues(documentNumber: number, slot: number, values: readonly unknown[]): void {
    this.leafOptions = {
      separatorsToIndex: this.options.separatorsToIndex,
      camelCase: this.slots[slot]?.camelCase ?? false,
      keepDiacriticsOnCharacters: this.options.keepDiacriticsOnCharacters ?? '',
    };
    this.leafDocument = documentNumber;
    this.leafSlot = slot;
    this.leafPosition = 0;
    for (const value of values) forEachLeaf(value, this.visitLeaf);
  }

  // The per-leaf state lives on the instance so indexing creates no closures per record.
  private leafOptions: TokenizeOptions = { separatorsToIndex: '', camelCase: false };
  private leafDocument = 0;
  private leafSlot = 0;
  private leafPosition = 0;
  private readonly collectTerm = (term: string): void => {
    this.leafTerms.push(this.dictionary.intern(term));
  };
  private readonly visitLeaf = (leaf: string | number | boolean): void => {
    const leafTerms = this.leafTerms;
    leafTerms.length = 0;
    tokenize(typeof leaf === 'string' ? leaf : String(leaf), this.leafOptions, this.collectTerm);
    const wholeValue = leafTerms.length === 1;
    for (const termId of leafTerms) {
      let list = this.postings[termId];
      if (list === undefined) {
        list = new GrowableUint32Array(2);
        this.postings[termId] = list;
      }
      const occurrence = encodeOccurrence(this.leafSlot, this.leafPosition, wholeValue);
      list.push(this.leafDocument);
      list.push(occurrence);
      this.forwardPrevious = appendForwardEntry(
        this.forwardEntries,
        termId,
        occurrence,
        this.forwardPrevious,
      );
      this.forwardCount++;
      this.leafPosition++;
    }
    this.leafPosition += leafGap;
  };

  private readonly leafTerms: number[] = [];
  private forwardEntries = new GrowableUint32Array(1024);
  private forwardStarts = new Uint32Array(0);
  /** One past the highest document number indexed. */
  private forwardNext = 0;
  private forwardDocuments = 0;
  /** Occurrences in the forward index (each one postings entry). */
  private forwardCount = 0;
  /** The occurrence code last appended for the document being indexed. */
  private forwardPrevious = 0;
}

const emptyPostings = new Uint32Array(0);
const emptyList = new GrowableUint32Array(1);
