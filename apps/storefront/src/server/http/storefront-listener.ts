import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logging/logger.ts';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * The HTTP listener of the storefront process: `GET /api/health` answered directly (it must not depend on
 * Next or the store), everything else handed to Next's request handler.
 */
export function createStorefrontListener(handleWithNext: RequestHandler, logger: Logger) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '/').split('?')[0];
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
    handleWithNext(request, response).catch((error: unknown) => {
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
