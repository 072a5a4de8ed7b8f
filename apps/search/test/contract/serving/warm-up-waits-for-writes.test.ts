/**
 * The warm-up after a write (`IndexPreparer`: one search over every record per step) waits while the service is
 * busy (issue #26; decision 0016): a write committed to the store and applied in slices, or the persisted build
 * being saved. Here a small write schedules a warm-up pass and a batch of 20,000 records follows at once: while
 * the batch is committed and applied (far beyond the preparer's short delay), no warm-up step runs, and
 * `GET /1/health` and searches sent over HTTP are answered; once the batch is acknowledged, the whole pass runs.
 * No timing is asserted: which steps ran while the batch was pending, and which answers arrived then.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { SearchIndex } from '../../../src/engine/index.ts';
import { jacketBatch } from '../../support/jacket-batch.ts';
import { adminKey, appId, searchKey, startTestApp, type TestApp } from '../../support/test-app.ts';

const indexName = 'products_warmed';

let testApp: TestApp;
let base: string;

beforeAll(async () => {
  testApp = await startTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const settings = { searchableAttributes: ['name', 'description'], customRanking: ['asc(price)'] };
  await (await send(`/1/indexes/${indexName}/settings`, adminKey, settings, 'PUT')).arrayBuffer();
  await (await addObjects(jacketBatch(2_000))).arrayBuffer();
});
afterAll(async () => {
  await testApp.close();
});

function send(path: string, key: string, body?: unknown, method?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': key },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function addObjects(records: readonly object[]): Promise<Response> {
  return send(`/1/indexes/${indexName}/batch`, adminKey, {
    requests: records.map((body) => ({ action: 'addObject', body })),
  });
}

it('warms the index after a big write is applied, not while, and answers requests meanwhile', async () => {
  const { service } = testApp.app.vitrine;
  const engine = service.registry.require(indexName).ownIndex as SearchIndex;
  const steps = engine.preparationSteps.bind(engine);
  const events: string[] = [];
  const busy = () => service.pendingWrites > 0;
  const sizeBefore = engine.size;
  // Each step says when it ran: while the batch was pending, or before or after the engine held it (on a
  // loaded machine the small write's pass may start before the big batch arrives: that is allowed).
  vi.spyOn(engine, 'preparationSteps').mockImplementation(() =>
    steps().map((step) => () => {
      if (busy()) events.push('step while writing');
      else events.push(engine.size > sizeBefore + 1 ? 'step after the batch' : 'step before');
      step();
    }),
  );
  const bigRecords = jacketBatch(20_000).map((record) => ({
    ...record,
    objectID: `big-${record.objectID}`,
  }));
  // The small write schedules a pass (after the preparer's delay); the big batch is sent right after it.
  await (await addObjects([{ objectID: 'late', name: 'late wool jacket' }])).arrayBuffer();
  const big = addObjects(bigRecords);
  const acknowledged = big.then(async (answer) => {
    await answer.arrayBuffer();
    events.push(`batch ${answer.status}`);
  });
  while (!busy()) await new Promise((resolve) => setImmediate(resolve));
  const answered = async (name: string, response: Promise<Response>) => {
    const answer = await response;
    await answer.arrayBuffer();
    events.push(`${name} ${answer.status} ${busy() ? 'while writing' : 'after'}`);
  };
  // Requests one after the other for as long as the batch is pending.
  while (busy()) {
    await answered('health', send('/1/health', adminKey));
    await answered('search', send(`/1/indexes/${indexName}/query`, searchKey, { query: 'wo' }));
  }
  await acknowledged;
  const passLength = steps().length;
  const stepsAfter = () => events.filter((event) => event === 'step after the batch');
  await vi.waitFor(() => expect(stepsAfter()).toHaveLength(passLength), { timeout: 50_000 });

  expect(events).not.toContain('step while writing');
  const written = events.indexOf('batch 200');
  expect(events.slice(0, written)).toContain('health 200 while writing');
  expect(events.slice(0, written)).toContain('search 200 while writing');
});
