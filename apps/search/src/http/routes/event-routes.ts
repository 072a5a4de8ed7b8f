import type { FastifyInstance } from 'fastify';
import { type ValidEvent, validateEvents } from '../../insights/validate-events.ts';
import type { StoredEvent } from '../../store/search-store.ts';
import type { RouteContext } from '../route-context.ts';

/**
 * Insights intake (PROTOCOL.md §2.12): credentials failures answer 401, invalid batches 422, bodies of 2 MB or
 * more 413. Events are stored before the 200 (search-insights treats only 200 as success), then fed to the
 * Recommend models of their index.
 */
export function registerEventRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post(
    '/1/events',
    { config: { access: 'search', insights: true }, bodyLimit: context.limits.eventsBodyBytes },
    async (request) => {
      const receivedAt = context.clock();
      const events = validateEvents(request.body, receivedAt.getTime());
      await context.store.appendEvents(events.map((event) => toStoredEvent(event, receivedAt)));
      context.recommend.addEvents(events);
      return { status: 200, message: 'OK' };
    },
  );
}

function toStoredEvent(event: ValidEvent, receivedAt: Date): StoredEvent {
  return {
    indexName: event.index,
    eventType: event.eventType,
    occurredAt: new Date(event.timestamp),
    receivedAt,
    body: event.body,
  };
}
