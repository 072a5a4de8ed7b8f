/**
 * The persisted build's file: the engines' exported parts (engine/build/engine-build.ts) behind a header, with a
 * CRC-32 of every byte in a trailer. Written under a temporary name and renamed once complete and flushed, so a
 * reader sees a whole file or none; read part by part straight into the typed arrays the engine keeps.
 *
 * Layout (little-endian): `VTRNBLD\n`, format version (u32), header length (u32), header JSON, then each part as
 * kind (u32), 0 (u32), byte length (u32 low, u32 high), bytes, zeros up to a multiple of 8; then the trailer:
 * CRC-32 of everything before it (u32), 0 (u32), `VTRNEND\n`.
 */
import { open, rename, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { ExportedPart, ImportedPart } from '../../engine/index.ts';

/** Bump on any change to the layout above. */
export const snapshotFormatVersion = 1;

const startMagic = Buffer.from('VTRNBLD\n');
const endMagic = Buffer.from('VTRNEND\n');
const kinds = { json: 1, u8: 2, u32: 3, f64: 4 } as const;
const kindNames = ['', 'json', 'u8', 'u32', 'f64'] as const;
/**
 * Bytes gathered before one write call: filling it copies up to hundreds of thousands of short postings lists, so
 * it stays small enough for one fill to be a short step.
 */
const bufferBytes = 1024 * 1024;
/** The largest piece of a large array written at once (from where it is, no copy). */
const writeChunk = 8 * 1024 * 1024;
const largestRead = 1024 * 1024 * 1024;

/** What a snapshot says about itself, read before its parts. */
export interface SnapshotHeader {
  readonly engineVersion: number;
  /** The store's latest task when the build was taken (the build holds exactly the writes up to it). */
  readonly stamp: { readonly taskID: number; readonly at: string };
  /** Each exported index, in file order, with its number of parts. */
  readonly indices: readonly { readonly name: string; readonly parts: number }[];
}

/** The parts of one index to write. */
export interface IndexParts {
  readonly name: string;
  readonly parts: readonly ExportedPart[];
}

/** The reason given when there is no file. */
export const noFile = 'there is none';

/** A snapshot that cannot be used, and why (logged; the indices are then rebuilt from the store). */
export class UnusableSnapshot extends Error {
  override readonly name = 'UnusableSnapshot';
}

export interface WriteOutcome {
  readonly bytes: number;
  /** The longest stretch of work between two writes to the file (the event loop is given back at each write). */
  readonly longestStepMS: number;
}

/**
 * Writes `indices` to `path` (through `path.tmp`). Gives the event loop back after every write call (1 MB of short parts, or 8 MB of a large array); stops
 * and removes the temporary file as soon as `stale()` turns true (the indices changed: the parts no longer match).
 * @returns the file's size, or `undefined` when it stopped.
 */
export async function writeSnapshotFile(
  path: string,
  header: Omit<SnapshotHeader, 'indices'>,
  indices: readonly IndexParts[],
  stale: () => boolean,
): Promise<WriteOutcome | undefined> {
  const temporary = `${path}.tmp`;
  const file = await open(temporary, 'w');
  const writer = new ChecksummedWriter(file);
  let complete = false;
  try {
    const described = indices.map(({ name, parts }) => ({ name, parts: storedPartCount(parts) }));
    const headerBytes = Buffer.from(JSON.stringify({ ...header, indices: described }));
    const start = Buffer.alloc(16);
    startMagic.copy(start, 0);
    start.writeUInt32LE(snapshotFormatVersion, 8);
    start.writeUInt32LE(headerBytes.length, 12);
    await writer.put(start);
    await writer.put(headerBytes);
    await writer.pad();
    for (const { parts } of indices)
      for (const part of parts) {
        if (stale()) return undefined;
        await writePart(writer, part);
      }
    if (stale()) return undefined;
    await writer.flush();
    const trailer = Buffer.alloc(16);
    trailer.writeUInt32LE(writer.checksum, 0);
    endMagic.copy(trailer, 8);
    await file.write(trailer);
    await file.sync();
    complete = true;
    return { bytes: writer.position + trailer.length, longestStepMS: writer.longestStepMS };
  } finally {
    await file.close();
    if (complete) await rename(temporary, path);
    else await rm(temporary, { force: true });
  }
}

/**
 * Reads a snapshot. `accept` sees the header first and names what makes it unusable (stale, another version), so a
 * stale file is refused without reading its parts.
 * @throws UnusableSnapshot when the file is missing, truncated, damaged or refused by `accept`.
 */
export async function readSnapshotFile(
  path: string,
  accept: (header: SnapshotHeader) => string | undefined,
): Promise<{ header: SnapshotHeader; indices: Map<string, ImportedPart[]> }> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new UnusableSnapshot(error.code === 'ENOENT' ? noFile : error.message);
  });
  try {
    const { size } = await file.stat();
    const reader = new ChecksummedReader(file, size - 16);
    const start = await reader.bytes(16);
    if (!start.subarray(0, 8).equals(startMagic)) throw new UnusableSnapshot('not a snapshot file');
    const version = start.readUInt32LE(8);
    if (version !== snapshotFormatVersion)
      throw new UnusableSnapshot(`file format ${version}, not ${snapshotFormatVersion}`);
    const header = JSON.parse(
      (await reader.bytes(start.readUInt32LE(12))).toString(),
    ) as SnapshotHeader;
    await reader.pad();
    const refusal = accept(header);
    if (refusal !== undefined) throw new UnusableSnapshot(refusal);
    const trailer = Buffer.alloc(16);
    await file.read(trailer, 0, 16, size - 16);
    if (!trailer.subarray(8).equals(endMagic)) throw new UnusableSnapshot('the file is truncated');
    const indices = new Map<string, ImportedPart[]>();
    for (const { name, parts } of header.indices) {
      const read: ImportedPart[] = [];
      for (let i = 0; i < parts; i++) read.push(await readPart(reader));
      indices.set(name, read);
    }
    if (reader.position !== size - 16) throw new UnusableSnapshot('the file has trailing bytes');
    if (reader.checksum !== trailer.readUInt32LE(0))
      throw new UnusableSnapshot('its checksum does not match: the file is damaged');
    return { header, indices };
  } finally {
    await file.close();
  }
}

