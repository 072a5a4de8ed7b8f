import type { FastifyRequest } from 'fastify';

export interface Credentials {
  readonly appId: string | undefined;
  readonly apiKey: string | undefined;
}

/**
 * Reads the app id and API key from headers or the query string; query names match case-insensitively
 * (`x-algolia-api-key`, `X-Algolia-API-Key`, docs/api.md §1.2). Headers win when both are present.
 */
export function readCredentials(request: FastifyRequest): Credentials {
  return {
    appId: readCaller(request, 'x-algolia-application-id'),
    apiKey: readCaller(request, 'x-algolia-api-key'),
  };
}

/** A header or (case-insensitive) query-string value; the first one when repeated. */
export function readCaller(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  const query = request.query;
  if (typeof query !== 'object' || query === null) return undefined;
  for (const [key, value] of Object.entries(query)) {
    if (key.toLowerCase() !== name) continue;
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first !== '') return first;
  }
  return undefined;
}
