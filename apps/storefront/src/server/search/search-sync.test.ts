import { productReplicas, productsIndex } from '@vitrine/catalogue';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { catalogueIndexStore } from '../../../test/support/catalogue-index-store.ts';
import { recordingLogger } from '../../../test/support/recording-logger.ts';
import {
  startSearchService,
  type TestSearchService,
} from '../../../test/support/search-service.ts';
import { createSearchAdminClient, searchHosts } from './search-admin-client.ts';
import { createSearchSync, type SearchSync, type SearchTarget } from './search-sync.ts';

const catalogue = [
  makeProduct('MJ01'),
  makeProduct('WJ01', { categories: [['Women', 'Tops', 'Jackets']] }),
];
const cleanups: (() => Promise<void>)[] = [];
// One real service for the file (starting one takes seconds); every test starts with no index.
const shared = await startSearchService();
afterAll(() => shared.close());
beforeEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  await shared.deleteAllIndices();
});

async function emptyService(): Promise<TestSearchService> {
  return shared;
}

function targetFor(url: string, adminKey: string): SearchTarget {
  return { client: createSearchAdminClient({ url, appId: 'vitrine', adminKey }), description: url };
}

function track(sync: SearchSync): SearchSync {
  cleanups.push(() => sync.stop());
  return sync;
}

describe('searchHosts', () => {
  it('turns a search-service origin into the official client hosts', () => {
    expect(searchHosts('http://localhost:7070')).toEqual([
      { url: 'localhost', port: 7070, protocol: 'http', accept: 'readWrite' },
    ]);
    expect(searchHosts('https://search.example.com')).toEqual([
      { url: 'search.example.com', protocol: 'https', accept: 'readWrite' },
    ]);
    expect(() => searchHosts('ftp://x')).toThrow(/http/);
  });
});

describe('the search index sync', () => {
  it('pushes settings, replica settings and one record per colour, then stamps the version', async () => {
    const service = await emptyService();
    const logger = recordingLogger();
    const sync = track(
      createSearchSync({
        store: catalogueIndexStore(catalogue),
        connect: () => targetFor(service.url, service.adminKey),
        logger,
      }),
    );
    const outcome = await sync.requestSync();
    expect(outcome).toMatchObject({ status: 'pushed', full: true, records: 2 });
    expect((await service.records(productsIndex)).map((record) => record.objectID).sort()).toEqual([
      'MJ01-Black',
      'WJ01-Black',
    ]);
    const settings = await service.settings(productsIndex);
    expect(settings).toMatchObject({
      attributeForDistinct: 'productId',
      replicas: Object.values(productReplicas),
    });
    expect(settings?.userData).toEqual({ settingsVersion: expect.any(String) });
    expect(await service.settings(productReplicas.priceAsc)).toMatchObject({
      ranking: expect.arrayContaining(['asc(price)']),
    });
    expect(logger.lines).toEqual([
      {
        level: 'info',
        message: expect.stringMatching(
          /^Search index updated on .*: 2 records of 2 products \(full push\) in \d+ ms, longest event-loop stall \d+ ms \(at most \d+ ms of CPU between two turns\)\.$/,
        ),
      },
    ]);
  });

  it('skips the push when the index already holds this catalogue, and pushes only what changed', async () => {
    const service = await emptyService();
    const store = catalogueIndexStore(catalogue);
    const sync = track(
      createSearchSync({
        store,
        connect: () => targetFor(service.url, service.adminKey),
        logger: recordingLogger(),
      }),
    );
    await sync.requestSync();
    const requestsAfterFirstPush = service.requests.length;
    expect(await sync.requestSync()).toMatchObject({ status: 'unchanged' });
    expect(service.requests.slice(requestsAfterFirstPush)).toEqual([
      `GET /1/indexes/${productsIndex}/settings`,
    ]);
    store.write([makeProduct('MJ01', { name: 'Storm Jacket' })]);
    expect(await sync.requestSync()).toMatchObject({
      status: 'pushed',
      full: false,
      products: 1,
      records: 1,
    });
    expect(
      (await service.records(productsIndex)).find((record) => record.objectID === 'MJ01-Black'),
    ).toMatchObject({
      name: 'Storm Jacket',
    });
  });
});

