/**
 * Reads behind the Analytics API: the search log of one index over a time window, the click and conversion events
 * that carry the queryID of one of those searches, and the time of the latest logged search.
 */
import type { Orm } from '@vitrine/database';
import { and, asc, eq, gte, inArray, isNotNull, lt, max, or, sql } from 'drizzle-orm';
import { eventsTable, searchLogTable } from './schema.ts';

/** One logged search, as the analytics need it. */
export interface LoggedSearch {
  readonly query: string;
  /** The filters as received, `''` when none. */
  readonly filters: string;
  readonly hitCount: number;
  /** Set when the search ran with `clickAnalytics` (a tracked search). */
  readonly queryID: string | undefined;
  readonly userToken: string | undefined;
  readonly searchedAt: Date;
  /** The objectIDs of the first 20 hits returned, in order (empty in rows logged before they were kept). */
  readonly objectIDs: readonly string[];
  /** The search's `analyticsTags` (empty in rows logged before they were kept). */
  readonly analyticsTags?: readonly string[];
}

/** A click or conversion event sent with the queryID of a logged search. */
export interface SearchEvent {
  readonly eventType: 'click' | 'conversion';
  /** `addToCart`, `purchase` or `undefined`. */
  readonly eventSubtype: string | undefined;
  readonly queryID: string;
  /** Empty for an event sent with `filters` instead of objectIDs. */
  readonly objectIDs: readonly string[];
  /** 1-based positions of the clicked objects (click events only). */
  readonly positions: readonly number[];
  readonly occurredAt: Date;
}

/** What the Analytics API computes over: a window of the search log and the events attributed to it. */
export interface AnalyticsWindow {
  /** Oldest first. */
  readonly searches: readonly LoggedSearch[];
  /** In arrival order. */
  readonly events: readonly SearchEvent[];
}

/** Events are read up to this long after the end of the window (a purchase may come a while after its search). */
export const eventGraceMS = 24 * 60 * 60 * 1000;

/**
 * Reads the searches of `indexName` logged in `[from, to)` and every click or conversion event of that index whose
 * queryID is one of theirs and that happened in `[from, to + eventGraceMS)` (an event cannot precede its search;
 * the bound keeps the read on the `(index_name, occurred_at)` index instead of every event of the index).
 */
export async function readAnalyticsWindow(
  orm: Orm,
  indexName: string,
  from: Date,
  to: Date,
): Promise<AnalyticsWindow> {
  const inWindow = and(
    eq(searchLogTable.indexName, indexName),
    gte(searchLogTable.searchedAt, from),
    lt(searchLogTable.searchedAt, to),
  );
  const searchRows = await orm
    .select({
      query: searchLogTable.query,
      filters: searchLogTable.filters,
      hitCount: searchLogTable.hitCount,
      queryId: searchLogTable.queryId,
      userToken: searchLogTable.userToken,
      searchedAt: searchLogTable.searchedAt,
      objectIds: searchLogTable.objectIds,
      analyticsTags: searchLogTable.analyticsTags,
    })
    .from(searchLogTable)
    .where(inWindow)
    .orderBy(asc(searchLogTable.searchedAt), asc(searchLogTable.id));
  const trackedQueryIds = orm
    .select({ queryId: searchLogTable.queryId })
    .from(searchLogTable)
    .where(and(inWindow, isNotNull(searchLogTable.queryId)));
  const eventRows = await orm
    .select({
      eventType: eventsTable.eventType,
      occurredAt: eventsTable.occurredAt,
      body: eventsTable.body,
    })
    .from(eventsTable)
    .where(
      and(
        eq(eventsTable.indexName, indexName),
        gte(eventsTable.occurredAt, from),
        lt(eventsTable.occurredAt, new Date(to.getTime() + eventGraceMS)),
        inArray(eventsTable.eventType, ['click', 'conversion']),
        or(
          inArray(sql`${eventsTable.body}->>'queryID'`, trackedQueryIds),
          // A conversion may name the search of each object in `objectData[i].queryID` instead.
          sql`jsonb_typeof(${eventsTable.body}->'objectData') = 'array' AND EXISTS (
            SELECT 1 FROM jsonb_array_elements(${eventsTable.body}->'objectData') AS data(entry)
            WHERE data.entry->>'queryID' IN ${trackedQueryIds})`,
        ),
      ),
    )
    .orderBy(asc(eventsTable.id));
  return {
    searches: searchRows.map((row) => ({
      query: row.query,
      filters: row.filters,
      hitCount: row.hitCount,
      queryID: row.queryId ?? undefined,
      userToken: row.userToken ?? undefined,
      searchedAt: row.searchedAt,
      objectIDs: stringsOf(row.objectIds),
      analyticsTags: stringsOf(row.analyticsTags),
    })),
    events: eventRows.flatMap((row) => toSearchEvents(row.eventType, row.occurredAt, row.body)),
  };
}

/** When the latest search of `indexName` was logged; `undefined` when none was. */
export async function readLastSearchAt(orm: Orm, indexName: string): Promise<Date | undefined> {
  const [row] = await orm
    .select({ at: max(searchLogTable.searchedAt) })
    .from(searchLogTable)
    .where(eq(searchLogTable.indexName, indexName));
  const at = row?.at;
  if (at === null || at === undefined) return undefined;
  // `max()` loses the column's mapping on some drivers: accept a string as well as a Date.
  return at instanceof Date ? at : new Date(at);
}

/**
 * The event as seen by each search it is attributed to: its `queryID` covers every object, except objects whose
 * `objectData[i].queryID` names another search (a purchase of items found by different searches).
 */
function toSearchEvents(eventType: string, occurredAt: Date, body: unknown): SearchEvent[] {
  if (eventType !== 'click' && eventType !== 'conversion') return [];
  if (typeof body !== 'object' || body === null) return [];
  const fields = body as { readonly [key: string]: unknown };
  const eventQueryID = typeof fields['queryID'] === 'string' ? fields['queryID'] : undefined;
  const objectIDs = stringsOf(fields['objectIDs']);
  const positions = Array.isArray(fields['positions']) ? fields['positions'] : [];
  const objectData = Array.isArray(fields['objectData']) ? fields['objectData'] : [];
  const subtype = fields['eventSubtype'];
  const bySearch = new Map<string, { objectIDs: string[]; positions: number[] }>();
  const slotOf = (queryID: string) => {
    const slot = bySearch.get(queryID) ?? { objectIDs: [], positions: [] };
    bySearch.set(queryID, slot);
    return slot;
  };
  if (eventQueryID !== undefined) slotOf(eventQueryID);
  objectIDs.forEach((objectID, at) => {
    const data: unknown = objectData[at];
    const own =
      typeof data === 'object' && data !== null && 'queryID' in data ? data.queryID : undefined;
    const queryID = typeof own === 'string' ? own : eventQueryID;
    if (queryID === undefined) return;
    const slot = slotOf(queryID);
    slot.objectIDs.push(objectID);
    const position: unknown = positions[at];
    if (typeof position === 'number') slot.positions.push(position);
  });
  return [...bySearch].map(([queryID, slot]) => ({
    eventType,
    eventSubtype: typeof subtype === 'string' ? subtype : undefined,
    queryID,
    objectIDs: slot.objectIDs,
    positions: slot.positions,
    occurredAt,
  }));
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
