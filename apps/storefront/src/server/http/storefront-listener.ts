import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logging/logger.ts';
import {
  isApiPath,
  newNonce,
  type SecurityHeaderOptions,
  securityHeaders,
} from './security-headers.ts';
import { isUnreadablePath } from './unreadable-path.ts';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** What the listener asks of Next. */
export interface NextHandlers {
  /** Next's request handler (`app.getRequestHandler()`). */
  readonly handle: RequestHandler;
  /** Renders the 404 page (`app.render404`), in the language of the address asked for (`_app`). */
  readonly renderNotFound: RequestHandler;
}

/**
 * The HTTP listener of the storefront process: the security headers on every answer (security-headers.ts),
 * `GET /api/health` answered directly (it must not depend on Next or the store), an address that cannot be
 * decoded answered with the 404 page (unreadable-path.ts), everything else handed to Next's request handler.
 */
export function createStorefrontListener(
  next: NextHandlers,
  logger: Logger,
  security: SecurityHeaderOptions,
) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const headers = securityHeaders(path, newNonce(), security);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    // Next and _document read the page's nonce from the request's policy: never one the client sent.
    request.headers['content-security-policy'] = headers['content-security-policy'];
    delete request.headers['content-security-policy-report-only'];
    if (path === '/api/health') {
      const allowed = request.method === 'GET' || request.method === 'HEAD';
      response.writeHead(allowed ? 200 : 405, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        ...(allowed ? {} : { allow: 'GET, HEAD' }),
      });
      response.end(
        request.method === 'HEAD'
          ? undefined
          : JSON.stringify(allowed ? { status: 'ok' } : { message: 'Use GET' }),
      );
      return;
    }
    if (isUnreadablePath(path) && isApiPath(path)) {
      response.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: 'The address is not valid', status: 400 }));
      return;
    }
    const handle = isUnreadablePath(path) ? next.renderNotFound : next.handle;
    handle(request, response).catch((error: unknown) => {
      logger.error(`Unhandled error while serving ${request.method} ${request.url}`, error);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal Server Error');
    });
  };
}