function storedPartCount(parts: readonly ExportedPart[]): number {
  return parts.reduce((count, part) => count + (part.kind === 'u32-lists' ? 2 : 1), 0);
}

async function writePart(writer: ChecksummedWriter, part: ExportedPart): Promise<void> {
  switch (part.kind) {
    case 'json': {
      const pieces = await jsonPieces(part.value, writer);
      await writer.partHeader(
        kinds.json,
        pieces.reduce((sum, piece) => sum + piece.length, 0),
      );
      for (const piece of pieces) await writer.put(piece);
      break;
    }
    case 'u8':
    case 'u32':
    case 'f64':
      await writer.partHeader(kinds[part.kind], part.array.byteLength);
      await writer.put(part.array);
      break;
    case 'u32-lists': {
      await writer.partHeader(kinds.u32, part.lengths.byteLength);
      await writer.put(part.lengths);
      await writer.pad();
      let values = 0;
      for (const length of part.lengths) values += length;
      await writer.partHeader(kinds.u32, values * 4);
      for (let i = 0; i < part.lists.length; i++) {
        const list = part.lists[i]?.buffer.subarray(0, part.lengths[i]);
        // Hundreds of thousands of short lists: copied without a promise each until the buffer is full.
        if (list !== undefined && !writer.buffered(list)) await writer.put(list);
      }
      break;
    }
  }
  await writer.pad();
}

/** Elements of a long array stringified at once (the objectIDs, the dictionary's words). */
const jsonSlice = 20_000;

/**
 * The JSON of `value`; a long array is stringified a slice at a time with the event loop given back between
 * slices (a dictionary of a million words would otherwise be one long stall).
 */
async function jsonPieces(value: unknown, writer: ChecksummedWriter): Promise<Buffer[]> {
  if (!Array.isArray(value) || value.length <= jsonSlice)
    return [Buffer.from(JSON.stringify(value) ?? 'null')];
  const pieces = [Buffer.from('[')];
  for (let start = 0; start < value.length; start += jsonSlice) {
    const slice = JSON.stringify(value.slice(start, start + jsonSlice));
    pieces.push(Buffer.from(`${start === 0 ? '' : ','}${slice.slice(1, -1)}`));
    await writer.pause();
  }
  pieces.push(Buffer.from(']'));
  return pieces;
}

