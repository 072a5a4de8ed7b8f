import { describe, expect, it } from 'vitest';
import { SearchApiError } from '../protocol/search-api-error.ts';
import { maxEventAgeMS, validateEvents } from './validate-events.ts';

const now = Date.parse('2026-03-01T10:00:00.000Z');
const queryID = '0123456789abcdef0123456789abcdef';
const click = {
  eventType: 'click',
  eventName: 'Hit Clicked',
  index: 'products',
  userToken: 'anon-1',
  queryID,
  objectIDs: ['sku-1'],
  positions: [3],
};

/** The 422 message for a batch of one event made of `click` with `change` (undefined values delete keys). */
function rejection(change: Record<string, unknown>, body?: unknown): string {
  const event = Object.fromEntries(
    Object.entries({ ...click, ...change }).filter(([, value]) => value !== undefined),
  );
  try {
    validateEvents(body ?? { events: [event] }, now);
  } catch (error) {
    if (!(error instanceof SearchApiError)) throw error;
    expect(error.status).toBe(422);
    return error.message;
  }
  throw new Error('the batch was accepted');
}

describe('validateEvents', () => {
  it('accepts every event shape of docs/api.md §2.12, unknown fields included', () => {
    const events = validateEvents(
      {
        events: [
          { ...click, authenticatedUserToken: 'user-42', timestamp: now - 1000 },
          {
            eventType: 'conversion',
            eventSubtype: 'purchase',
            eventName: 'Order placed',
            index: 'products',
            userToken: 'anon-1',
            objectIDs: ['sku-1', 'sku-2'],
            objectData: [
              { queryID, price: 19.99, quantity: 2 },
              { price: '5.00', quantity: 1 },
            ],
            value: 44.98,
            currency: 'EUR',
          },
          {
            eventType: 'view',
            eventName: 'Hits Viewed',
            index: 'p',
            userToken: 'a',
            objectIDs: ['x'],
          },
          {
            eventType: 'click',
            eventName: 'Filter Applied',
            index: 'products',
            userToken: 'anon-1',
            filters: ['brand%3ALG'],
          },
          {
            eventType: 'instantsearch',
            eventName: '__start__',
            userToken: 'anon-1',
            sessionID: 's',
            widgets: [{ type: 'ais.hits' }],
            algoliaSource: ['instantsearch'],
          },
        ],
      },
      now,
    );
    expect(events.map((event) => event.timestamp)).toEqual([now - 1000, now, now, now, now]);
    expect(events[0]).toMatchObject({ authenticatedUserToken: 'user-42', objectIDs: ['sku-1'] });
    expect(events[1]?.eventSubtype).toBe('purchase');
    expect(events[3]?.filters).toEqual(['brand%3ALG']);
    expect(events[4]).toMatchObject({ index: undefined, body: { sessionID: 's' } });
  });

  it('refuses batch sizes outside 1–1,000', () => {
    expect(rejection({}, { events: [] })).toBe('At least one event is required');
    expect(rejection({}, { events: Array.from({ length: 1001 }, () => click) })).toBe(
      'Cannot process more than 1000 events in a batch',
    );
    expect(rejection({}, { nope: [] })).toMatch(/events array/);
    expect(validateEvents({ events: Array.from({ length: 1000 }, () => click) }, now)).toHaveLength(
      1000,
    );
  });
});

describe('validateEvents, one rule at a time', () => {
  it.each([
    [{ eventType: 'purchase' }, 'events[0].eventType must be one of'],
    [{ eventSubtype: 'purchase' }, 'events[0].eventSubtype is only allowed on conversion events'],
    [
      { eventType: 'conversion', positions: undefined, eventSubtype: 'refund' },
      'events[0].eventSubtype must be one of addToCart, purchase',
    ],
    [{ eventName: '' }, 'events[0].eventName must be 1 to 64 printable ASCII'],
    [{ eventName: 'x'.repeat(65) }, 'events[0].eventName must be 1 to 64'],
    [{ eventName: 'Clické' }, 'events[0].eventName must be 1 to 64'],
    [{ userToken: 'has space' }, 'events[0].userToken must be 1 to 129'],
    [{ userToken: 'a'.repeat(130) }, 'events[0].userToken must be 1 to 129'],
    [{ userToken: undefined }, 'events[0].userToken is required'],
    [{ authenticatedUserToken: 'é' }, 'events[0].authenticatedUserToken must be 1 to 129'],
    [{ index: undefined }, 'events[0].index must be a non-empty string'],
    [{ objectIDs: undefined, positions: undefined }, 'Exactly one of events[0].objectIDs and'],
    [{ filters: ['brand:LG'] }, 'Exactly one of events[0].objectIDs and'],
    [{ objectIDs: [], positions: [] }, 'events[0].objectIDs must be an array of 1 to 20'],
    [
      { objectIDs: Array.from({ length: 21 }, (_, n) => `${n}`), positions: undefined },
      'events[0].objectIDs must be an array of 1 to 20',
    ],
    [{ objectIDs: [1] }, 'events[0].objectIDs[0] must be a non-empty string'],
    [
      { objectIDs: undefined, positions: undefined, filters: ['brand'] },
      'events[0].filters[0] must be a URL-encoded attribute:value',
    ],
    [{ eventType: 'view' }, 'events[0].positions is only allowed on click events'],
    [{ queryID: undefined }, 'events[0].positions requires a queryID'],
    [{ positions: [1, 2] }, 'events[0].positions must be an array as long as objectIDs'],
    [{ positions: [0] }, 'events[0].positions[0] must be an integer of at least 1'],
    [{ queryID: 'ABCDEF0123456789ABCDEF0123456789' }, 'events[0].queryID must be 32 lowercase'],
    [{ objectData: [{}, {}] }, 'events[0].objectData must be an array as long as objectIDs'],
    [{ objectData: [{ price: 'cheap' }] }, 'events[0].objectData[0].price must be a number'],
    [{ objectData: [{ discount: [] }] }, 'events[0].objectData[0].discount must be a number'],
    [{ objectData: [{ quantity: 1.5 }] }, 'events[0].objectData[0].quantity must be'],
    [{ objectData: [{ queryID: 'x' }] }, 'events[0].objectData[0].queryID must be 32'],
    [{ value: '12345678901234567' }, 'events[0].value must be a number or a string'],
    [{ currency: 'EURO' }, 'events[0].currency must be a 3-letter'],
    [{ timestamp: 'yesterday' }, 'events[0].timestamp must be milliseconds'],
    [
      { timestamp: now - maxEventAgeMS - 1 },
      'The timestamp is too far in the past (events[0].timestamp)',
    ],
  ])('rejects %j', (change, message) => {
    expect(rejection(change)).toContain(message);
  });

  it('rejects the whole batch for one bad event and names its position', () => {
    expect(rejection({}, { events: [click, click, { ...click, eventName: '' }] })).toMatch(
      /^events\[2\]\.eventName/,
    );
    expect(rejection({}, { events: [click, 'click'] })).toBe('events[1] must be an object');
  });

  it('accepts a timestamp exactly 4 days old and agent queryIDs', () => {
    const events = validateEvents(
      { events: [{ ...click, queryID: 'message_42', timestamp: now - maxEventAgeMS }] },
      now,
    );
    expect(events[0]?.timestamp).toBe(now - maxEventAgeMS);
  });
});
