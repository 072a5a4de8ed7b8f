import { PassThrough, type Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertJsonDepth } from '../../protocol/json-depth.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';

/** A decompressing stream that reports the compressed byte count, as Fastify's body reader expects. */
type CountingStream = PassThrough & { receivedEncodedLength: number };

/**
 * Makes every request body JSON whatever its `content-type` (browsers send `text/plain`, docs/api.md §1.2) and
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
  if (!hasBody(request)) return payload;
  const inflater = encoding === 'gzip' ? createGunzip() : createInflate();
  const body: CountingStream = Object.assign(new PassThrough(), { receivedEncodedLength: 0 });
  // Nothing may leave an 'error' event without a listener, or the process ends: the body reader stops
  // listening at the body limit, and a route without a body (GET, DELETE) never reads it at all.
  inflater.on('error', (error) => {
    payload.unpipe(inflater);
    body.destroy(
      new SearchApiError(400, `The request body is not valid ${encoding} data: ${error.message}`),
    );
  });
  body.on('error', () => undefined);
  payload.on('data', (chunk: Buffer) => {
    body.receivedEncodedLength += chunk.length;
  });
  payload.on('error', (error) => {
    inflater.destroy();
    body.destroy(error);
  });
  payload.pipe(inflater).pipe(body);
  return body;
}

/** The request announces a body: a chunked one, or a `content-length` above 0 (RFC 9112 §6.3). */
function hasBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * Parses a body as JSON; an empty body is `undefined`.
 * @throws SearchApiError 400 on invalid JSON, or JSON nested deeper than `maxJsonDepth`.
 */
export function parseJsonBody(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  assertJsonDepth(text, 'The request body');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SearchApiError(400, 'Invalid JSON in the request body', { cause: error });
  }
}
