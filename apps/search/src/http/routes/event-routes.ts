import type { FastifyInstance } from 'fastify';
import { type ValidEvent, validateEvents } from '../../insights/validate-events.ts';
import { readInteger, readString } from '../../protocol/read-param.ts';
import type { StoredEvent } from '../../store/search-store.ts';
import type { RouteContext } from '../route-context.ts';

/** `GET /1/events` answers at most this many events. */
export const maxListedEvents = 1000;

interface EventListQuery {
  limit?: string;
  index?: string;
}

/**
 * Insights intake (PROTOCOL.md §2.12): credentials failures answer 401, invalid batches 422, bodies of 2 MB or
 * more 413. Events are stored before the 200 (search-insights treats only 200 as success), then fed to the
 * Recommend models of their index.
 *
 * Vitrine extension, not Algolia: `GET /1/events?limit=&index=` lists the stored events (admin key only) so
 * that operators and end-to-end tests can see what the storefront sent.
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

  app.get<{ Querystring: EventListQuery }>(
    '/1/events',
    { config: { access: 'admin' } },
    async (request) => {
      const limit =
        request.query.limit === undefined
          ? 100
          : readInteger(request.query.limit, 'limit', 1, maxListedEvents);
      const index =
        request.query.index === undefined ? undefined : readString(request.query.index, 'index');
      // Most recent first; the store keeps the receive order.
      const events = (await context.store.readEvents())
        .filter((event) => index === undefined || event.indexName === index)
        .slice(-limit)
        .reverse();
      return { events: events.map(toListedEvent) };
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

/** `{ index, eventType, occurredAt, receivedAt, event }`: the event as it was sent, under `event`. */
function toListedEvent(event: StoredEvent) {
  return {
    index: event.indexName ?? null,
    eventType: event.eventType,
    occurredAt: event.occurredAt.toISOString(),
    receivedAt: event.receivedAt.toISOString(),
    event: event.body,
  };
}
