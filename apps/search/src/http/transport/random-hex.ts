import { randomFillSync } from 'node:crypto';

/** Random bytes fetched this many at a time: one `randomFillSync` call serves hundreds of ids. */
const poolBytes = 4096;
const pool = Buffer.allocUnsafe(poolBytes);
let offset = poolBytes;

/**
 * `bytes` cryptographically random bytes as hex, drawn from a pool refilled when spent (as `crypto.randomUUID`
 * does): a `randomBytes` call per id cost more than the id is worth on the request path. Each byte is used once.
 */
export function randomHex(bytes: number): string {
  if (bytes > poolBytes) throw new RangeError(`randomHex: at most ${poolBytes} bytes`);
  if (offset + bytes > poolBytes) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}
