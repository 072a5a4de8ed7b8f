import type { FastifyRequest } from 'fastify';
import { noConstraints, type SearchConstraints } from '../../search/prepare-search.ts';
import { assertIndexAllowed, forcedSearchParams } from './authenticate.ts';

/** The key's constraints for a search request (forced parameters, filters, caps). */
export function constraintsOf(request: FastifyRequest): SearchConstraints {
  return request.auth ? forcedSearchParams(request.auth) : noConstraints;
}

/** @throws SearchApiError 403 when the key may not read `indexName`. */
export function checkIndex(request: FastifyRequest, indexName: string): void {
  if (request.auth) assertIndexAllowed(request.auth, indexName);
}
