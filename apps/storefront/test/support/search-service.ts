import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real search service (apps/search), started as its own process on a free port with a fresh data folder,
 * for the storefront's tests: the index sync and the import talk to it through the official client exactly
 * as in production. The apps share no code (STYLE §1), so it runs from its entry file, like `npm start` does.
 *
 * The client is pointed at a recording pass-through in front of the service, so a test can also assert
 * which calls the storefront made (`requests`: `METHOD /path`, in order); `records` and `settings` read
 * the service directly and are not recorded.
 */
export interface TestSearchService {
  /** The address the storefront uses (the recording pass-through). */
  readonly url: string;
  readonly adminKey: string;
  /** The search-only key the service was started with (what browsers get). */
  readonly searchKey: string;
  readonly requests: string[];
  records(indexName: string): Promise<StoredRecord[]>;
  /** The index's settings, `undefined` when the index does not exist. */
  settings(indexName: string): Promise<StoredSettings | undefined>;
  /** Deletes every index, so the next test starts from an empty service. */
  deleteAllIndices(): Promise<void>;
  close(): Promise<void>;
}

export interface StoredRecord {
  readonly objectID: string;
  readonly [field: string]: unknown;
}

export interface StoredSettings {
  readonly replicas?: unknown;
  readonly userData?: unknown;
  readonly [setting: string]: unknown;
}

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const adminKey = 'storefront-test-admin-key';
const searchKey = 'storefront-test-search-key';
const startTimeoutMs = 60_000;

export async function startSearchService(): Promise<TestSearchService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-storefront-search-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'apps/search/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        SEARCH_PORT: '0',
        VITRINE_DATA_DIR: dataDir,
        VITRINE_ADMIN_KEY: adminKey,
        VITRINE_SEARCH_KEY: searchKey,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const serviceUrl = await waitUntilReady(child, join(dataDir, 'search-service.json'));
    const requests: string[] = [];
    const proxy = await startRecordingProxy(serviceUrl, requests);
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${serviceUrl}${path}`, {
        method,
        headers: { 'x-algolia-application-id': 'vitrine', 'x-algolia-api-key': adminKey },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    return {
      url: proxy.url,
      adminKey,
      searchKey,
      requests,
      records: async (indexName) => browseAll(call, indexName),
      settings: async (indexName) => {
        const response = await call('GET', `/1/indexes/${encodeURIComponent(indexName)}/settings`);
        if (response.status === 404) return undefined;
        return (await response.json()) as StoredSettings;
      },
      deleteAllIndices: async () => {
        const list = (await (await call('GET', '/1/indexes')).json()) as {
          items: { name: string }[];
        };
        for (const { name } of list.items)
          await call('DELETE', `/1/indexes/${encodeURIComponent(name)}`);
        requests.length = 0;
      },
      close: async () => {
        await proxy.close();
        child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}

type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

async function browseAll(call: Call, indexName: string): Promise<StoredRecord[]> {
  const records: StoredRecord[] = [];
  let cursor: string | undefined;
  do {
    const response = await call(
      'POST',
      `/1/indexes/${encodeURIComponent(indexName)}/browse`,
      cursor ? { cursor } : { hitsPerPage: 1000 },
    );
    if (response.status === 404) return [];
    const page = (await response.json()) as { hits: StoredRecord[]; cursor?: string };
    records.push(...page.hits);
    cursor = page.cursor;
  } while (cursor);
  return records;
}

/** Waits for the service to write its address and to answer searches (it says 503 while loading). */
async function waitUntilReady(child: ChildProcess, infoFile: string): Promise<string> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The search service exited (${child.exitCode})`);
    if (existsSync(infoFile)) {
      const { url } = JSON.parse(readFileSync(infoFile, 'utf8')) as { url: string };
      const health = await fetch(`${url}/1/health`).catch(() => undefined);
      if (health?.ok) return url;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The search service did not start within ${startTimeoutMs / 1000} s`);
}

/** Forwards every request to the service unchanged and notes `METHOD /path`. */
async function startRecordingProxy(
  target: string,
  requests: string[],
): Promise<{ url: string; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    requests.push(`${incoming.method} ${new URL(incoming.url ?? '/', target).pathname}`);
    const forwarded = httpRequest(
      { hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
