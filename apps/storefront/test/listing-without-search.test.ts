import { mkdtempSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productsIndex } from '@vitrine/catalogue';
import { freePort } from '@vitrine/database/testing';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchScreenProps } from '../src/components/search/search-screen.tsx';
import { searchServerSideProps } from '../src/page-loaders/search-server-side-props.tsx';
import { installRuntime, uninstallRuntime } from '../src/server/runtime.ts';
import { createSearchAdminClient } from '../src/server/search/search-admin-client.ts';
import { syncSearchIndex } from '../src/server/search/sync-search-index.ts';
import { type CommerceStore, openCommerceStore } from '../src/server/store/commerce-store.ts';
import { makeProduct } from './support/catalogue-fixtures.ts';
import { catalogueIndexStore } from './support/catalogue-index-store.ts';
import { startSearchService, type TestSearchService } from './support/search-service.ts';

/**
 * `/search`'s server-side props while the search service is away: the page answers with the "search is
 * unavailable" state (503, no results) whether the service refuses connections (crashed, restarting) or
 * accepts them and never answers (stuck). The official Node client bounds the wait: its connect timeout
 * (2 s) runs until the response's headers arrive, and its single host then counts as unreachable.
 */
let store: CommerceStore;
let searchUrl = '';

beforeAll(async () => {
  store = await openCommerceStore({ dataDir: mkdtempSync(join(tmpdir(), 'vitrine-no-search-')) });
  const config = () => ({
    searchUrl,
    appId: 'vitrine',
    searchKey: 'storefront-test-search-key',
    indexName: productsIndex,
  });
  installRuntime({
    store,
    publicConfig: config,
    serverSearchConfig: config,
    adminKey: () => undefined,
    publicOrigin: 'https://shop.test',
    importCatalogue: () => Promise.reject(new Error('not in this test')),
    searchStatus: () => undefined,
  });
});

afterAll(async () => {
  uninstallRuntime();
  await store.close();
});

async function searchPageProps(path: string) {
  const res = { statusCode: 200 } as ServerResponse;
  const context = {
    req: { headers: {} } as IncomingMessage,
    res,
    query: {},
    params: {},
    resolvedUrl: path,
  } as unknown as GetServerSidePropsContext;
  const result = await searchServerSideProps('en')(context);
  const props = 'props' in result ? ((await result.props) as SearchScreenProps) : undefined;
  return { status: res.statusCode, serverState: props?.serverState };
}

/**
 * In front of the real search service: holds the first search without answering (until the client gives
 * up on it and closes it), as a storefront too busy to read the answer in time experiences it; forwards the
 * others.
 */
async function startHoldingFirstSearch(
  service: TestSearchService,
): Promise<{ server: HttpServer; held: () => number }> {
  let held = 0;
  const server = createHttpServer((request, response) => {
    if (held === 0 && request.url?.includes('/queries')) {
      held += 1;
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      // The client's credentials and the body's encoding; the connection's own headers stay behind.
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' &&
            (entry[0].startsWith('x-algolia-') ||
              entry[0].startsWith('content-type') ||
              entry[0] === 'content-encoding'),
        ),
      );
      const answer = await fetch(`${service.url}${request.url}`, {
        method: request.method ?? 'GET',
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  searchUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { server, held: () => held };
}

/** A search service that accepts connections, reads the requests and never answers them. */
async function startStuckService(): Promise<{ server: Server; requests: () => number }> {
  let requests = 0;
  const server = createServer((socket: Socket) => {
    socket.once('data', () => {
      requests += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  searchUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { server, requests: () => requests };
}

describe('the search page while the search service is away', () => {
  it('answers 503 with the unavailable state when the service refuses connections', async () => {
    searchUrl = `http://127.0.0.1:${await freePort()}`;
    expect(await searchPageProps('/search?q=jacket')).toEqual({ status: 503, serverState: null });
  });

  it('answers 503 with the unavailable state when the service accepts the search and never answers', async () => {
    const { server, requests } = await startStuckService();
    try {
      expect(await searchPageProps('/search?q=jacket')).toEqual({
        status: 503,
        serverState: null,
      });
      expect(requests()).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});

describe('the search page with a search service slow to answer once', () => {
  let service: TestSearchService;
  beforeAll(async () => {
    service = await startSearchService();
    const admin = createSearchAdminClient({
      url: service.url,
      appId: 'vitrine',
      adminKey: service.adminKey,
    });
    await syncSearchIndex(admin, catalogueIndexStore([makeProduct('MJ01'), makeProduct('MJ02')]));
  });
  afterAll(() => service.close());

  it('shows the results when the first try timed out (the storefront was busy), by trying once more', async () => {
    const { server, held } = await startHoldingFirstSearch(service);
    try {
      const { status, serverState } = await searchPageProps('/search?q=');
      expect(held()).toBe(1);
      expect(status).toBe(200);
      const results = serverState?.initialResults[productsIndex]?.results ?? [];
      expect(results[0]?.nbHits).toBeGreaterThan(0);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});
