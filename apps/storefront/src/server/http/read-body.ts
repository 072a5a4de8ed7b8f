import type { Readable } from 'node:stream';

/** The request body is larger than the route accepts. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/**
 * What is read and dropped past the limit before the answer: a server that closes a connection with unread
 * data resets it, and the client then never reads the 413. A body larger still is cut off.
 */
const drainedBytes = 1024 * 1024;

/**
 * Reads a request body up to `limitBytes`; throws `BodyTooLargeError` past it, once the rest is read and
 * dropped (up to 1 MB more; the stream is destroyed beyond).
 */
export async function readBody(stream: Readable, limitBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += part.length;
    if (size > limitBytes + drainedBytes) break; // leaving the loop destroys the stream
    if (size <= limitBytes) parts.push(part);
  }
  if (size > limitBytes)
    throw new BodyTooLargeError(`The request body exceeds ${sizeText(limitBytes)}`);
  return Buffer.concat(parts);
}

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}
