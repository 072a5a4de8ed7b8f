import type { Readable, Transform } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SearchApiError } from '../../protocol/search-api-error.ts';

/** A decompressing stream that reports the compressed byte count, as Fastify's body reader expects. */
type CountingStream = Transform & { receivedEncodedLength: number };

/**
 * Makes every request body JSON whatever its `content-type` (browsers send `text/plain`, PROTOCOL.md §1.2) and
 * inflates `content-encoding: gzip`/`deflate` bodies. The route's `bodyLimit` applies to the inflated size, so a
 * small compressed bomb is still refused with 413.
 */
export function registerRequestBody(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => inflate(request, payload));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

function inflate(request: FastifyRequest, payload: Readable): Readable {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return payload;
  if (encoding !== 'gzip' && encoding !== 'deflate') {
    throw new SearchApiError(
      400,
      `Unsupported content-encoding ${encoding}: send gzip, deflate or identity`,
    );
  }
  const inflater: CountingStream = Object.assign(
    encoding === 'gzip' ? createGunzip() : createInflate(),
    {
      receivedEncodedLength: 0,
    },
  );
  payload.on('data', (chunk: Buffer) => {
    inflater.receivedEncodedLength += chunk.length;
  });
  payload.on('error', (error) => inflater.destroy(error));
  payload.pipe(inflater);
  return inflater;
}

/**
 * Parses a body as JSON; an empty body is `undefined`.
 * @throws SearchApiError 400 on invalid JSON.
 */
export function parseJsonBody(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SearchApiError(400, 'Invalid JSON in the request body', { cause: error });
  }
}
