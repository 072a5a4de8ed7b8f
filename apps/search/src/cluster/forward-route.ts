import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ForwardedRequest, ForwardedResponse } from './messages.ts';

/** Hands a request to the owner process and resolves with its response. */
export type ForwardToOwner = (request: ForwardedRequest) => Promise<ForwardedResponse>;

/** Set by Node or by this worker's own transport, not copied from the owner's response. */
const hopHeaders = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
  'vary',
]);

/**
 * In a search worker, every route it does not serve itself (writes, settings, keys, tasks, browse, events,
 * recommendations, analytics…) goes to the owner process, body bytes as received: the owner authenticates,
 * validates and answers exactly as a single-process service would. Registered in its own scope so that the
 * body stays raw (the root scope parses JSON).
 */
export async function registerForwardRoute(
  app: FastifyInstance,
  forward: ForwardToOwner,
  bodyLimit: number,
): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.route({
      // OPTIONS stays with the CORS preflight handler.
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: '/*',
      bodyLimit,
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        return sendForwarded(reply, await forward(toForwarded(request, body)));
      },
    });
    done();
  });
}

/** Forwards a request whose JSON body was already parsed here (a search under a rate-limited key). */
export async function forwardParsed(
  request: FastifyRequest,
  reply: FastifyReply,
  forward: ForwardToOwner,
): Promise<FastifyReply> {
  const body =
    request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body), 'utf8');
  return sendForwarded(reply, await forward(toForwarded(request, body)));
}

function toForwarded(request: FastifyRequest, body: Buffer | undefined): ForwardedRequest {
  const headers: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // The body arrives inflated, and the answer is compressed here.
    if (name === 'content-encoding' || name === 'content-length' || name === 'accept-encoding')
      continue;
    headers[name] = value;
  }
  return {
    method: request.method,
    url: request.url,
    headers,
    body,
    remoteAddress: request.ip,
  };
}

function sendForwarded(reply: FastifyReply, response: ForwardedResponse): FastifyReply {
  reply.code(response.statusCode);
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !hopHeaders.has(name.toLowerCase())) reply.header(name, value);
  }
  return reply.send(Buffer.from(response.body));
}
