import { algoliasearch } from 'algoliasearch';
import { adminKey, appId, startTestApp, type TestApp } from './test-app.ts';

export interface TestServer extends TestApp {
  readonly host: string;
  readonly port: number;
}

/** The app listening on 127.0.0.1, port 0 (the OS picks a free port), for the official clients. */
export async function startTestServer(): Promise<TestServer> {
  const testApp = await startTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (typeof address !== 'object' || address === null)
    throw new Error('The test server has no port');
  return { ...testApp, host: '127.0.0.1', port: address.port };
}

/** The `hosts` option that points an official v5 client (full or lite) at a test server: plain HTTP, one host. */
export function hostsOf(server: TestServer) {
  return [
    {
      url: server.host,
      port: server.port,
      protocol: 'http' as const,
      accept: 'readWrite' as const,
    },
  ];
}

/** The official v5 client pointed at a test server (plain HTTP, one host). */
export function clientFor(server: TestServer, apiKey: string): ReturnType<typeof algoliasearch> {
  return algoliasearch(appId, apiKey, { hosts: hostsOf(server) });
}

/** Creates an API key through the client and waits until it is usable. */
export async function createKey(
  admin: ReturnType<typeof algoliasearch>,
  apiKey: Parameters<ReturnType<typeof algoliasearch>['addApiKey']>[0],
): Promise<string> {
  const { key } = await admin.addApiKey(apiKey);
  await admin.waitForApiKey({ key, operation: 'add' });
  return key;
}

/** POSTs a raw body (a string as is, anything else as JSON) and returns the status and JSON body, as the wire carries them. */
export async function postRaw(
  server: TestServer,
  path: string,
  body: unknown,
  apiKey: string = adminKey,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://${server.host}:${server.port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain',
      'x-algolia-application-id': appId,
      'x-algolia-api-key': apiKey,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

type IndexSettings = Parameters<
  ReturnType<typeof algoliasearch>['setSettings']
>[0]['indexSettings'];

/** Sets an index's settings through the client and waits until they are applied. */
export async function setSettingsAndWait(
  client: ReturnType<typeof algoliasearch>,
  indexName: string,
  indexSettings: IndexSettings,
): Promise<void> {
  const { taskID } = await client.setSettings({ indexName, indexSettings });
  await client.waitForTask({ indexName, taskID });
}

/** Sets an index's settings and saves its records through the client, waiting until both are applied. */
export async function seedIndex(
  client: ReturnType<typeof algoliasearch>,
  indexName: string,
  indexSettings: IndexSettings,
  objects: readonly Record<string, unknown>[],
): Promise<void> {
  await setSettingsAndWait(client, indexName, indexSettings);
  await client.saveObjects({ indexName, objects: [...objects], waitForTasks: true });
}

/**
 * The status of a multi-query search of `entry` on `server`, sent as a browser sends it (`text/plain` body), with
 * the credentials in the headers, or in the URL with `credentialsInUrl`; `urlQuery` adds `&…` to the URL.
 */
export async function searchStatus(
  server: TestServer,
  apiKey: string,
  options: {
    entry: Record<string, unknown>;
    headers?: Record<string, string>;
    credentialsInUrl?: boolean;
    urlQuery?: string;
  },
): Promise<number> {
  const credentials = {
    'x-algolia-application-id': appId,
    'x-algolia-api-key': apiKey,
  };
  const inUrl = options.credentialsInUrl ? `?${new URLSearchParams(credentials)}` : '?';
  const response = await fetch(
    `http://${server.host}:${server.port}/1/indexes/*/queries${inUrl}${options.urlQuery ?? ''}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        ...(options.credentialsInUrl ? {} : credentials),
        ...options.headers,
      },
      body: JSON.stringify({ requests: [options.entry] }),
    },
  );
  await response.body?.cancel();
  return response.status;
}
