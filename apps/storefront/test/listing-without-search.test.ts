import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productsIndex } from '@vitrine/catalogue';
import { freePort } from '@vitrine/database/testing';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchScreenProps } from '../src/components/search/search-screen.tsx';
import { searchServerSideProps } from '../src/lib/search/search-server-side-props.tsx';
import { installRuntime, uninstallRuntime } from '../src/server/runtime.ts';
import { type CommerceStore, openCommerceStore } from '../src/server/store/commerce-store.ts';

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
    searchKey: 'search-key',
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
