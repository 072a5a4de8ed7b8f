import type { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { adminKey, appId } from './test-app.ts';
import { clientFor, seedIndex, startTestServer, type TestServer } from './test-server.ts';

/** The official v5 client, as `clientFor` makes it. */
export type SearchClient = ReturnType<typeof algoliasearch>;

/** One index to fill before a file's tests: its settings, then its records. */
export interface IndexSeed {
  readonly indexName: string;
  readonly settings: Parameters<typeof seedIndex>[2];
  readonly records: readonly Record<string, unknown>[];
}

/** A listening test server and the v5 client holding its admin key. */
export interface SeededServer {
  readonly server: TestServer;
  readonly admin: SearchClient;
}

/**
 * Starts a test server (one per test file, in its `beforeAll`) and seeds each index of `seeds` through the admin
 * client, waiting until every write is applied. The caller closes `server` in its `afterAll`.
 */
export async function startSeededServer(...seeds: readonly IndexSeed[]): Promise<SeededServer> {
  const server = await startTestServer();
  const admin = clientFor(server, adminKey);
  for (const { indexName, settings, records } of seeds)
    await seedIndex(admin, indexName, settings, records);
  return { server, admin };
}

/** The official v4 client (`algoliasearch-v4`) pointed at a test server. */
export function v4ClientFor(server: TestServer, apiKey: string = adminKey) {
  return algoliasearchV4(appId, apiKey, {
    hosts: [{ url: `${server.host}:${server.port}`, protocol: 'http' }],
  });
}
