/**
 * Keys: a backend proxying its users' searches, through the official v5 client only.
 *
 * Algolia documents, for `maxQueriesPerIPPerHour` (api-clients-automation `specs/search/paths/keys/common/
 * schemas.yml`): "If proxying the query through your servers, use the admin API key and set: `X-Forwarded-For`
 * HTTP header with the client IP, `X-Forwarded-API-Key` with the rate-limited API key." The queries then count
 * against that key's limit, per forwarded IP; the admin key alone is never limited, and only the admin key may
 * forward (another key's `X-Forwarded-API-Key` changes nothing).
 */
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../support/failure-of.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import {
  createKey,
  hostsOf,
  seedIndex,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';

let server: TestServer;
const indexName = 'atelier_proxy';

const records = [
  { objectID: 'tapis/1', title: 'Tapis berbère', maker: { city: 'Fès' }, price: '240' },
  { objectID: 'vase 2', title: 'Vase en grès', maker: { city: 'Vallauris' }, price: 35 },
];

/** A v5 client that does not retry a 429 (v5.64 would wait out the hour's Retry-After). */
const clientWith = (apiKey: string) =>
  algoliasearch(appId, apiKey, {
    hosts: hostsOf(server),
    maxRateLimitRetries: 0,
  });

beforeAll(async () => {
  server = await startTestServer();
  await seedIndex(clientWith(adminKey), indexName, {}, records);
});
afterAll(async () => server.close());

describe('X-Forwarded-API-Key and X-Forwarded-For on a proxied admin call', () => {
  it('counts the forwarded key limit per forwarded IP, with the admin key access', async () => {
    const proxy = clientWith(adminKey);
    const limited = await createKey(proxy, {
      acl: ['search'],
      indexes: ['ailleurs_*'],
      maxQueriesPerIPPerHour: 2,
    });
    const searchFor = (ip: string) =>
      proxy.searchSingleIndex(
        { indexName, searchParams: { query: 'vase' } },
        { headers: { 'X-Forwarded-API-Key': limited, 'X-Forwarded-For': ip } },
      );
    // The forwarded key lists other indices: access stays the admin key's, only the count is the key's.
    expect((await searchFor('203.0.113.7')).hits.map((hit) => hit.objectID)).toEqual(['vase 2']);
    await searchFor('203.0.113.7');
    const refused = await failureOf(searchFor('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Too Many Requests/);
    // Another user behind the proxy has a budget of their own; the proxy's chain ends with the client it saw.
    expect((await searchFor('198.51.100.4')).nbHits).toBe(1);
    expect((await searchFor('10.0.0.1, 198.51.100.4')).nbHits).toBe(1);
    expect((await failureOf(searchFor('198.51.100.4'))).status).toBe(429);
    // Without the forwarded key the admin key is never limited.
    for (let i = 0; i < 3; i++) {
      const result = await proxy.searchSingleIndex(
        { indexName, searchParams: { query: 'tapis' } },
        { headers: { 'X-Forwarded-For': '203.0.113.7' } },
      );
      expect(result.nbHits).toBe(1);
    }
  });

  it('counts a multi-search entry by entry under the forwarded key', async () => {
    const proxy = clientWith(adminKey);
    const limited = await createKey(proxy, { acl: ['search'], maxQueriesPerIPPerHour: 3 });
    const headers = { 'X-Forwarded-API-Key': limited, 'X-Forwarded-For': '192.0.2.55' };
    const both = () =>
      proxy.search(
        {
          requests: [
            { indexName, query: 'tapis' },
            { indexName, query: 'vase' },
          ],
        },
        { headers },
      );
    expect((await both()).results).toHaveLength(2);
    expect((await failureOf(both())).status).toBe(429);
  });

  it('counts a forwarded secured key against its parent limit, per its userToken', async () => {
    const proxy = clientWith(adminKey);
    const parent = await createKey(proxy, { acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const secured = proxy.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { userToken: 'client-42', filters: 'maker.city:Fès' },
    });
    const searchFrom = (ip: string) =>
      proxy.searchSingleIndex(
        { indexName, searchParams: { query: 'vase' } },
        { headers: { 'X-Forwarded-API-Key': secured, 'X-Forwarded-For': ip } },
      );
    // Only the count is the secured key's: its filters do not apply to the admin key's search.
    expect((await searchFrom('192.0.2.10')).nbHits).toBe(1);
    // Same user token from another IP: the same budget, already spent.
    expect((await failureOf(searchFrom('192.0.2.11'))).status).toBe(429);
  });

  it('ignores X-Forwarded-API-Key sent with any key but the admin key', async () => {
    const proxy = clientWith(adminKey);
    const limited = await createKey(proxy, { acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const unlimited = await createKey(proxy, { acl: ['search'] });
    const caller = clientWith(unlimited);
    for (let i = 0; i < 3; i++) {
      const result = await caller.searchSingleIndex(
        { indexName, searchParams: { query: 'tapis' } },
        { headers: { 'X-Forwarded-API-Key': limited, 'X-Forwarded-For': '192.0.2.99' } },
      );
      expect(result.nbHits).toBe(1);
    }
  });
});
