import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseForm } from 'node:querystring';
import { BodyTooLargeError, readBody } from './read-body.ts';

/** A body the route cannot read: answered with `{message, status}` before the route runs. */
export class RequestBodyError extends Error {
  override readonly name = 'RequestBodyError';
  readonly status: 400 | 413 | 415;

  constructor(status: 400 | 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Reads and parses a request body as Next's own body parser does (JSON for `application/json`, an object for
 * a form, the text otherwise; an empty JSON body is `{}`), but refuses what it cannot read with an error the
 * route answers in JSON, where Next answers in plain text (`Invalid JSON`): a compressed body (415: the
 * storefront's own pages never compress what they send), one over `limitBytes` (413), JSON that does not parse
 * or a body cut short (400).
 */
export async function parseRequestBody(
  request: IncomingMessage,
  limitBytes: number,
): Promise<unknown> {
  const encoding = (request.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') {
    throw new RequestBodyError(415, 'Send the body uncompressed (no Content-Encoding)');
  }
  let bytes: Buffer;
  try {
    bytes = await readBody(request, limitBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new RequestBodyError(413, error.message);
    throw new RequestBodyError(400, 'The body could not be read');
  }
  const text = bytes.toString('utf8');
  const type = mediaType(request.headers['content-type']);
  if (type === 'application/json' || type === 'application/ld+json') {
    if (text === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RequestBodyError(400, 'The body is not valid JSON');
    }
  }
  if (type === 'application/x-www-form-urlencoded') return { ...parseForm(text) };
  return text;
}

/** `application/json; charset=utf-8` → `application/json`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

type BodyHandler<Request extends IncomingMessage, Response extends ServerResponse> = (
  request: Request,
  response: Response,
  body: unknown,
) => Promise<void> | void;

/**
 * A Next API route (declare `export const config = { api: { bodyParser: false } }`) whose handler gets the parsed
 * body; a body it cannot read is answered `{message, status}`. GET, HEAD and OPTIONS carry no body to read.
 */
export function withParsedBody<Request extends IncomingMessage, Response extends ServerResponse>(
  limitBytes: number,
  handler: BodyHandler<Request, Response>,
) {
  return async (request: Request, response: Response): Promise<void> => {
    let body: unknown;
    try {
      body = ['GET', 'HEAD', 'OPTIONS'].includes(request.method ?? '')
        ? undefined
        : await parseRequestBody(request, limitBytes);
    } catch (error) {
      if (!(error instanceof RequestBodyError)) throw error;
      response.writeHead(error.status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify({ message: error.message, status: error.status }));
      return;
    }
    await handler(request, response, body);
  };
}
