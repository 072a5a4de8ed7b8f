/**
 * Records and their dense document numbers. A saved record always gets a fresh, larger number (a replaced
 * record's old number is marked dead), so postings lists only ever grow at their end and stay sorted, and the
 * live documents in number order are the records in write order.
 *
 * Records are kept encoded ({@link RecordArena}); only their `objectID`s stay strings, so the id map and the
 * `objectID` order never decode. Dead documents' bytes are reclaimed by the compaction that renumbers.
 */
import type { BuildReader, BuildWriter } from '../build/engine-build.ts';
import { Bitset } from '../structures/bitset.ts';
import type { SearchRecord } from '../types.ts';
import { RecordArena } from './record-arena.ts';

/** objectID ⇄ document number, the stored records and the live-document mask. */
export class DocumentTable {
  private readonly numberById = new Map<string, number>();
  /** `objectID` by document number; undefined when dead. */
  private readonly ids: (string | undefined)[] = [];
  private readonly arena = new RecordArena();
  private liveMask = new Bitset(64);
  private deadCount = 0;

  /** Number of live records. */
  get size(): number {
    return this.numberById.size;
  }

  /** One more than the largest document number ever assigned (the length of per-document columns). */
  get capacity(): number {
    return this.ids.length;
  }

  /** Document numbers assigned to records that were since deleted or replaced. */
  get deadDocuments(): number {
    return this.deadCount;
  }

  /** Bytes the stored records' arena holds, spare room and forgotten records included. */
  get reservedBytes(): number {
    return this.arena.reservedBytes;
  }

  /** Bytes of the live records as minified UTF-8 JSON. */
  get dataSize(): number {
    return this.arena.byteLength;
  }

  /** Bit set of live document numbers (capacity ≥ `capacity`). Do not modify. */
  get live(): Bitset {
    return this.liveMask;
  }

  /** The document number of `objectID`, if it is stored. */
  numberOf(objectID: string): number | undefined {
    return this.numberById.get(objectID);
  }

  /** Whether `documentNumber` holds a live record. */
  isLive(documentNumber: number): boolean {
    return this.ids[documentNumber] !== undefined;
  }

  /** The `objectID` of a live document (undefined when dead). */
  objectIdAt(documentNumber: number): string | undefined {
    return this.ids[documentNumber];
  }

  /** The record stored under document number `documentNumber`, decoded (undefined when dead). */
  recordAt(documentNumber: number): SearchRecord | undefined {
    return this.ids[documentNumber] === undefined ? undefined : this.arena.read(documentNumber);
  }

  /** The record stored under `objectID`, decoded. */
  get(objectID: string): SearchRecord | undefined {
    const documentNumber = this.numberById.get(objectID);
    return documentNumber === undefined ? undefined : this.arena.read(documentNumber);
  }

  /**
   * Stores `record` under a new document number, marking the previous version (if any) dead. The record is
   * encoded: later changes to the object are not seen.
   * @returns the new document number and the replaced one.
   */
  add(record: SearchRecord): { documentNumber: number; replaced: number | undefined } {
    const replaced = this.remove(record.objectID);
    const documentNumber = this.ids.length;
    this.arena.append(documentNumber, record);
    this.ids.push(record.objectID);
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
    this.ids[documentNumber] = undefined;
    this.arena.forget(documentNumber);
    this.liveMask.remove(documentNumber);
    this.deadCount++;
    return documentNumber;
  }

  /** Calls `visit` for each live record, decoded, in document-number order. */
  forEachLive(visit: (documentNumber: number, record: SearchRecord) => void): void {
    for (let documentNumber = 0; documentNumber < this.ids.length; documentNumber++) {
      if (this.ids[documentNumber] !== undefined)
        visit(documentNumber, this.arena.read(documentNumber));
    }
  }

  /** Live records in document-number order (write order), each decoded when the iteration reaches it. */
  *liveRecords(): IterableIterator<SearchRecord> {
    for (let documentNumber = 0; documentNumber < this.ids.length; documentNumber++) {
      if (this.ids[documentNumber] !== undefined) yield this.arena.read(documentNumber);
    }
  }

  /** Exports the numbering and the stored records (see `engine-build.ts`). */
  exportBuild(build: BuildWriter): void {
    build.json(this.ids);
    this.arena.exportBuild(build, this.ids.length);
  }

  /** Takes an exported numbering and records (into an empty table); the live mask is rebuilt from them. */
  importBuild(build: BuildReader): void {
    const ids = build.strings(true);
    this.arena.importBuild(build, ids.length);
    this.liveMask = new Bitset(Math.max(64, ids.length));
    for (let documentNumber = 0; documentNumber < ids.length; documentNumber++) {
      const objectID = ids[documentNumber];
      this.ids.push(objectID);
      if (objectID === undefined) {
        this.deadCount++;
        continue;
      }
      this.numberById.set(objectID, documentNumber);
      this.liveMask.add(documentNumber);
    }
  }
}
