import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../route-context.ts';

/**
 * `GET /health` and `/1/health`: public, answered even while starting. `200 { status: "ready" }` once the indices
 * are loaded, `503 { status: "starting" }` before (so process managers and load balancers wait for it).
 */
export function registerHealthRoutes(app: FastifyInstance, context: RouteContext): void {
  const handler = async (_request: FastifyRequest, reply: FastifyReply) => {
    const ready = context.service.state === 'ready';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'starting' });
  };
  app.get('/health', handler);
  app.get('/1/health', handler);
}
