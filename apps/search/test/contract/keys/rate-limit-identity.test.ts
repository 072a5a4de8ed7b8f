/**
 * Who a key's `maxQueriesPerIPPerHour` counts (issue #24, finding 5). Algolia counts per IP address; only a user
 * token bound in a secured API key replaces the IP, and a backend proxying with the admin key may name its user
 * (`X-Forwarded-API-Key` with `X-Forwarded-For`, `X-Algolia-UserToken`). A token the caller sends itself must not
 * open a new budget: a client could send a new one with every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey } from '../../support/test-app.ts';
import {
  clientFor,
  createKey,
  searchStatus,
  seedIndex,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, adminKey);
  await seedIndex(admin, 'shop', {}, [{ objectID: '1', name: 'rain jacket' }]);
});
afterAll(async () => server.close());

/** Status of one search sent with `key`, `headers`, and `extra` parameters in the request entry. */
const statusOf = (key: string, headers: Record<string, string> = {}, extra = {}) =>
  searchStatus(server, key, { entry: { indexName: 'shop', query: 'jacket', ...extra }, headers });

describe('a rate-limited key', () => {
  it('keeps answering 429 to a client that sends a new user token with each request', async () => {
    const key = await createKey(admin, { acl: ['search'], maxQueriesPerIPPerHour: 2 });
    expect(await statusOf(key)).toBe(200);
    expect(await statusOf(key)).toBe(200);
    expect(await statusOf(key)).toBe(429);
    expect(await statusOf(key, { 'X-Algolia-UserToken': 'fresh-1' })).toBe(429);
    expect(await statusOf(key, {}, { userToken: 'fresh-2' })).toBe(429);
  });

  it('gives each user token of a secured key a budget of its own, whatever token the request sends', async () => {
    const parent = await createKey(admin, { acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const alice = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { userToken: 'alice' },
    });
    const bob = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { userToken: 'bob' },
    });
    expect(await statusOf(alice)).toBe(200);
    expect(await statusOf(alice, { 'X-Algolia-UserToken': 'someone-else' })).toBe(429);
    expect(await statusOf(bob)).toBe(200);
  });

  it('counts an admin-key proxy per the user token it names for its user', async () => {
    const limited = await createKey(admin, { acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const proxied = (userToken: string) =>
      statusOf(adminKey, {
        'X-Forwarded-API-Key': limited,
        'X-Forwarded-For': '192.0.2.20',
        'X-Algolia-UserToken': userToken,
      });
    expect(await proxied('shopper-1')).toBe(200);
    expect(await proxied('shopper-1')).toBe(429);
    expect(await proxied('shopper-2')).toBe(200);
  });
});
