/**
 * Records and their dense document numbers. A saved record always gets a fresh, larger number (a replaced
 * record's old number is marked dead), so postings lists only ever grow at their end and stay sorted.
 */
import { Bitset } from '../structures/bitset.ts';
import type { SearchRecord } from '../types.ts';

/** objectID ⇄ document number, the stored records and the live-document mask. */
export class DocumentTable {
  private readonly numberById = new Map<string, number>();
  private readonly records: (SearchRecord | undefined)[] = [];
  private liveMask = new Bitset(64);
  private deadCount = 0;

  /** Number of live records. */
  get size(): number {
    return this.numberById.size;
  }

  /** One more than the largest document number ever assigned (the length of per-document columns). */
  get capacity(): number {
    return this.records.length;
  }

  /** Document numbers assigned to records that were since deleted or replaced. */
  get deadDocuments(): number {
    return this.deadCount;
  }

  /** Bit set of live document numbers (capacity ≥ `capacity`). Do not modify. */
  get live(): Bitset {
    return this.liveMask;
  }

  /** The document number of `objectID`, if it is stored. */
  numberOf(objectID: string): number | undefined {
    return this.numberById.get(objectID);
  }

  /** The record stored under document number `documentNumber` (undefined when dead). */
  recordAt(documentNumber: number): SearchRecord | undefined {
    return this.records[documentNumber];
  }

  /** The record stored under `objectID`. */
  get(objectID: string): SearchRecord | undefined {
    const documentNumber = this.numberById.get(objectID);
    return documentNumber === undefined ? undefined : this.records[documentNumber];
  }

  /**
   * Stores `record` under a new document number, marking the previous version (if any) dead.
   * @returns the new document number and the replaced one.
   */
  add(record: SearchRecord): { documentNumber: number; replaced: number | undefined } {
    const replaced = this.remove(record.objectID);
    const documentNumber = this.records.length;
    this.records.push(record);
    this.numberById.set(record.objectID, documentNumber);
    if (documentNumber >= this.liveMask.capacity) {
      const grown = new Bitset(Math.max(64, this.liveMask.capacity * 2));
      grown.words.set(this.liveMask.words);
      this.liveMask = grown;
    }
    this.liveMask.add(documentNumber);
    return { documentNumber, replaced };
  }

  /** Marks the record `objectID` dead; returns its former document number. */
  remove(objectID: string): number | undefined {
    const documentNumber = this.numberById.get(objectID);
    if (documentNumber === undefined) return undefined;
    this.numberById.delete(objectID);
    this.records[documentNumber] = undefined;
    this.liveMask.remove(documentNumber);
    this.deadCount++;
    return documentNumber;
  }

  /** Calls `visit` for each live record in document-number order. */
  forEachLive(visit: (documentNumber: number, record: SearchRecord) => void): void {
    this.records.forEach((record, documentNumber) => {
      if (record !== undefined) visit(documentNumber, record);
    });
  }

  /** Live records in document-number order. */
  *liveRecords(): IterableIterator<SearchRecord> {
    for (const record of this.records) if (record !== undefined) yield record;
  }
}
