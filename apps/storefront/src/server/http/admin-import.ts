import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ImportOutcome } from '../catalogue/import-catalogue.ts';

export interface AdminImportRequest {
  readonly method: string | undefined;
  readonly headers: IncomingHttpHeaders;
  /** Reads the body; may throw an error named `BodyTooLargeError`. */
  readonly readBody: () => Promise<Buffer>;
}

export interface AdminImportDependencies {
  readonly adminKey: string | undefined;
  readonly importCatalogue: (products: unknown) => Promise<ImportOutcome>;
}

export interface JsonReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** Import bodies larger than this are refused with a 413. */
export const maxImportBytes = 64 * 1024 * 1024;

/**
 * `POST /api/admin/import`: body `{"products": [...]}`, `Authorization: Bearer <admin key>`. Same-origin or
 * non-browser callers only. Answers 200 with what was imported, 400 `{message, errors: [{position, path,
 * reason}]}` when any record is invalid (and then nothing is applied), 409 on a slug or SKU conflict.
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
  if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    return { status: 415, body: { message: 'Send the catalogue as application/json' } };
  }

  let body: unknown;
  try {
    body = JSON.parse((await request.readBody()).toString('utf8'));
  } catch (error) {
    if (error instanceof Error && error.name === 'BodyTooLargeError')
      return { status: 413, body: { message: error.message } };
    if (error instanceof SyntaxError) {
      return {
        status: 400,
        body: { message: `The body is not valid JSON: ${error.message}`, errors: [] },
      };
    }
    throw error;
  }
  const products =
    typeof body === 'object' && body !== null && 'products' in body ? body.products : undefined;
  const outcome = await dependencies.importCatalogue(products);
  switch (outcome.status) {
    case 'invalid':
      return { status: 400, body: { message: outcome.message, errors: outcome.errors } };
    case 'conflict':
      return { status: 409, body: { message: outcome.message } };
    case 'imported':
      return { status: 200, body: outcome };
  }
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
