/**
 * Saving the persisted build never blocks serving (issue #26; decision 0016, "Restart"). While the build of a big
 * index is being written to disk — its temporary file there, the final one not yet — `GET /1/health`, the index
 * list, a task status and a search sent over HTTP are answered, and the save still completes (requests do not
 * make it start over). No timing is asserted: only that the answers arrive while the save is in progress.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jacketBatch } from '../../support/jacket-batch.ts';
import { adminKey, appId, searchKey, startTestApp, type TestApp } from '../../support/test-app.ts';

const directory = mkdtempSync(join(tmpdir(), 'vitrine-build-save-'));
const finalFile = join(directory, 'indices.build');
const temporaryFile = `${finalFile}.tmp`;
const indexName = 'products_saved';
const batch = jacketBatch(20_000);

let testApp: TestApp;
let base: string;
let lastTask = 0;

beforeAll(async () => {
  // No quiet-time save: the test starts the one it watches.
  testApp = await startTestApp({ buildSnapshot: { directory, quietMS: 3_600_000 } });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const settings = {
    searchableAttributes: ['name', 'description'],
    attributesForFaceting: ['brand'],
    replicas: [`${indexName}_price_asc`],
  };
  await (await send(`/1/indexes/${indexName}/settings`, adminKey, settings, 'PUT')).arrayBuffer();
  const saved = await send(`/1/indexes/${indexName}/batch`, adminKey, {
    requests: batch.map((body) => ({ action: 'addObject', body })),
  });
  lastTask = ((await saved.json()) as { taskID: number }).taskID;
});
afterAll(async () => {
  await testApp.close();
  rmSync(directory, { recursive: true, force: true });
});

function send(path: string, key: string, body?: unknown, method?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': key },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Whether the save is under way: its temporary file written to, the final file not there yet. */
const saving = () => existsSync(temporaryFile) && !existsSync(finalFile);

it('answers health, the index list, a task status and searches while a big build is saved', async () => {
  const snapshots = testApp.app.vitrine.snapshots;
  if (!snapshots) throw new Error('the persisted build is not configured');
  const events: string[] = [];
  const save = snapshots.save().then((written) => {
    events.push('saved');
    return written;
  });
  while (!saving()) await new Promise((resolve) => setImmediate(resolve));
  const asked = [
    ['health', send('/1/health', adminKey)],
    ['list', send('/1/indexes', adminKey)],
    ['task', send(`/1/indexes/${indexName}/task/${lastTask}`, adminKey)],
    ['search', send(`/1/indexes/${indexName}/query`, searchKey, { query: 'wool jacket' })],
    ['replica', send(`/1/indexes/${indexName}_price_asc/query`, searchKey, { query: 'denim' })],
  ] as const;
  const answers = await Promise.all(
    asked.map(async ([name, response]) => {
      const answer = await response;
      const body = (await answer.json()) as { nbHits?: number };
      // Still under way when the answer arrived.
      events.push(`${name} ${answer.status} ${saving() ? 'while saving' : 'after'}`);
      return body;
    }),
  );
  const written = await save;

  expect(events.at(-1)).toBe('saved');
  expect(events.slice(0, -1).sort()).toEqual([
    'health 200 while saving',
    'list 200 while saving',
    'replica 200 while saving',
    'search 200 while saving',
    'task 200 while saving',
  ]);
  // Each word is in the name of one record in 8 and in the description of another one in 8.
  expect(answers[3]?.nbHits).toBe(batch.length / 4);
  expect(answers[4]?.nbHits).toBe(batch.length / 4);
  // The answers did not make the save start over: the file holds the latest task.
  expect(written?.taskID).toBeGreaterThanOrEqual(lastTask);
  expect(existsSync(finalFile)).toBe(true);
  expect(existsSync(temporaryFile)).toBe(false);
});
