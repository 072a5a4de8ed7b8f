import { SearchApiError } from '../protocol/search-api-error.ts';

/** The Insights event types (docs/api.md §2.12). */
export type InsightsEventType = 'click' | 'conversion' | 'view' | 'instantsearch';
export type InsightsEventSubtype = 'addToCart' | 'purchase';

/** One accepted event: the fields Vitrine reads, plus the event as sent (unknown fields included). */
export interface ValidEvent {
  readonly eventType: InsightsEventType;
  readonly eventSubtype: InsightsEventSubtype | undefined;
  readonly eventName: string;
  /** `undefined` only for `instantsearch` events. */
  readonly index: string | undefined;
  readonly userToken: string | undefined;
  readonly authenticatedUserToken: string | undefined;
  readonly objectIDs: readonly string[] | undefined;
  readonly filters: readonly string[] | undefined;
  readonly queryID: string | undefined;
  /** ms since the epoch: the event's own, or the receive time when it sent none. */
  readonly timestamp: number;
  readonly body: { readonly [key: string]: unknown };
}

export const maxEventsPerBatch = 1000;
/** `objectIDs`, `filters`, `positions` and `objectData` hold at most this many entries. */
export const maxEventItems = 20;
/** Events older than this are refused, as Algolia's Insights API refuses events older than 4 days. */
export const maxEventAgeMS = 4 * 24 * 60 * 60 * 1000;

const eventTypes: readonly string[] = ['click', 'conversion', 'view', 'instantsearch'];
const eventSubtypes: readonly string[] = ['addToCart', 'purchase'];
const printableAscii = /^[\x20-\x7E]{1,64}$/;
const userTokenPattern = /^[a-zA-Z0-9_=/+-]{1,129}$/;
const queryIDPattern = /^(?:[0-9a-f]{32}|message_.+)$/;
const currencyPattern = /^[A-Za-z]{3}$/;

type WireObject = { readonly [key: string]: unknown };

/**
 * Validates the body of `POST /1/events` (docs/api.md §2.12, §8). Any invalid event rejects the whole batch;
 * the message names the event (`events[3].positions`) and what was expected. Unknown fields are accepted and
 * kept. `index`, `objectIDs` and `queryID` are not checked against the indices.
 *
 * `validateEvents({ events: [{ eventType: 'view', eventName: 'Seen', index: 'products', userToken: 'u-1',
 * objectIDs: ['sku-1'] }] }, now)` → one `ValidEvent` with `timestamp: now`.
 *
 * @param body - the parsed JSON body.
 * @param now - the receive time, ms since the epoch (default timestamp; a timestamp must lie in the 4 days
 *   before it).
 * @throws SearchApiError 422 naming the first invalid event and field.
 */
export function validateEvents(body: unknown, now: number): ValidEvent[] {
  if (!isWireObject(body) || !Array.isArray(body['events'])) {
    throw new SearchApiError(422, 'The body must be a JSON object with an events array');
  }
  const events: unknown[] = body['events'];
  if (events.length === 0) throw new SearchApiError(422, 'At least one event is required');
  if (events.length > maxEventsPerBatch) {
    throw new SearchApiError(
      422,
      `Cannot process more than ${maxEventsPerBatch} events in a batch`,
    );
  }
  return events.map((event, position) => validateEvent(event, `events[${position}]`, now));
}

function validateEvent(event: unknown, path: string, now: number): ValidEvent {
  if (!isWireObject(event)) throw invalid(path, 'must be an object');
  const eventType = readEventType(event, path);
  const eventSubtype = readEventSubtype(event, eventType, path);
  const eventName = event['eventName'];
  if (typeof eventName !== 'string' || !printableAscii.test(eventName)) {
    throw invalid(`${path}.eventName`, 'must be 1 to 64 printable ASCII characters');
  }
  const userToken = readUserToken(event, 'userToken', path);
  const authenticatedUserToken = readUserToken(event, 'authenticatedUserToken', path);
  if (userToken === undefined && authenticatedUserToken === undefined) {
    throw invalid(`${path}.userToken`, 'is required (or authenticatedUserToken)');
  }
  const index = readIndex(event, eventType, path);
  const queryID = readQueryID(event['queryID'], `${path}.queryID`);
  const objectIDs = readStringList(event, 'objectIDs', path);
  const filters = readStringList(event, 'filters', path);
  if (filters) {
    filters.forEach((filter, position) => {
      if (!isFacetFilter(filter)) {
        throw invalid(`${path}.filters[${position}]`, 'must be a URL-encoded attribute:value');
      }
    });
  }
  if (eventType !== 'instantsearch' && (objectIDs === undefined) === (filters === undefined)) {
    throw new SearchApiError(
      422,
      `Exactly one of ${path}.objectIDs and ${path}.filters is required`,
    );
  }
  readPositions(event, eventType, objectIDs, queryID, path);
  readObjectData(event, objectIDs, path);
  readValue(event, path);
  return {
    eventType,
    eventSubtype,
    eventName,
    index,
    userToken,
    authenticatedUserToken,
    objectIDs,
    filters,
    queryID,
    timestamp: readTimestamp(event, now, path),
    body: event,
  };
}

function readEventType(event: WireObject, path: string): InsightsEventType {
  const value = event['eventType'];
  if (typeof value !== 'string' || !eventTypes.includes(value)) {
    throw invalid(`${path}.eventType`, `must be one of ${eventTypes.join(', ')}`);
  }
  return value as InsightsEventType;
}