async function readPart(reader: ChecksummedReader): Promise<ImportedPart> {
  const head = await reader.bytes(16);
  const kind = kindNames[head.readUInt32LE(0)];
  const byteLength = head.readUInt32LE(8) + head.readUInt32LE(12) * 2 ** 32;
  if (kind === undefined || kind === '' || byteLength > reader.remaining)
    throw new UnusableSnapshot('a part is damaged');
  let part: ImportedPart;
  if (kind === 'json') {
    part = { kind, value: JSON.parse((await reader.bytes(byteLength)).toString()) };
  } else if (kind === 'u8') {
    const array = new Uint8Array(byteLength);
    await reader.into(array);
    part = { kind, array };
  } else {
    const size = kind === 'u32' ? 4 : 8;
    if (byteLength % size !== 0) throw new UnusableSnapshot('a part is damaged');
    const array =
      kind === 'u32' ? new Uint32Array(byteLength / 4) : new Float64Array(byteLength / 8);
    await reader.into(new Uint8Array(array.buffer));
    part =
      kind === 'u32'
        ? { kind, array: array as Uint32Array<ArrayBuffer> }
        : { kind, array: array as Float64Array<ArrayBuffer> };
  }
  await reader.pad();
  return part;
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/** Sequential writes through a 1 MB buffer (large arrays written from where they are), with the running CRC-32. */
class ChecksummedWriter {
  readonly #file: FileHandle;
  readonly #buffer = Buffer.alloc(bufferBytes);
  #used = 0;
  position = 0;
  checksum = 0;
  longestStepMS = 0;
  #resumedAt = performance.now();

  constructor(file: FileHandle) {
    this.#file = file;
  }

  /** Gives the event loop a turn. */
  async pause(): Promise<void> {
    this.longestStepMS = Math.max(this.longestStepMS, performance.now() - this.#resumedAt);
    await new Promise((resolve) => setImmediate(resolve));
    this.#resumedAt = performance.now();
  }

  /** Writes to the file: the event loop runs other work meanwhile. */
  async #write(bytes: Uint8Array): Promise<void> {
    this.longestStepMS = Math.max(this.longestStepMS, performance.now() - this.#resumedAt);
    await this.#file.write(bytes);
    this.#resumedAt = performance.now();
  }

  async partHeader(kind: number, byteLength: number): Promise<void> {
    const head = Buffer.alloc(16);
    head.writeUInt32LE(kind, 0);
    head.writeUInt32LE(byteLength % 2 ** 32, 8);
    head.writeUInt32LE(Math.floor(byteLength / 2 ** 32), 12);
    await this.put(head);
  }

  /** Appends the bytes of a short `view` when the buffer has room for them; false (nothing done) otherwise. */
  buffered(view: Uint32Array): boolean {
    if (this.#used + view.byteLength > this.#buffer.length || view.byteLength >= bufferBytes / 2)
      return false;
    this.#buffer.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), this.#used);
    this.#used += view.byteLength;
    return true;
  }

  /** Appends the bytes of `view` (large ones written from where they are, 8 MB at a time). */
  async put(view: ArrayBufferView): Promise<void> {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    if (bytes.length >= bufferBytes / 2) {
      await this.flush();
      for (let at = 0; at < bytes.length; at += writeChunk) {
        const piece = bytes.subarray(at, at + writeChunk);
        this.checksum = crc32(piece, this.checksum);
        await this.#write(piece);
        this.position += piece.length;
      }
      return;
    }
    if (this.#used + bytes.length > this.#buffer.length) await this.flush();
    this.#buffer.set(bytes, this.#used);
    this.#used += bytes.length;
  }

  /** Zeros up to the next multiple of 8. */
  async pad(): Promise<void> {
    const end = this.position + this.#used;
    if (end % 8 !== 0) await this.put(new Uint8Array(8 - (end % 8)));
  }

  async flush(): Promise<void> {
    if (this.#used === 0) return;
    const pending = this.#buffer.subarray(0, this.#used);
    this.checksum = crc32(pending, this.checksum);
    await this.#write(pending);
    this.position += this.#used;
    this.#used = 0;
  }
}

/** Sequential reads up to `end`, with the running CRC-32. */
class ChecksummedReader {
  readonly #file: FileHandle;
  readonly #end: number;
  position = 0;
  checksum = 0;

  constructor(file: FileHandle, end: number) {
    this.#file = file;
    this.#end = end;
  }

  get remaining(): number {
    return this.#end - this.position;
  }

  async bytes(length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    await this.into(buffer);
    return buffer;
  }

  async into(target: Uint8Array): Promise<void> {
    if (target.length > this.remaining) throw new UnusableSnapshot('the file is truncated');
    for (let at = 0; at < target.length; ) {
      const piece = target.subarray(at, at + largestRead);
      const { bytesRead } = await this.#file.read(piece, 0, piece.length, this.position);
      if (bytesRead === 0) throw new UnusableSnapshot('the file is truncated');
      this.checksum = crc32(piece.subarray(0, bytesRead), this.checksum);
      this.position += bytesRead;
      at += bytesRead;
    }
  }

  async pad(): Promise<void> {
    if (this.position % 8 !== 0) await this.bytes(8 - (this.position % 8));
  }
}
