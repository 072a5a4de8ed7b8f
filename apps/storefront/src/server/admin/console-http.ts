import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { UploadProblemCode } from '../../lib/admin/upload-problems.ts';
import type { JsonReply } from '../http/admin-import.ts';
import { provesSameOrigin } from './login-http.ts';
import type { MerchantAuth } from './merchant-auth.ts';

export type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ConsoleRequest {
  readonly method: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

/** Who is changing things: the merchant's session (one password, so the session is all that tells them apart). */
export interface ConsoleActor {
  readonly sessionId: string;
  /** For the audit log: `merchant (session 3kQ9xZ)`. */
  readonly name: string;
}

export type ConsoleHandler = (request: ConsoleRequest, actor: ConsoleActor) => Promise<JsonReply>;

/** An input the console refuses (400), with the message the merchant reads. */
export class ConsoleInputError extends Error {
  override readonly name = 'ConsoleInputError';
  readonly status: 400 | 404 | 409 | 503;
  /** A code the console translates (`lib/admin/upload-problems.ts`), when the page has one for it. */
  readonly code: UploadProblemCode | undefined;
  constructor(message: string, status: 400 | 404 | 409 | 503 = 400, code?: UploadProblemCode) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const noStore = { 'cache-control': 'no-store' };

function problem(status: number, message: string, code?: UploadProblemCode): JsonReply {
  return { status, headers: noStore, body: { message, status, ...(code ? { code } : {}) } };
}

/**
 * Runs a console API handler behind the merchant session: 401 without one, 405 for a method the route does
 * not serve, 403 for a state change that does not prove it comes from the storefront's own pages (`Origin`,
 * `Sec-Fetch-Site`). Invalid input answers 400 naming the field; an error of the search service keeps its 4xx;
 * a search service that cannot be reached, 503. Every answer is `{message, status}` on failure.
 */
export async function handleConsoleRequest(
  request: ConsoleRequest,
  dependencies: { readonly auth: MerchantAuth; readonly now: number },
  handlers: Partial<Record<ConsoleMethod, ConsoleHandler>>,
): Promise<JsonReply> {
  const session = dependencies.auth.sessionOf(request.headers, dependencies.now);
  if (!session)
    return problem(401, 'Sign in as the merchant first (/admin/login)', 'console.signIn');
  const handler = handlers[(request.method ?? 'GET') as ConsoleMethod];
  if (!handler) {
    return {
      status: 405,
      headers: { ...noStore, allow: Object.keys(handlers).join(', ') },
      body: { message: `Use ${Object.keys(handlers).join(' or ')}`, status: 405 },
    };
  }
  if (request.method !== 'GET' && !provesSameOrigin(request.headers)) {
    return problem(
      403,
      'This change must be sent from the merchant console itself',
      'console.crossOrigin',
    );
  }
  const actor = { sessionId: session.id, name: `merchant (session ${session.id.slice(0, 6)})` };
  try {
    return await handler(request, actor);
  } catch (error) {
    return failureReply(error);
  }
}

function failureReply(error: unknown): JsonReply {
  if (error instanceof z.ZodError) return problem(400, describeIssues(error));
  if (error instanceof ConsoleInputError) return problem(error.status, error.message, error.code);
  if (error instanceof Error) {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
    if (status !== undefined && status >= 400 && status < 500) {
      return problem(status, `The search service refused the change: ${error.message}`);
    }
    if (error.name === 'RetryError' || (status !== undefined && status >= 500)) {
      return problem(
        503,
        'The search service does not answer: try again in a moment',
        'console.unavailable',
      );
    }
  }
  throw error;
}

/** `banner.title.en: Too long (at most 120 characters); pins: …` */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}

/** The one string a query parameter holds (the first of several). */
export function queryParam(request: ConsoleRequest, name: string): string | undefined {
  const value = request.query[name];
  return Array.isArray(value) ? value[0] : value;
}
