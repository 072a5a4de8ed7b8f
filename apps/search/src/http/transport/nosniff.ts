import type { FastifyInstance } from 'fastify';

/**
 * Every response says `X-Content-Type-Options: nosniff`, so a browser never runs an answer that echoes a
 * caller's text (an error naming a bad parameter, a record) as anything but the type it is sent as. Registered
 * before CORS so that preflights, answered in CORS's own hook, carry it too.
 */
export function registerNoSniff(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
}
