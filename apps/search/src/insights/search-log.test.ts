import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshStore } from '../../test/support/fresh-store.ts';
import type { SearchLogEntry, SearchStore } from '../store/search-store.ts';
import { loggedHitsPerSearch, SearchLog } from './search-log.ts';

let store: SearchStore;
beforeAll(async () => {
  store = await freshStore();
});
afterAll(async () => store.close());

const entry = (query: string): SearchLogEntry => ({
  indexName: 'products',
  query,
  filters: '',
  hitCount: 1,
  queryID: undefined,
  userToken: undefined,
  searchedAt: new Date('2026-01-01T00:00:00Z'),
  processingTimeMS: 1,
});

it('buffers entries off the request path and writes them on flush, on a full buffer and on close', async () => {
  const log = new SearchLog(store, { flushIntervalMS: 60_000, maxBuffered: 3 });
  log.record(entry('one'));
  expect(await store.readSearchLog(10)).toEqual([]);
  await log.flush();
  expect((await store.readSearchLog(10)).map((row) => row.query)).toEqual(['one']);
  log.record(entry('two'));
  log.record(entry('three'));
  log.record(entry('four'));
  await log.flush();
  log.record(entry('bad \u0000 text \ud800'));
  await log.close();
  expect((await store.readSearchLog(10)).map((row) => row.query)).toEqual([
    'bad \ufffd text \ufffd',
    'four',
    'three',
    'two',
    'one',
  ]);
});

it('keeps entries when the store fails and writes them on the next flush', async () => {
  let failing = true;
  const errors: unknown[] = [];
  const flaky: SearchStore = {
    ...store,
    appendSearchLog: async (entries) => {
      if (failing) throw new Error('store down');
      await store.appendSearchLog(entries);
    },
  };
  const log = new SearchLog(flaky, {
    flushIntervalMS: 60_000,
    onError: (error) => errors.push(error),
  });
  log.record(entry('kept'));
  await log.flush();
  expect(errors).toHaveLength(1);
  failing = false;
  await log.close();
  expect((await store.readSearchLog(1))[0]?.query).toBe('kept');
});

it('logs the objectIDs of the first 20 hits of a search only', async () => {
  const log = new SearchLog(store, { flushIntervalMS: 60_000 });
  const returned = Array.from({ length: 50 }, (_, n) => `sku-${n + 1}`);
  log.record({ ...entry('many hits'), hitCount: 50, objectIDs: returned });
  log.record({ ...entry('few hits'), hitCount: 2, objectIDs: ['sku-1', 'sku-2'] });
  await log.close();
  const [few, many] = await store.readSearchLog(2);
  expect(loggedHitsPerSearch).toBe(20);
  expect(many).toMatchObject({
    query: 'many hits',
    hitCount: 50,
    objectIDs: returned.slice(0, 20),
  });
  expect(few).toMatchObject({ query: 'few hits', objectIDs: ['sku-1', 'sku-2'] });
});
