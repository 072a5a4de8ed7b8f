import type { Readable } from 'node:stream';

/** The request body is larger than the route accepts. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/** Reads a request body up to `limitBytes`; stops reading and throws `BodyTooLargeError` past it. */
export async function readBody(stream: Readable, limitBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += part.length;
    if (size > limitBytes) {
      stream.destroy();
      throw new BodyTooLargeError(
        `The request body exceeds ${Math.round(limitBytes / 1024 / 1024)} MB`,
      );
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}