function readEventSubtype(
  event: WireObject,
  eventType: InsightsEventType,
  path: string,
): InsightsEventSubtype | undefined {
  const value = event['eventSubtype'];
  if (value === undefined) return undefined;
  if (eventType !== 'conversion')
    throw invalid(`${path}.eventSubtype`, 'is only allowed on conversion events');
  if (typeof value !== 'string' || !eventSubtypes.includes(value)) {
    throw invalid(`${path}.eventSubtype`, `must be one of ${eventSubtypes.join(', ')}`);
  }
  return value as InsightsEventSubtype;
}

function readUserToken(event: WireObject, key: string, path: string): string | undefined {
  const value = event[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !userTokenPattern.test(value)) {
    throw invalid(`${path}.${key}`, 'must be 1 to 129 characters among a-z, A-Z, 0-9, _ = / + -');
  }
  return value;
}

function readIndex(
  event: WireObject,
  eventType: InsightsEventType,
  path: string,
): string | undefined {
  const value = event['index'];
  if (value === undefined && eventType === 'instantsearch') return undefined;
  if (typeof value !== 'string' || value === '')
    throw invalid(`${path}.index`, 'must be a non-empty string');
  return value;
}

function readQueryID(value: unknown, path: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !queryIDPattern.test(value)) {
    throw invalid(path, 'must be 32 lowercase hexadecimal characters');
  }
  return value;
}

function readStringList(event: WireObject, key: string, path: string): string[] | undefined {
  const value = event[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > maxEventItems) {
    throw invalid(`${path}.${key}`, `must be an array of 1 to ${maxEventItems} strings`);
  }
  value.forEach((item: unknown, position) => {
    if (typeof item !== 'string' || item === '') {
      throw invalid(`${path}.${key}[${position}]`, 'must be a non-empty string');
    }
  });
  return value as string[];
}

function isFacetFilter(filter: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(filter);
  } catch {
    return false;
  }
  const colon = decoded.indexOf(':');
  return colon > 0 && colon < decoded.length - 1;
}

function readPositions(
  event: WireObject,
  eventType: InsightsEventType,
  objectIDs: readonly string[] | undefined,
  queryID: string | undefined,
  path: string,
): void {
  const value = event['positions'];
  if (value === undefined) return;
  const field = `${path}.positions`;
  if (eventType !== 'click') throw invalid(field, 'is only allowed on click events');
  if (queryID === undefined) throw invalid(field, 'requires a queryID');
  if (objectIDs === undefined) throw invalid(field, 'requires objectIDs');
  if (!Array.isArray(value) || value.length !== objectIDs.length) {
    throw invalid(field, 'must be an array as long as objectIDs');
  }
  value.forEach((position: unknown, at) => {
    if (!Number.isInteger(position) || (position as number) < 1) {
      throw invalid(`${field}[${at}]`, 'must be an integer of at least 1');
    }
  });
}

function readObjectData(
  event: WireObject,
  objectIDs: readonly string[] | undefined,
  path: string,
): void {
  const value = event['objectData'];
  if (value === undefined) return;
  const field = `${path}.objectData`;
  if (objectIDs === undefined) throw invalid(field, 'requires objectIDs');
  if (!Array.isArray(value) || value.length !== objectIDs.length) {
    throw invalid(field, 'must be an array as long as objectIDs');
  }
  value.forEach((data: unknown, at) => {
    const entry = `${field}[${at}]`;
    if (!isWireObject(data)) throw invalid(entry, 'must be an object');
    for (const key of ['price', 'discount']) {
      if (data[key] !== undefined && !isAmount(data[key])) {
        throw invalid(`${entry}.${key}`, 'must be a number or a numeric string');
      }
    }
    const quantity = data['quantity'];
    if (quantity !== undefined && (!Number.isInteger(quantity) || (quantity as number) < 0)) {
      throw invalid(`${entry}.quantity`, 'must be a non-negative integer');
    }
    readQueryID(data['queryID'], `${entry}.queryID`);
  });
}

function readValue(event: WireObject, path: string): void {
  const value = event['value'];
  if (value !== undefined && !isAmount(value)) {
    throw invalid(`${path}.value`, 'must be a number or a string of at most 16 characters');
  }
  const currency = event['currency'];
  if (currency !== undefined && (typeof currency !== 'string' || !currencyPattern.test(currency))) {
    throw invalid(`${path}.currency`, 'must be a 3-letter ISO 4217 code');
  }
}

function isAmount(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return (
    typeof value === 'string' && value.length > 0 && value.length <= 16 && Number.isFinite(+value)
  );
}

function readTimestamp(event: WireObject, now: number, path: string): number {
  const value = event['timestamp'];
  if (value === undefined) return now;
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw invalid(`${path}.timestamp`, 'must be milliseconds since the epoch');
  }
  if ((value as number) < now - maxEventAgeMS) {
    throw new SearchApiError(422, `The timestamp is too far in the past (${path}.timestamp)`);
  }
  // Insights refuses events dated after their arrival (a clock ahead, or milliseconds read as seconds × 1,000).
  if ((value as number) > now) {
    throw new SearchApiError(422, `The timestamp is in the future (${path}.timestamp)`);
  }
  return value as number;
}

function isWireObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(field: string, problem: string): SearchApiError {
  return new SearchApiError(422, `${field} ${problem}`);
}
