import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the search service in storefront tests: just the Algolia REST calls the index sync makes
 * (settings, tasks, batch, copy/move), in memory, so that the official client runs against it unchanged.
 * The real service is another app, reachable only over HTTP (STYLE §1); its own contract tests cover it.
 */
export interface FakeSearchService {
  readonly url: string;
  readonly adminKey: string;
  /** `METHOD path` of every request, in order. */
  readonly requests: string[];
  records(indexName: string): FakeRecord[];
  settings(indexName: string): FakeSettings | undefined;
  close(): Promise<void>;
}

/** A record or settings object as received; the fields tests look at are named. */
export interface FakeRecord {
  readonly objectID?: unknown;
  readonly name?: unknown;
  readonly [field: string]: unknown;
}

export interface FakeSettings {
  readonly replicas?: unknown;
  readonly userData?: unknown;
  readonly [setting: string]: unknown;
}

interface FakeIndex {
  settings: FakeSettings;
  records: Map<string, FakeRecord>;
}

export async function startFakeSearchService(
  adminKey = 'test-admin-key',
): Promise<FakeSearchService> {
  const indices = new Map<string, FakeIndex>();
  const requests: string[] = [];
  let nextTaskId = 1;
  const indexNamed = (name: string): FakeIndex => {
    let index = indices.get(name);
    if (!index) {
      index = { settings: {}, records: new Map() };
      indices.set(name, index);
    }
    return index;
  };

  const route = (method: string, path: string[], body: unknown): [number, unknown] => {
    const [, , name = '', action, extra] = path;
    const index = indices.get(name);
    const task = () => ({ taskID: nextTaskId++, updatedAt: new Date().toISOString() });
    if (method === 'GET' && action === 'settings') {
      return index
        ? [200, index.settings]
        : [404, { message: 'Index does not exist', status: 404 }];
    }
    if (method === 'PUT' && action === 'settings') {
      const target = indexNamed(name);
      target.settings = { ...target.settings, ...(body as FakeSettings) };
      return [200, task()];
    }
    if (method === 'GET' && action === 'task' && extra) return [200, { status: 'published' }];
    if (method === 'POST' && action === 'batch') {
      const target = indexNamed(name);
      const actions = (body as { requests: { action: string; body: FakeRecord }[] }).requests;
      for (const request of actions)
        target.records.set(String(request.body.objectID), request.body);
      return [
        200,
        { ...task(), objectIDs: actions.map((request) => String(request.body.objectID)) },
      ];
    }
    if (method === 'POST' && action === 'operation') {
      const { operation, destination } = body as {
        operation: 'copy' | 'move';
        destination: string;
      };
      const source = indexNamed(name);
      const target = indexNamed(destination);
      if (operation === 'copy') {
        const { replicas: _replicas, ...settings } = source.settings;
        target.settings = { ...settings };
      } else {
        const replicas = target.settings.replicas;
        target.settings = { ...source.settings, ...(replicas ? { replicas } : {}) };
        target.records = source.records;
        indices.delete(name);
      }
      return [200, task()];
    }
    if (method === 'DELETE' && action === undefined) {
      indices.delete(name);
      return [200, { ...task(), deletedAt: new Date().toISOString() }];
    }
    return [
      404,
      { message: `Fake search service: no route for ${method} ${path.join('/')}`, status: 404 },
    ];
  };

  const server: Server = createServer((request, response) => {
    void readJson(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push(`${request.method} ${url.pathname}`);
      const key = request.headers['x-algolia-api-key'] ?? url.searchParams.get('x-algolia-api-key');
      const [status, payload] =
        key === adminKey
          ? route(
              request.method ?? 'GET',
              url.pathname.split('/').slice(1).map(decodeURIComponent),
              body,
            )
          : [403, { message: 'Invalid Application-ID or API key', status: 403 }];
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    adminKey,
    requests,
    records: (indexName) => [...(indices.get(indexName)?.records.values() ?? [])],
    settings: (indexName) => indices.get(indexName)?.settings,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const chunk of request) parts.push(chunk as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** A logger that keeps what it was told, for assertions. */
export function recordingLogger() {
  const lines: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
  return {
    lines,
    info: (message: string) => void lines.push({ level: 'info', message }),
    warn: (message: string) => void lines.push({ level: 'warn', message }),
    error: (message: string, error?: unknown) =>
      void lines.push({
        level: 'error',
        message: `${message}${error instanceof Error ? `: ${error.message}` : ''}`,
      }),
  };
}
