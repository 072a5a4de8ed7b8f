/**
 * Insights event timestamps (issue #24, finding 9): Algolia's Insights API refuses events older than 4 days or
 * dated in the future, rejecting the whole batch with a 422 that names the event. Nothing of a refused batch is
 * stored. Sent through the official v5 Insights client to a listening server.
 */
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../support/failure-of.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { appId, searchKey } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let insights: ReturnType<SearchClient['initInsights']>;

beforeAll(async () => {
  server = await startTestServer();
  const hosts = hostsOf(server);
  // The v5 client takes hosts for its Insights client under `options` (as the other contract tests do).
  insights = algoliasearch(appId, searchKey, { hosts }).initInsights({
    region: 'de',
    options: { hosts },
  } as never);
});
afterAll(async () => server.close());

const dayMS = 86_400_000;
const viewAt = (timestamp: number) => ({
  eventType: 'view' as const,
  eventName: 'Product Viewed',
  index: 'products',
  userToken: 'anon-1',
  objectIDs: ['sku-1'],
  timestamp,
});
const storedCount = async () => (await server.store.readEvents()).length;

describe('an Insights event timestamp', () => {
  it('is accepted from the last 4 days', async () => {
    const before = await storedCount();
    await insights.pushEvents({
      events: [viewAt(Date.now() - 60_000), viewAt(Date.now() - 4 * dayMS + 60_000)],
    });
    expect(await storedCount()).toBe(before + 2);
  });

  it('is refused, with the whole batch, once older than 4 days', async () => {
    const before = await storedCount();
    const failure = await failureOf(
      insights.pushEvents({ events: [viewAt(Date.now()), viewAt(Date.now() - 5 * dayMS)] }),
    );
    expect(failure.status).toBe(422);
    expect(failure.message).toContain('The timestamp is too far in the past (events[1].timestamp)');
    expect(await storedCount()).toBe(before);
  });

  it('is refused in the future, a year ahead or in microseconds, with a 422 and not a server error', async () => {
    const before = await storedCount();
    for (const timestamp of [Date.parse('2100-01-01T00:00:00Z'), 1e15, Date.now() + 3_600_000]) {
      const failure = await failureOf(insights.pushEvents({ events: [viewAt(timestamp)] }));
      expect(failure.status).toBe(422);
      expect(failure.message).toContain('The timestamp is in the future (events[0].timestamp)');
    }
    expect(await storedCount()).toBe(before);
  });
});
