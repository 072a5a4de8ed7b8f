import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QueryError } from '../../engine/index.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { RateLimitError } from '../limits/rate-limiter.ts';

/** Algolia's error body (docs/api.md §1.6). */
export interface ErrorBody {
  readonly message: string;
  readonly status: number;
}

const fastifyMessages: { readonly [code: string]: string } = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request Entity Too Large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Media Type',
  FST_ERR_BAD_URL: 'Bad Request: the path is not valid percent-encoded UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: 'URI Too Long: a path segment is over 1,024 characters',
};

/**
 * Renders every error as `{ message, status }`: `SearchApiError` and the engine's `QueryError` as they are,
 * Fastify's own 4xx (body limit, bad content length, validation, not found) with their status, anything else as
 * a logged, generic 500 that leaks no stack. Retry-After is set for 429s.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    if (body.status === 429) {
      const seconds = error instanceof RateLimitError ? error.retryAfterSeconds : 1;
      reply.header('retry-after', String(seconds));
    }
    void reply.status(body.status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      message: `Route not found: ${request.method} ${request.url.split('?')[0] ?? ''}`,
      status: 404,
    } satisfies ErrorBody);
  });
}

/** Maps any thrown value to the Algolia error body. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof SearchApiError) return { message: error.message, status: error.status };
  if (error instanceof QueryError) return { message: error.message, status: 400 };
  const fastifyError = error as Partial<FastifyError> | undefined;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = fastifyError?.code ?? '';
    return { message: fastifyMessages[code] ?? fastifyError?.message ?? 'Bad Request', status };
  }
  return { message: 'Internal server error', status: 500 };
}

/**
 * Answers a request Fastify's router refused before any hook ran (a path segment over the router's length cap,
 * a path that does not decode) with the Algolia error body.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body = toErrorBody(error);
  void reply.status(body.status).header('x-content-type-options', 'nosniff').send(body);
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (bad chunk sizes, both `transfer-encoding`
 * and `content-length`, an unknown method, headers too large) with the Algolia error body, then closes the
 * connection (the rest of its bytes cannot be trusted).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body = clientErrorBody(error.code);
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${body.status} ${body.message}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

function clientErrorBody(code: string | undefined): ErrorBody {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { message: 'Request Timeout', status: 408 };
  if (code === 'HPE_HEADER_OVERFLOW')
    return { message: 'Request Header Fields Too Large', status: 431 };
  return { message: 'Bad Request', status: 400 };
}
