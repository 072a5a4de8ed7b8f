import type { NextApiRequest, NextApiResponse } from 'next';
import { sendReply } from '../commerce/commerce-route.ts';
import { withParsedBody } from '../http/request-body.ts';
import { getAdminRuntime } from './admin-runtime.ts';
import { type ConsoleHandler, type ConsoleMethod, handleConsoleRequest } from './console-http.ts';

/**
 * A merchant console API route (declare `export const config = { api: { bodyParser: false } }`): the body
 * read as JSON up to `maxBodyBytes`, then `handleConsoleRequest` (session, origin, errors).
 */
export function consoleRoute(
  handlers: Partial<Record<ConsoleMethod, ConsoleHandler>>,
  maxBodyBytes = 64 * 1024,
) {
  return withParsedBody(
    maxBodyBytes,
    async (request: NextApiRequest, response: NextApiResponse, body: unknown) => {
      const reply = await handleConsoleRequest(
        { method: request.method, headers: request.headers, query: request.query, body },
        { auth: getAdminRuntime().auth, now: Date.now() },
        handlers,
      );
      sendReply(response, reply);
    },
  );
}
