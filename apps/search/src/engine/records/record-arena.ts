/**
 * Records stored as their minified JSON in UTF-8, back to back in large byte chunks: about their JSON size in
 * memory instead of a JS object graph per record (a hidden class, property array and string header per value:
 * 2.35× the JSON on the storefront's records, decision 0015), less their top-level keys, kept once per shape
 * ({@link RecordShapes}). A record is decoded only where a whole record is needed (the hits of a page,
 * `getObject`, browse, a rebuild).
 */

import { BuildFormatError, type BuildReader, type BuildWriter } from '../build/engine-build.ts';
import { ensureCapacity } from '../structures/growable-array.ts';
import type { SearchRecord } from '../types.ts';
import { RecordShapes } from './record-shapes.ts';

/** Chunks start small (an index of a few records costs little) and double up to this size (the last one's spare room is at most this). */
const largestChunk = 4 * 1024 * 1024;
const firstChunk = 16 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Encoded records by slot number (a document number): append, read, forget. */
export class RecordArena {
  private readonly chunks: Uint8Array[] = [];
  /** Bytes used in the last chunk. */
  private used = 0;
  private chunkOf = new Uint32Array(0);
  private offsetOf = new Uint32Array(0);
  private lengthOf = new Uint32Array(0);
  private shapeOf = new Uint32Array(0);
  private readonly shapes = new RecordShapes();
  private liveBytes = 0;
  private appendedBytes = 0;

  /** Bytes of the records not forgotten (the sum of their whole minified JSON sizes). */
  get byteLength(): number {
    return this.liveBytes;
  }

  /** Bytes the records take in the chunks, forgotten ones included (spare chunk space not). */
  get storedBytes(): number {
    return this.appendedBytes;
  }

  /** Bytes held by the chunks, including forgotten records until the table is rebuilt. */
  get reservedBytes(): number {
    let bytes = 0;
    for (const chunk of this.chunks) bytes += chunk.length;
    return bytes;
  }

  /** Stores `record` as slot `slot` (slots are appended in increasing order). */
  append(slot: number, record: SearchRecord): void {
    const { shape, json } = this.shapes.encode(record);
    // UTF-8 takes at most 3 bytes per UTF-16 code unit: encode in place when that surely fits.
    let chunk = this.chunks.at(-1);
    let length: number;
    if (chunk !== undefined && chunk.length - this.used >= json.length * 3) {
      length = encoder.encodeInto(json, chunk.subarray(this.used)).written;
    } else {
      const bytes = encoder.encode(json);
      length = bytes.length;
      if (chunk === undefined || chunk.length - this.used < length) chunk = this.addChunk(length);
      chunk.set(bytes, this.used);
    }
    this.chunkOf = ensureCapacity(this.chunkOf, slot + 1, (n) => new Uint32Array(n));
    this.offsetOf = ensureCapacity(this.offsetOf, slot + 1, (n) => new Uint32Array(n));
    this.lengthOf = ensureCapacity(this.lengthOf, slot + 1, (n) => new Uint32Array(n));
    this.shapeOf = ensureCapacity(this.shapeOf, slot + 1, (n) => new Uint32Array(n));
    this.chunkOf[slot] = this.chunks.length - 1;
    this.offsetOf[slot] = this.used;
    this.lengthOf[slot] = length;
    this.shapeOf[slot] = shape;
    this.used += length;
    this.appendedBytes += length;
    this.liveBytes += length + this.shapes.keyBytes(shape);
  }

  /** The record of `slot`, decoded (a new object on every call). */
  read(slot: number): SearchRecord {
    const chunk = this.chunks[this.chunkOf[slot] ?? 0];
    const offset = this.offsetOf[slot] ?? 0;
    if (chunk === undefined) throw new RangeError(`No record stored in slot ${slot}`);
    const json = decoder.decode(chunk.subarray(offset, offset + (this.lengthOf[slot] ?? 0)));
    return this.shapes.decode(this.shapeOf[slot] ?? 0, json) as SearchRecord;
  }

  /** Stops counting `slot`'s bytes (they are reclaimed when the table is rebuilt). */
  forget(slot: number): void {
    if ((this.lengthOf[slot] ?? 0) === 0) return;
    this.liveBytes -= (this.lengthOf[slot] ?? 0) + this.shapes.keyBytes(this.shapeOf[slot] ?? 0);
    this.lengthOf[slot] = 0;
  }

  /** Exports the chunks (the last one up to its used bytes) and the first `slots` slots' places. */
  exportBuild(build: BuildWriter, slots: number): void {
    build.json([this.chunks.length, this.liveBytes, this.shapes.exportShapes()]);
    const last = this.chunks.length - 1;
    for (let index = 0; index <= last; index++) {
      const chunk = this.chunks[index] ?? new Uint8Array(0);
      build.u8(index === last ? chunk.subarray(0, this.used) : chunk);
    }
    build.u32(this.chunkOf.subarray(0, slots));
    build.u32(this.offsetOf.subarray(0, slots));
    build.u32(this.lengthOf.subarray(0, slots));
    build.u32(this.shapeOf.subarray(0, slots));
  }

  /** Takes an exported arena of `slots` slots (into an empty arena; the arrays are used as they are). */
  importBuild(build: BuildReader, slots: number): void {
    const [chunks, liveBytes, shapes] = build.json() as [number, number, string[][]];
    this.shapes.importShapes(shapes);
    for (let index = 0; index < chunks; index++) this.chunks.push(build.u8());
    this.used = this.chunks.at(-1)?.length ?? 0;
    this.liveBytes = liveBytes;
    for (const chunk of this.chunks) this.appendedBytes += chunk.length;
    this.chunkOf = build.u32();
    this.offsetOf = build.u32();
    this.lengthOf = build.u32();
    this.shapeOf = build.u32();
    if (
      [this.chunkOf, this.offsetOf, this.lengthOf, this.shapeOf].some(
        (array) => array.length !== slots,
      )
    )
      throw new BuildFormatError('The record arena does not cover every document');
  }

  private addChunk(minimum: number): Uint8Array {
    const previous = this.chunks.at(-1)?.length ?? firstChunk / 2;
    const chunk = new Uint8Array(Math.max(minimum, Math.min(largestChunk, previous * 2)));
    this.chunks.push(chunk);
    this.used = 0;
    return chunk;
  }
}
