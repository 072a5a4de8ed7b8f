/**
 * The Query Suggestions API's configurations (docs/api.md §2.14) through the official v5 Query Suggestions client
 * against a listening service: create, list, get, update, delete, status and logs, with Algolia's answers, ACLs
 * and `{message, status}` errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../support/failure-of.ts';
import { appId, searchKey } from '../../support/test-app.ts';
import { createKey, startTestServer, type TestServer } from '../../support/test-server.ts';
import { type Clients, clientsFor, seedProducts, waitForBuild } from './suggestions-clients.ts';

let server: TestServer;
let clients: Clients;

beforeAll(async () => {
  server = await startTestServer();
  clients = clientsFor(server);
  await seedProducts(clients);
});
afterAll(async () => server.close());

const english = {
  indexName: 'products_query_suggestions_en',
  sourceIndices: [
    {
      indexName: 'products',
      analyticsTags: ['lang:en'],
      facets: [{ attribute: 'categories.lvl0', amount: 2 }],
      minHits: 3,
      minLetters: 3,
    },
  ],
  languages: ['en'],
  exclude: ['belt'],
};

describe('a Query Suggestions configuration', () => {
  it('is created, then listed and read back with the defaults filled in', async () => {
    const since = new Date();
    const created = await clients.suggestions.createConfig(english);
    expect(created).toEqual({
      status: 200,
      message: 'Configuration was created, and a new indexing job has been scheduled.',
    });
    const read = await clients.suggestions.getConfig({ indexName: english.indexName });
    expect(read).toEqual({
      appID: appId,
      indexName: english.indexName,
      sourceIndices: [
        {
          indexName: 'products',
          replicas: false,
          analyticsTags: ['lang:en'],
          facets: [{ attribute: 'categories.lvl0', amount: 2 }],
          minHits: 3,
          minLetters: 3,
          generate: [],
          external: [],
        },
      ],
      languages: ['en'],
      exclude: ['belt'],
      enablePersonalization: false,
      allowSpecialCharacters: false,
    });
    expect(await clients.suggestions.getAllConfigs()).toEqual([read]);
    await waitForBuild(clients, english.indexName, since);
  });

  it('reports its build in its status and its logs', async () => {
    const status = await clients.suggestions.getConfigStatus({ indexName: english.indexName });
    expect(status).toMatchObject({ indexName: english.indexName, isRunning: false });
    expect(Date.parse(status.lastBuiltAt ?? '')).not.toBeNaN();
    expect(status.lastSuccessfulBuiltAt).toBe(status.lastBuiltAt);
    expect(Number(status.lastSuccessfulBuildDuration)).toBeGreaterThanOrEqual(0);
    const logs = (await clients.suggestions.getLogFile({
      indexName: english.indexName,
    })) as unknown as { level: string; message: string; contextLevel: number }[];
    expect(logs[0]).toMatchObject({ level: 'INFO', message: 'build started', contextLevel: 0 });
    expect(logs.at(-1)).toMatchObject({ level: 'INFO', contextLevel: 0 });
    expect(logs.at(-1)?.message).toMatch(/^build finished: \d+ suggestions$/);
  });

  it('is updated, which schedules a new build', async () => {
    const since = new Date();
    const updated = await clients.suggestions.updateConfig({
      indexName: english.indexName,
      configuration: { ...english, exclude: ['belt', 'leather'] },
    });
    expect(updated).toEqual({
      status: 200,
      message: 'Configuration was updated, and a new indexing job has been scheduled.',
    });
    expect((await clients.suggestions.getConfig({ indexName: english.indexName })).exclude).toEqual(
      ['belt', 'leather'],
    );
    await waitForBuild(clients, english.indexName, since);
  });

  it('is deleted, leaving its suggestions index in place', async () => {
    const deleted = await clients.suggestions.deleteConfig({ indexName: english.indexName });
    expect(deleted).toEqual({ status: 200, message: 'Configuration was deleted with success.' });
    expect(await clients.suggestions.getAllConfigs()).toEqual([]);
    const failure = await failureOf(
      clients.suggestions.getConfig({ indexName: english.indexName }),
    );
    expect(failure.status).toBe(404);
    const indices = await clients.search.listIndices();
    expect(indices.items.map((index) => index.name)).toContain(english.indexName);
  });
});

describe('the Query Suggestions API refuses', () => {
  it('a configuration that exists already, with a 400', async () => {
    const config = { ...english, indexName: 'products_qs_twice' };
    await clients.suggestions.createConfig(config);
    const failure = await failureOf(clients.suggestions.createConfig(config));
    await clients.suggestions.deleteConfig({ indexName: config.indexName });
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('A configuration for products_qs_twice already exists');
  });

  it('an unknown configuration on every path that names one, with a 404', async () => {
    const indexName = 'products_qs_unknown';
    const calls = [
      () => clients.suggestions.getConfig({ indexName }),
      () => clients.suggestions.getConfigStatus({ indexName }),
      () => clients.suggestions.getLogFile({ indexName }),
      () => clients.suggestions.deleteConfig({ indexName }),
      () => clients.suggestions.updateConfig({ indexName, configuration: english }),
    ];
    for (const call of calls) {
      const failure = await failureOf(call());
      expect(failure.status).toBe(404);
      expect(failure.message).toContain('The configuration for products_qs_unknown does not exist');
    }
  });

  it('a source index that does not exist, with a 400', async () => {
    const failure = await failureOf(
      clients.suggestions.createConfig({
        indexName: 'products_qs_nowhere',
        sourceIndices: [{ indexName: 'nowhere' }],
      }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('The source index nowhere does not exist');
  });

  it('invalid fields, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ indexName: 'qs', sourceIndices: [] }, 'sourceIndices'],
      [
        { indexName: 'qs', sourceIndices: [{ indexName: 'products', minHits: -1 }] },
        'sourceIndices.0.minHits',
      ],
      [
        { indexName: 'qs', sourceIndices: [{ indexName: 'products', facets: [{}] }] },
        'sourceIndices.0.facets.0.attribute',
      ],
      [
        { indexName: 'qs', sourceIndices: [{ indexName: 'products' }], languages: 'en' },
        'languages',
      ],
      [
        { indexName: 'qs', sourceIndices: [{ indexName: 'products' }], unknownField: 1 },
        'unrecognized',
      ],
      [{ indexName: '', sourceIndices: [{ indexName: 'products' }] }, 'indexName'],
      [
        { indexName: 'products', sourceIndices: [{ indexName: 'products' }] },
        'its own source index',
      ],
    ];
    for (const [body, named] of cases) {
      const failure = await failureOf(clients.suggestions.createConfig(body as never));
      expect(failure.status, JSON.stringify(body)).toBe(400);
      expect(failure.message.toLowerCase()).toContain(named.toLowerCase());
    }
  });

  it('a key without editSettings writing, and one without settings reading (403)', async () => {
    const searchOnly = clientsFor(server, searchKey);
    expect((await failureOf(searchOnly.suggestions.getAllConfigs())).status).toBe(403);
    expect((await failureOf(searchOnly.suggestions.createConfig(english))).status).toBe(403);
    const reader = await createKey(clients.search, { acl: ['settings'] });
    const readOnly = clientsFor(server, reader);
    expect(await readOnly.suggestions.getAllConfigs()).toEqual([]);
    expect((await failureOf(readOnly.suggestions.createConfig(english))).status).toBe(403);
  });
});
