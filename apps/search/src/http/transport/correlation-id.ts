import type { FastifyInstance } from 'fastify';
import { readCaller } from './credentials.ts';
import { randomHex } from './random-hex.ts';

/**
 * Every response carries `Correlation-ID` (docs/api.md §1.2): a fresh id, plus the caller's request id
 * (`x-algolia-request-id` query parameter or `request-id` header) when it sent a sane one.
 */
export function registerCorrelationId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const requestId =
      readCaller(request, 'x-algolia-request-id') ?? readCaller(request, 'request-id');
    const own = randomHex(8);
    const suffix = requestId && /^[A-Za-z0-9_-]{1,64}$/.test(requestId) ? `-${requestId}` : '';
    reply.header('correlation-id', `${own}${suffix}`);
  });
}
