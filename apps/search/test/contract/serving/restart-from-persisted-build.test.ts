import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@vitrine/database/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir } from '../../support/fresh-store.ts';
import { makeProducts, productSettings } from '../../support/products.ts';
import {
  spawnedHeaders as headers,
  killSpawnedServices,
  outputOf,
  signalService,
  startSpawnedService,
  waitFor,
} from '../../support/spawned-service.ts';

/**
 * The real service restarted on its data folder (decision 0016, "Restart"): a clean stop leaves a persisted build
 * of the indices, and the next start answers from it exactly as the service did before; a build the store has
 * moved past (a write acknowledged after it), or a damaged, truncated or other-version file, is not trusted and
 * the indices are rebuilt from the store.
 */
let dataDir: string;
let port: number;
const buildFile = () => join(dataDir, 'search-build', 'indices.build');
const env = { LOG_LEVEL: 'info' };

afterAll(() => {
  killSpawnedServices();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

async function waitForTask(index: string, answer: unknown): Promise<void> {
  const { taskID } = answer as { taskID: number };
  await waitFor(
    async () =>
      ((await call('GET', `/1/indexes/${index}/task/${taskID}`)) as { status: string }).status ===
      'published',
    `task ${taskID}`,
  );
}

/** What a shopper's and a merchant's calls see: hits, facets, sort replicas, rules, synonyms and settings. */
async function observe(): Promise<unknown> {
  const queries = [
    { indexName: 'products', query: 'sony', facets: ['*'], hitsPerPage: 5 },
    { indexName: 'products', query: 'telly', facets: ['brand'], getRankingInfo: false },
    { indexName: 'products', query: 'jaket', filters: 'price < 800', facets: ['color'] },
    { indexName: 'products', query: '', facetFilters: [['brand:LG']], hitsPerPage: 3, page: 1 },
    { indexName: 'products_price_asc', query: 'television', hitsPerPage: 4 },
    { indexName: 'products_price_asc', query: '', numericFilters: ['price > 1000'] },
    { indexName: 'products_rank_asc', query: 'acme', hitsPerPage: 4 },
  ];
  const { results } = (await call('POST', '/1/indexes/*/queries', { requests: queries })) as {
    results: Record<string, unknown>[];
  };
  return {
    answers: results.map(withoutTimings),
    settings: await call('GET', '/1/indexes/products_price_asc/settings'),
    synonyms: await call('POST', '/1/indexes/products/synonyms/search', {}),
    rules: await call('POST', '/1/indexes/products/rules/search', {}),
    object: await call('GET', '/1/indexes/products/sku-7'),
    browse: withoutTimings(await call('POST', '/1/indexes/products/browse', { hitsPerPage: 1000 })),
  };
}

function withoutTimings(answer: unknown): unknown {
  const { processingTimeMS, serverTimeMS, processingTimingsMS, ...rest } = answer as Record<
    string,
    unknown
  >;
  return rest;
}

/** Starts the service and returns it with how it loaded the indices (its `Indices loaded` line). */
let running: ChildProcess | undefined;

async function start(): Promise<{
  service: ChildProcess;
  loaded: () => string;
  log: () => string;
}> {
  const service = await startSpawnedService(dataDir, port, env);
  running = service;
  await waitFor(
    () => outputOf(service).some((line) => line.startsWith('Indices loaded')),
    'the load line',
  );
  return {
    service,
    loaded: () => outputOf(service).find((line) => line.startsWith('Indices loaded')) ?? '',
    log: () => outputOf(service).join('\n'),
  };
}

async function stop(service: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (service.exitCode !== null || service.signalCode !== null) return;
  const exited = new Promise((resolve) => service.once('exit', resolve));
  signalService(service, signal);
  await exited;
  // npx exits first: wait for the service's own process (it writes the build on a clean stop).
  await waitFor(() => !groupAlive(service), 'the service stopped', 90_000);
}

function groupAlive(service: ChildProcess): boolean {
  try {
    process.kill(-(service.pid ?? 0), 0);
    return true;
  } catch {
    return false;
  }
}

// A failed test leaves its service running: stop it before the next one starts on the same port.
afterEach(async () => {
  if (running) await stop(running, 'SIGKILL');
  running = undefined;
});

let before: unknown;

beforeAll(async () => {
  dataDir = await freshDataDir();
  port = await freePort();
  const { service } = await start();
  await call('PUT', '/1/indexes/products/settings', {
    ...productSettings,
    replicas: ['products_price_asc', 'virtual(products_rank_asc)'],
  });
  await call('PUT', '/1/indexes/products_price_asc/settings', {
    ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
  });
  await call('PUT', '/1/indexes/products_rank_asc/settings', { customRanking: ['asc(rank)'] });
  const requests = makeProducts(400).map((body) => ({ action: 'addObject', body }));
  await call('POST', '/1/indexes/products/batch', { requests });
  await call('POST', '/1/indexes/products/synonyms/batch', [
    { objectID: 's', type: 'synonym', synonyms: ['television', 'telly'] },
  ]);
  await call('POST', '/1/indexes/products/rules/batch', [
    {
      objectID: 'r',
      conditions: [{ pattern: 'sony', anchoring: 'contains' }],
      consequence: { userData: { tv: true } },
    },
  ]);
  // Replaced, deleted and partly updated records: dead document numbers in the build.
  await call('POST', '/1/indexes/products/batch', {
    requests: [
      { action: 'deleteObject', body: { objectID: 'sku-3' } },
      {
        action: 'partialUpdateObject',
        body: { objectID: 'sku-7', price: 11, name: 'Sony jacket 7' },
      },
      { action: 'updateObject', body: { ...makeProducts(9)[8], brand: 'Acme', objectID: 'sku-8' } },
    ],
  });
  await waitForTask(
    'products',
    await call('POST', '/1/indexes/products/batch', {
      requests: [{ action: 'deleteObject', body: { objectID: 'sku-10' } }],
    }),
  );
  before = await observe();
  await stop(service, 'SIGTERM');
}, 180_000);

describe('a restart from the persisted build', () => {
  it('answers every search, setting, synonym and rule exactly as before the stop, then takes writes', async () => {
    const { service, loaded } = await start();
    expect(loaded()).toContain('from the persisted build');
    expect(await observe()).toEqual(before);
    await waitForTask(
      'products',
      await call('POST', '/1/indexes/products/batch', {
        requests: [
          {
            action: 'addObject',
            body: { ...makeProducts(1)[0], objectID: 'new', name: 'Zenith telly' },
          },
        ],
      }),
    );
    const { hits } = (await call('POST', '/1/indexes/products_price_asc/query', {
      query: 'zenith',
    })) as {
      hits: { objectID: string }[];
    };
    expect(hits.map((hit) => hit.objectID)).toEqual(['new']);
    // Killed before the next quiet time: the build on disk stops short of that write.
    await stop(service, 'SIGKILL');
  }, 180_000);

  it('is not trusted once a write was acknowledged after it: the rebuilt indices hold the write', async () => {
    const { service, loaded, log } = await start();
    expect(loaded()).toContain('store read');
    expect(log()).toMatch(
      /Persisted build not used \(stale: it holds the writes up to task \d+, the store is at task \d+\)/,
    );
    const { hits } = (await call('POST', '/1/indexes/products/query', { query: 'zenith' })) as {
      hits: { objectID: string }[];
    };
    expect(hits.map((hit) => hit.objectID)).toEqual(['new']);
    await waitForTask(
      'products',
      await call('POST', '/1/indexes/products/batch', {
        requests: [{ action: 'deleteObject', body: { objectID: 'new' } }],
      }),
    );
    expect(await observe()).toEqual(before);
    await stop(service, 'SIGTERM');
  }, 180_000);

  it.each([
    {
      damage: 'a truncated file',
      apply: (path: string) => truncateSync(path, readFileSync(path).length - 100),
      reason: /the file is truncated/,
    },
    {
      damage: 'a damaged byte',
      apply: (path: string) => {
        const bytes = readFileSync(path);
        const at = Math.floor(bytes.length / 2);
        bytes[at] = (bytes[at] ?? 0) ^ 0xff;
        writeFileSync(path, bytes);
      },
      reason: /checksum does not match|damaged/,
    },
    {
      damage: 'another engine version',
      apply: (path: string) => {
        const bytes = readFileSync(path);
        const at = bytes.indexOf('"engineVersion":');
        bytes.write('9', at + '"engineVersion":'.length);
        writeFileSync(path, bytes);
      },
      reason: /made by engine build version 9/,
    },
  ])(
    'is not trusted with $damage: the indices are rebuilt from the store',
    async ({ apply, reason }) => {
      // The previous start rebuilt from the store and its clean stop wrote a current build: damage it.
      expect(readFileSync(buildFile()).length).toBeGreaterThan(0);
      apply(buildFile());
      const { service, loaded, log } = await start();
      expect(loaded()).toContain('store read');
      expect(log()).toMatch(reason);
      expect(await observe()).toEqual(before);
      await stop(service, 'SIGTERM');
    },
    90_000,
  );

  it('is taken again once a clean stop rewrote it', async () => {
    const { service, loaded } = await start();
    expect(loaded()).toContain('from the persisted build');
    expect(await observe()).toEqual(before);
    await stop(service, 'SIGTERM');
  }, 180_000);
});
