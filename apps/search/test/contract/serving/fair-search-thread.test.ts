/**
 * Fairness of the search thread (issue #24, finding 2; decision 0012). A multi-query call holds at most 50
 * queries, as Algolia's (400 `Too many queries in multi query request`), and even the heaviest legal call (50
 * queries of 1,000 hits) gives the thread back between its slices: a cheap search sent while it is being answered
 * is answered first. All the answers of one call still come from one state of the index, even when a write lands
 * between two slices. No timing is asserted: only the order in which answers arrive.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { appId, searchKey } from '../../support/test-app.ts';
import { postRaw, seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'products_fair';
const words = ['linen', 'wool', 'cotton', 'denim', 'silk', 'leather', 'canvas', 'tweed'];
const kinds = ['jacket', 'shirt', 'trousers', 'dress', 'scarf', 'coat', 'skirt', 'boots'];
const records = Array.from({ length: 3000 }, (_, n) => ({
  objectID: `p-${n}`,
  name: `${words[n % words.length]} ${kinds[(n * 7) % kinds.length]} ${n}`,
  description: `A ${words[(n * 3) % words.length]} piece, model ${n}, for every season`,
  brand: `Brand ${n % 40}`,
  price: (n % 200) + 10,
}));

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
  await seedIndex(
    admin,
    indexName,
    { searchableAttributes: ['name', 'description'], attributesForFaceting: ['brand'] },
    records,
  );
});
afterAll(async () => server.close());

const path = '/1/indexes/*/queries';
/** The heaviest legal call: 50 queries of 1,000 hits each, every one matching the whole index. */
const heaviestCall = {
  requests: Array.from({ length: 50 }, (_, n) => ({
    indexName,
    query: '',
    hitsPerPage: 1000,
    facets: ['brand'],
    analyticsTags: [`heavy-${n}`],
  })),
};

/** POSTs `body` with the search-only key; resolves with the status once the answer's headers arrive. */
async function post(body: unknown): Promise<{ status: number; json: () => Promise<unknown> }> {
  const response = await fetch(`http://${server.host}:${server.port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain',
      'accept-encoding': 'gzip',
      'x-algolia-application-id': appId,
      'x-algolia-api-key': searchKey,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: () => response.json() as Promise<unknown> };
}

/** Calls `then` once, when the server starts receiving the next request for `path`. */
function whenNextRequestArrives(then: () => void): void {
  const listener = (request: IncomingMessage) => {
    if (!request.url?.startsWith(path)) return;
    server.app.server.off('request', listener);
    then();
  };
  server.app.server.on('request', listener);
}

describe('the number of queries in one call', () => {
  it('is at most 50, as Algolia answers more', async () => {
    const query = { indexName, query: 'wool', hitsPerPage: 1 };
    const fifty = await postRaw(server, path, { requests: Array(50).fill(query) });
    expect(fifty.status).toBe(200);
    const more = await postRaw(server, path, { requests: Array(51).fill(query) });
    expect(more).toEqual({
      status: 400,
      body: { status: 400, message: 'Too many queries in multi query request' },
    });
  });

  it('is at most 50 for Recommend too', async () => {
    const entry = { indexName, model: 'trending-items', threshold: 0 };
    const more = await postRaw(server, '/1/indexes/*/recommendations', {
      requests: Array(51).fill(entry),
    });
    expect(more).toEqual({
      status: 400,
      body: { status: 400, message: 'Too many queries in multi query request' },
    });
  });
});

describe('a heavy call', () => {
  it('lets a cheap search sent while it is being answered finish first', async () => {
    const finished: string[] = [];
    let cheap: Promise<unknown> = Promise.resolve();
    whenNextRequestArrives(() => {
      cheap = post({ requests: [{ indexName, query: 'tweed', hitsPerPage: 5 }] }).then((answer) =>
        finished.push(`cheap ${answer.status}`),
      );
    });
    const heavy = post(heaviestCall).then(async (answer) => {
      finished.push(`heavy ${answer.status}`);
      await answer.json();
    });
    await heavy;
    await cheap;
    expect(finished).toEqual(['cheap 200', 'heavy 200']);
  });

  it('answers every query from the same state of the index when a write lands meanwhile', async () => {
    // 100 hits a query: the call stays within its time budget (queries past it come back empty, flagged).
    const count = {
      requests: heaviestCall.requests.map((entry) => ({ ...entry, hitsPerPage: 100 })),
    };
    let write: Promise<unknown> = Promise.resolve();
    whenNextRequestArrives(() => {
      write = admin.saveObjects({
        indexName,
        objects: [{ objectID: 'new-1', name: 'wool jacket new' }],
        waitForTasks: true,
      });
    });
    const answer = await post(count);
    await write;
    const { results } = (await answer.json()) as { results: { nbHits: number }[] };
    expect(results).toHaveLength(50);
    expect(new Set(results.map((result) => result.nbHits)).size).toBe(1);
    await admin.deleteObject({ indexName, objectID: 'new-1' });
  });
});
