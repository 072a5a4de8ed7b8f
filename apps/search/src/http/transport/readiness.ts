import type { FastifyInstance } from 'fastify';
import type { SearchService } from '../../indices/search-service.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';

/** Until the indices are rebuilt from the store, every API route answers 503 (health and preflight excepted). */
export function registerReadiness(app: FastifyInstance, service: SearchService): void {
  app.addHook('onRequest', async (request) => {
    if (service.state === 'ready' || request.routeOptions.config.access === undefined) return;
    throw new SearchApiError(
      503,
      'The search service is starting: the indices are being loaded, retry shortly',
    );
  });
}
