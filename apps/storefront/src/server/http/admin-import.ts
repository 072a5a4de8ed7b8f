import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { formatOf } from '../catalogue/catalogue-records.ts';
import type {
  CatalogueSource,
  ImportOptions,
  ImportOutcome,
} from '../catalogue/import-catalogue.ts';

export interface AdminImportRequest {
  readonly method: string | undefined;
  /** The path and query (`/api/admin/import?replace=1`). */
  readonly url: string | undefined;
  readonly headers: IncomingHttpHeaders;
  /** The body, read as the import goes (never held whole in memory). */
  readonly body: AsyncIterable<Uint8Array | string>;
}

export interface AdminImportDependencies {
  readonly adminKey: string | undefined;
  readonly importCatalogue: (
    source: CatalogueSource,
    options: ImportOptions,
  ) => Promise<ImportOutcome>;
}

export interface JsonReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/**
 * `POST /api/admin/import[?replace=1]`: body a JSON array of products, `{"products": [...]}`
 * (`application/json`) or one product per line (`application/x-ndjson`), streamed: any size, memory
 * bounded. `Authorization: Bearer <admin key>`. Same-origin or non-browser callers only. Answers 200 with
 * what was imported, 400 `{message, code, params, errors: [{position, line, path, reason, code, params}]}`
 * when any record is invalid or the body is not JSON (and then nothing is applied), 409 `{message, code,
 * params}` on a slug or SKU conflict (the codes: `@vitrine/catalogue/record-reasons`). With
 * `replace=1` the stored products the body does not hold are removed.
 */
export async function handleAdminImport(
  request: AdminImportRequest,
  dependencies: AdminImportDependencies,
): Promise<JsonReply> {
  if (request.method !== 'POST') {
    return {
      status: 405,
      headers: { allow: 'POST' },
      body: { message: 'Use POST to import a catalogue' },
    };
  }
  if (isCrossOrigin(request.headers)) {
    return { status: 403, body: { message: 'Cross-origin requests cannot import a catalogue' } };
  }
  if (dependencies.adminKey === undefined) {
    return {
      status: 503,
      body: {
        message:
          'No admin key is configured: set VITRINE_ADMIN_KEY or start the search service first',
        code: 'upload.noAdminKey',
      },
    };
  }
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  if (token === undefined) {
    return {
      status: 401,
      headers: { 'www-authenticate': 'Bearer' },
      body: { message: 'Send the admin key as "Authorization: Bearer <key>"' },
    };
  }
  if (!sameSecret(token, dependencies.adminKey))
    return { status: 403, body: { message: 'Invalid admin key' } };
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  if (!/^application\/(json|x-ndjson|jsonl)/.test(contentType)) {
    return {
      status: 415,
      body: {
        message: 'Send the catalogue as application/json or application/x-ndjson',
        code: 'upload.unsupportedType',
      },
    };
  }
  const replace = new URL(request.url ?? '/', 'http://storefront').searchParams.get('replace');
  const outcome = await dependencies.importCatalogue(
    { chunks: request.body, format: formatOf(contentType) },
    { replace: replace === '1' || replace === 'true' },
  );
  switch (outcome.status) {
    case 'invalid':
      return { status: 400, body: { ...problemOf(outcome), errors: outcome.errors } };
    case 'conflict':
      return { status: 409, body: problemOf(outcome) };
    case 'imported':
      return { status: 200, body: outcome };
  }
}

/** The refusal's English message, with its code and parameters for a console to translate. */
function problemOf(outcome: Extract<ImportOutcome, { status: 'invalid' | 'conflict' }>) {
  return { message: outcome.message, code: outcome.problem.code, params: outcome.problem.params };
}

/**
 * A browser announces where a request comes from (`Origin`, `Sec-Fetch-Site`); a request from another
 * site is refused even with the right key. Command-line clients send neither header.
 */
function isCrossOrigin(headers: IncomingHttpHeaders): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== headers.host;
  } catch (error) {
    if (error instanceof TypeError) return true; // `Origin: null` and other non-URLs
    throw error;
  }
}

/** Compares secrets in constant time (hashing first, so that lengths may differ). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
