import type { FastifyInstance } from 'fastify';
import { type ValidEvent, validateEvents } from '../../insights/validate-events.ts';
import { readInteger, readString } from '../../protocol/read-param.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import type { StoredEvent } from '../../store/search-store.ts';
import { type AuthContext, isIndexAllowed } from '../auth/authenticate.ts';
import type { RouteContext } from '../route-context.ts';

/** `GET /1/events` answers at most this many events. */
export const maxListedEvents = 1000;

interface EventListQuery {
  limit?: string;
  index?: string;
}

/**
 * Insights intake (docs/api.md §2.12): credentials failures answer 401, invalid batches 422, bodies of 2 MB or
 * more 413, an event naming an index the key may not search 422. Events are stored before the 200 (search-insights
 * treats only 200 as success), then fed to the Recommend models of their index; `instantsearch` telemetry events
 * are accepted but dropped.
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
      const { auth } = request;
      if (auth) assertEventIndicesAllowed(auth, events);
      // InstantSearch's `instantsearch` events (`__start__`, on every page load) are usage telemetry meant for
      // Algolia, not shop analytics: accepted with the usual 200, neither stored nor fed to the models.
      const kept = events.filter((event) => event.eventType !== 'instantsearch');
      await context.store.appendEvents(kept.map((event) => toStoredEvent(event, receivedAt)));
      context.recommend.addEvents(kept);
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
      const events = await context.store.readRecentEvents(limit, index);
      return { events: events.map(toListedEvent) };
    },
  );
}

/**
 * Refuses the whole batch when an event names an index the key (or its secured restrictions) may not search, as
 * the search routes do: otherwise a key limited to `products*` could feed the analytics and recommendations of
 * any index. Algolia's Insights API answers only 400/401/413/422, hence a 422 naming the event.
 * @throws SearchApiError 422 `events[i].index is not allowed with this API key`.
 */
function assertEventIndicesAllowed(auth: AuthContext, events: readonly ValidEvent[]): void {
  const refused = events.findIndex(
    (event) => event.index !== undefined && !isIndexAllowed(auth, event.index),
  );
  if (refused !== -1) {
    throw new SearchApiError(422, `events[${refused}].index is not allowed with this API key`);
  }
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
