/**
 * Indexing never blocks searching (issue #26, item 3; decision 0016). A big batch is applied to the live index in
 * slices with the event loop given back between them: a search, the index list and a task status sent while it
 * is being applied are answered before the batch is acknowledged, from the records applied so far, and once it is
 * acknowledged every record is there. A move of a big index (what `replaceAllObjects` ends with) lets a search
 * through while the store copies its records. No timing is asserted: only the order in which answers arrive.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jacketBatch } from '../../support/jacket-batch.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { adminKey, appId, searchKey } from '../../support/test-app.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'products_indexing';
const batch = jacketBatch(20_000);

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({
    indexName,
    settings: {
      searchableAttributes: ['name', 'description'],
      attributesForFaceting: ['brand'],
      replicas: [`${indexName}_price_asc`],
    },
    records: [{ objectID: 'first', name: 'tweed jacket first', brand: 'Brand 0', price: 1 }],
  }));
});
afterAll(async () => server.close());

async function send(path: string, key: string, body?: unknown): Promise<Response> {
  return fetch(`http://${server.host}:${server.port}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': key },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

it('answers a search, the index list and a task status while a big batch is applied', async () => {
  const { service } = server.app.vitrine;
  const { taskID: earlierTask } = await admin.saveObject({
    indexName,
    body: { objectID: 'second', name: 'wool jacket second', brand: 'Brand 1', price: 2 },
  });
  await admin.waitForTask({ indexName, taskID: earlierTask });

  const answered: string[] = [];
  let searched: Promise<number> | undefined;
  let others: Promise<unknown> | undefined;
  // The registry's generation moves at each pause of a write being applied: the first one while the batch is
  // pending is the moment to ask (before the change, it moved only once the whole batch was in).
  service.registry.onChanged(() => {
    if (searched || service.pendingWrites === 0) return;
    searched = send(`/1/indexes/${indexName}/query`, searchKey, { query: 'jacket' }).then(
      async (response) => {
        answered.push(`search ${response.status}`);
        return ((await response.json()) as { nbHits: number }).nbHits;
      },
    );
    others = Promise.all([
      send('/1/indexes', adminKey).then((response) => answered.push(`list ${response.status}`)),
      send(`/1/indexes/${indexName}/task/${earlierTask}`, adminKey).then((response) =>
        answered.push(`task ${response.status}`),
      ),
    ]);
  });
  const written = await send(`/1/indexes/${indexName}/batch`, adminKey, {
    requests: batch.map((body) => ({ action: 'addObject', body })),
  });
  answered.push(`batch ${written.status}`);
  const nbHits = await searched;
  await others;

  expect(answered.at(-1)).toBe('batch 200');
  expect([...answered].sort()).toEqual(['batch 200', 'list 200', 'search 200', 'task 200']);
  // Answered from the records applied so far: the two before the batch and some, not all, of its own.
  expect(nbHits).toBeGreaterThanOrEqual(2);
  expect(nbHits).toBeLessThan(batch.length + 2);

  const after = await admin.searchSingleIndex({ indexName, searchParams: { query: 'jacket' } });
  expect(after.nbHits).toBe(batch.length + 2);
  const replica = await admin.searchSingleIndex({
    indexName: `${indexName}_price_asc`,
    searchParams: { query: 'jacket', hitsPerPage: 1 },
  });
  expect(replica.nbHits).toBe(batch.length + 2);
});

it('answers a search sent while a move of a big index is committed, before the move', async () => {
  const temporary = `${indexName}_tmp`;
  const { taskID } = await admin
    .saveObjects({ indexName: temporary, objects: batch })
    .then((responses) => responses.at(-1) ?? { taskID: 0 });
  await admin.waitForTask({ indexName: temporary, taskID });
  const answered: string[] = [];
  let searched: Promise<unknown> = Promise.resolve();
  const listener = (request: IncomingMessage) => {
    if (!request.url?.startsWith(`/1/indexes/${temporary}/operation`)) return;
    server.app.server.off('request', listener);
    // The move's body is read in the next turns, then committed: the store copies and deletes 20,000 records.
    searched = new Promise((resolve) => setImmediate(resolve))
      .then(() => send(`/1/indexes/${indexName}/query`, searchKey, { query: 'jacket' }))
      .then((response) => answered.push(`search ${response.status}`));
  };
  server.app.server.on('request', listener);
  const moved = await send(`/1/indexes/${temporary}/operation`, adminKey, {
    operation: 'move',
    destination: indexName,
  });
  answered.push(`move ${moved.status}`);
  await searched;
  expect(answered).toEqual(['search 200', 'move 200']);
});
