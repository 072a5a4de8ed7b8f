/**
 * Records stored as their minified JSON in UTF-8, back to back in large byte chunks: about their JSON size in
 * memory instead of a JS object graph per record (a hidden class, property array and string header per value:
 * 2.35× the JSON on the storefront's records, decision 0015), less their top-level keys, kept once per shape
 * ({@link RecordShapes}), and less the values a record shares with the record stored before it in full under
 * the same shape (its **base**): the variants of one product (one record per colour) repeat its descriptions,
 * categories and related products, ~40 % of the storefront's bytes (decision 0025). Such a record is stored
 * as `[mask, v0, v1, …]` where bit `i` of `mask` says that value `i` is its base's (written `0` here). A record
 * is decoded only where a whole record is needed (the hits of a page, `getObject`, browse, a rebuild): one
 * `JSON.parse`, two for a record with a base.
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

/** Values whose JSON is shorter than this are always written out (a reference costs a mask bit and a `0`). */
const shortestShared = 8;
/**
 * A record takes a base only when that spares at least this many characters and half of its own; else it is
 * stored in full and becomes the base of the next ones (the first variant of the next product, not a third of
 * its values shared with the previous product's).
 */
const leastSaved = 64;
/** Values a mask can name (a JSON number is exact up to 2⁵³). */
const maskBits = 53;

/** The last record of a shape stored in full: its slot and its values' JSON. */
interface Base {
  readonly slot: number;
  readonly values: readonly string[];
}

/** UTF-8 bytes of `text` (without encoding it). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Encoded records by slot number (a document number): append, read, forget. */
export class RecordArena {
  private readonly chunks: Uint8Array[] = [];
  /** Bytes used in the last chunk. */
  private used = 0;
  private chunkOf = new Uint32Array(0);
  private offsetOf = new Uint32Array(0);
  private lengthOf = new Uint32Array(0);
  private shapeOf = new Uint32Array(0);
  /** Slot + 1 of the record's base (0: stored in full). */
  private baseOf = new Uint32Array(0);
  /** The record's whole minified JSON size in bytes, 0 once forgotten. */
  private sizeOf = new Uint32Array(0);
  private readonly shapes = new RecordShapes();
  /** By shape: the last record stored in full (records in between may take it as their base). */
  private readonly bases = new Map<number, Base>();
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
    const encoded = this.shapes.encode(record);
    const { shape } = encoded;
    let json: string;
    let base = 0;
    let size: number;
    if ('json' in encoded) {
      json = encoded.json;
      size = utf8Length(json);
    } else {
      const { values } = encoded;
      const previous = this.bases.get(shape);
      const mask = previous === undefined ? 0 : sharedMask(values, previous.values);
      if (mask === 0) {
        json = `[${values.join(',')}]`;
        this.bases.set(shape, { slot, values });
      } else {
        let written = `[${mask}`;
        for (let index = 0; index < values.length; index++)
          written += index < maskBits && (mask / 2 ** index) % 2 >= 1 ? ',0' : `,${values[index]}`;
        json = `${written}]`;
        base = (previous?.slot ?? 0) + 1;
      }
      // `{"key":value,…}`: the keys' bytes (quotes and colons) plus the array's.
      size = this.shapes.keyBytes(shape) + (values.length === 0 ? 2 : 1);
      for (const value of values) size += utf8Length(value) + 1;
    }
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
    this.baseOf = ensureCapacity(this.baseOf, slot + 1, (n) => new Uint32Array(n));
    this.sizeOf = ensureCapacity(this.sizeOf, slot + 1, (n) => new Uint32Array(n));
    this.chunkOf[slot] = this.chunks.length - 1;
    this.offsetOf[slot] = this.used;
    this.lengthOf[slot] = length;
    this.shapeOf[slot] = shape;
    this.baseOf[slot] = base;
    this.sizeOf[slot] = size;
    this.used += length;
    this.appendedBytes += length;
    this.liveBytes += size;
  }

  /** The record of `slot`, decoded (a new object on every call). */
  read(slot: number): SearchRecord {
    const shape = this.shapeOf[slot] ?? 0;
    const base = this.baseOf[slot] ?? 0;
    if (base === 0) return this.shapes.decode(shape, this.json(slot)) as SearchRecord;
    const [mask = 0, ...values] = JSON.parse(this.json(slot)) as unknown[];
    const shared = JSON.parse(this.json(base - 1)) as unknown[];
    for (let index = 0; index < maskBits && index < values.length; index++)
      if ((Number(mask) / 2 ** index) % 2 >= 1) values[index] = shared[index];
    return this.shapes.assemble(shape, values) as SearchRecord;
  }

  /** Stops counting `slot`'s bytes (they are reclaimed when the table is rebuilt; a base stays readable). */
  forget(slot: number): void {
    this.liveBytes -= this.sizeOf[slot] ?? 0;
    this.sizeOf[slot] = 0;
  }

  private json(slot: number): string {
    const chunk = this.chunks[this.chunkOf[slot] ?? 0];
    const offset = this.offsetOf[slot] ?? 0;
    if (chunk === undefined) throw new RangeError(`No record stored in slot ${slot}`);
    return decoder.decode(chunk.subarray(offset, offset + (this.lengthOf[slot] ?? 0)));
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
    build.u32(this.baseOf.subarray(0, slots));
    build.u32(this.sizeOf.subarray(0, slots));
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
    this.baseOf = build.u32();
    this.sizeOf = build.u32();
    if (
      [this.chunkOf, this.offsetOf, this.lengthOf, this.shapeOf, this.baseOf, this.sizeOf].some(
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

/**
 * Bit `i` set for each value `i` (below {@link maskBits}) equal to the base's and long enough to be worth a
 * reference; 0 when all of them together spare fewer than {@link leastSaved} characters or half the record's.
 */
function sharedMask(values: readonly string[], base: readonly string[]): number {
  let mask = 0;
  let saved = 0;
  let total = 0;
  for (const value of values) total += value.length + 1;
  const count = Math.min(values.length, base.length, maskBits);
  for (let index = 0; index < count; index++) {
    const value = values[index] ?? '';
    if (value.length < shortestShared || value !== base[index]) continue;
    mask += 2 ** index;
    saved += value.length - 1;
  }
  return saved >= leastSaved && saved * 2 >= total ? mask : 0;
}