describe('the search index sync when things go wrong', () => {
  it('warns once when the service is away and retries quietly until it answers', async () => {
    const service = await emptyService();
    const logger = recordingLogger();
    let url = 'http://127.0.0.1:9'; // discard port: nothing listens there
    let failures = 0;
    const sync = track(
      createSearchSync({
        store: catalogueIndexStore(catalogue),
        connect: () => {
          if (url !== service.url) failures += 1;
          return targetFor(url, service.adminKey);
        },
        logger,
        retryDelaysMs: [50],
      }),
    );
    const first = await sync.requestSync();
    expect(first).toEqual({
      status: 'pending',
      reason: 'the service is not reachable',
      retryInMs: 50,
    });
    expect(logger.lines[0]).toEqual({
      level: 'warn',
      message:
        'Could not update the search index on http://127.0.0.1:9: the service is not reachable. The storefront ' +
        'keeps serving pages and retries in the background (quietly until the problem changes).',
    });
    await expect.poll(() => failures, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    url = service.url;
    await expect.poll(() => sync.lastOutcome()?.status, { timeout: 10_000 }).toBe('pushed');
    expect(await service.records(productsIndex)).toHaveLength(2);
    expect(logger.lines.map((line) => line.level)).toEqual(['warn', 'info']);
  });

  it('reports a refused key and a missing key as pending, with the reason', async () => {
    const service = await emptyService();
    const wrongKey = track(
      createSearchSync({
        store: catalogueIndexStore(catalogue),
        connect: () => targetFor(service.url, 'wrong-key'),
        logger: recordingLogger(),
        retryDelaysMs: [60_000],
      }),
    );
    expect(await wrongKey.requestSync()).toMatchObject({
      status: 'pending',
      reason: expect.stringMatching(/^HTTP 403: Invalid Application-ID or API key/),
    });
    const noKey = track(
      createSearchSync({
        store: catalogueIndexStore(catalogue),
        connect: () => {
          throw new Error('no admin key for http://localhost:7070');
        },
        logger: recordingLogger(),
        retryDelaysMs: [60_000],
      }),
    );
    expect(await noKey.requestSync()).toMatchObject({
      status: 'pending',
      reason: 'no admin key for http://localhost:7070',
    });
  });

  it('runs requests that arrive during a sync as one more sync afterwards', async () => {
    const service = await emptyService();
    const sync = track(
      createSearchSync({
        store: catalogueIndexStore(catalogue),
        connect: () => targetFor(service.url, service.adminKey),
        logger: recordingLogger(),
      }),
    );
    const requestsBefore = service.requests.length;
    const outcomes = await Promise.all([
      sync.requestSync(),
      sync.requestSync(),
      sync.requestSync(),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['pushed', 'unchanged', 'unchanged']);
    // One settings read starts each sync: the three requests ran two syncs.
    const settingsReads = service.requests
      .slice(requestsBefore)
      .filter((request) => request === `GET /1/indexes/${productsIndex}/settings`);
    expect(settingsReads).toHaveLength(2);
  });

  it('tells each request the progress of the sync that serves it', async () => {
    const service = await emptyService();
    const sync = track(
      createSearchSync({
        store: catalogueIndexStore(catalogue),
        connect: () => targetFor(service.url, service.adminKey),
        logger: recordingLogger(),
        pageSize: 1,
      }),
    );
    const told: string[] = [];
    const follow = (name: string) => ({
      onProgress: ({ products, total }: { products: number; total: number }) =>
        told.push(`${name} ${products}/${total}`),
    });
    // The second request arrives during the first sync (a full push, one product a page): the next sync
    // serves it, which has nothing left to send.
    await Promise.all([sync.requestSync(follow('first')), sync.requestSync(follow('second'))]);
    expect(told).toEqual(['first 0/2', 'first 1/2', 'first 2/2', 'second 0/0']);
  });
});
