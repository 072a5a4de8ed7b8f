import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS on every answer, errors included, and preflights answered with 204 (docs/api.md §1.3).
 * @param origins - allowed origins; `'*'` allows any (credentials are never cookies).
 */
export async function registerCors(
  app: FastifyInstance,
  origins: readonly string[] | '*',
): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    origin: origins === '*' ? '*' : [...origins],
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'content-type',
      'accept',
      'x-algolia-application-id',
      'x-algolia-api-key',
      'x-algolia-agent',
      'request-id',
      'content-encoding',
    ],
    exposedHeaders: ['Retry-After', 'Correlation-ID'],
    maxAge: 86_400,
    strictPreflight: false,
    preflight: true,
  });
}
