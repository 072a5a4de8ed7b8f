/**
 * A gzip body put together from pieces, some compressed ahead of time. A search answer repeated from the cache
 * is the same 10–20 kB of JSON but for a few per-call fields (answer-json.ts): compressing it again for every
 * call was a sixth of a cached call's CPU. Every answer sent gzipped is compressed on its own, once (raw
 * deflate ending in a full flush: byte-aligned, not final, with no back-reference outside itself), so that
 * deflate streams can follow one another and the cache can keep them; the per-call text between them goes in
 * stored (uncompressed) blocks, and the gzip trailer's CRC-32 of the whole text is combined from the pieces'
 * CRCs (zlib's `crc32_combine`).
 * RFC 1951 §3.2.4 (stored blocks), RFC 1952 (gzip member).
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** Below this size (in characters of the stored answers) a body goes out uncompressed, as @fastify/compress
 * leaves bodies under its default threshold of 1,024 bytes; an answer this small is not compressed ahead either. */
export const compressFrom = 1024;

/** Text compressed on its own, with what the gzip trailer needs of it. */
export interface DeflatedText {
  /** Raw deflate blocks ending in a full flush (never a final block), in a buffer of their own size. */
  readonly bytes: Buffer;
  /** CRC-32 of the text's UTF-8 bytes. */
  readonly crc: number;
  /** Its UTF-8 byte length. */
  readonly size: number;
}

/**
 * Compresses `text` as a piece that can sit anywhere in a gzip body (level 1, as the service's responses), with
 * a window no larger than the text needs (the same bytes, a smaller zlib state to set up: ~15 % faster on a
 * 4 kB answer).
 */
export function deflateText(text: string): DeflatedText {
  const bytes = Buffer.from(text);
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes.length + 262))));
  const deflated = deflateRawSync(bytes, {
    level: 1,
    windowBits,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  // zlib's output is a view into its 16 kB working buffer: a copy of its own size, so that a cached answer
  // keeps ~1 kB and not the whole buffer.
  const own = Buffer.allocUnsafeSlow(deflated.length);
  deflated.copy(own);
  return {
    bytes: own,
    crc: crc32(bytes),
    size: bytes.length,
  };
}

/** The piece's text again (for a client that does not take gzip). */
export function inflateText(piece: DeflatedText): string {
  return inflateRawSync(piece.bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
}

/** gzip header: magic, deflate, no flags, no time, no extra flags, OS unknown. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes (BFINAL 1, BTYPE 01, end of block): ends the deflate stream. */
const finalBlock = Buffer.from([0x03, 0x00]);
/** Largest stored block (its length is 16 bits). */
const maxStored = 0xffff;

/** `bytes` as stored deflate blocks (the stream is byte-aligned before each). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += maxStored) {
    const chunk = bytes.subarray(start, Math.min(bytes.length, start + maxStored));
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** One gzip member whose text is the pieces' text, in order. */
export function gzipOf(pieces: readonly (string | DeflatedText)[]): Buffer {
  const parts: Buffer[] = [gzipHeader];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      if (piece.length === 0) continue;
      const bytes = Buffer.from(piece);
      parts.push(...storedBlocks(bytes));
      crc = crc32(bytes, crc);
      size += bytes.length;
    } else {
      parts.push(piece.bytes);
      crc = crc32Combine(crc, piece.crc, piece.size);
      size += piece.size;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(finalBlock, trailer);
  return Buffer.concat(parts);
}

/** A GF(2) 32×32 matrix (one row per bit) times a 32-bit vector. */
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let row = 0; vector !== 0; row++, vector >>>= 1) if (vector & 1) sum ^= matrix[row] ?? 0;
  return sum >>> 0;
}

/**
 * GF(2) 32×32 matrices that append 2^k zero bytes to a CRC-32's message (k = 0…31), as in zlib's
 * `crc32_combine`: computed once.
 */
const zeroBytesOperators: readonly Uint32Array[] = (() => {
  const square = (matrix: Uint32Array): Uint32Array =>
    Uint32Array.from(matrix, (row) => gf2Times(matrix, row));
  // One zero bit: the reflected polynomial, then a shift.
  let operator: Uint32Array = new Uint32Array(32);
  operator[0] = 0xedb88320;
  for (let row = 1; row < 32; row++) operator[row] = (1 << (row - 1)) >>> 0;
  for (let bits = 0; bits < 3; bits++) operator = square(operator); // 8 zero bits: one byte
  const operators: Uint32Array[] = [];
  for (let k = 0; k < 32; k++) {
    operators.push(operator);
    operator = square(operator);
  }
  return operators;
})();

/** The CRC-32 of `a + b` from `crcA`, `crcB` and the length of `b` in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let crc = crcA >>> 0;
  for (let k = 0, length = lengthB; length > 0; k++, length = Math.floor(length / 2)) {
    if (length % 2 === 0) continue;
    crc = gf2Times(zeroBytesOperators[k] as Uint32Array, crc);
  }
  return (crc ^ crcB) >>> 0;
}
