import type { FastifyError, FastifyInstance } from 'fastify';
import { QueryError } from '../../engine/index.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { RateLimitError } from '../limits/rate-limiter.ts';

/** Algolia's error body (PROTOCOL.md §1.6). */
export interface ErrorBody {
  readonly message: string;
  readonly status: number;
}

const fastifyMessages: { readonly [code: string]: string } = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request Entity Too Large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Media Type',
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
