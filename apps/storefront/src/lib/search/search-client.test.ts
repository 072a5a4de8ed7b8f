import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSearchClient, MissingSearchKeyError, searchClientOptions } from './search-client.ts';

const vitrine = {
  searchUrl: 'http://localhost:7070',
  appId: 'vitrine',
  searchKey: 'search-only',
  indexName: 'products',
};

describe('the search client', () => {
  it('points the official lite client at our search service, and nowhere else', () => {
    expect(searchClientOptions(vitrine)).toEqual({
      appId: 'vitrine',
      apiKey: 'search-only',
      hosts: [{ url: 'localhost', port: 7070, protocol: 'http', accept: 'readWrite' }],
    });
    expect(createSearchClient(vitrine).transporter.hosts).toEqual([
      { url: 'localhost', port: 7070, protocol: 'http', accept: 'readWrite' },
    ]);
  });

  it('keeps a path prefix behind a proxy on the default port', () => {
    expect(
      searchClientOptions({ ...vitrine, searchUrl: 'https://shop.example/search-api/' }).hosts,
    ).toEqual([{ url: 'shop.example/search-api', protocol: 'https', accept: 'readWrite' }]);
    expect(() =>
      searchClientOptions({ ...vitrine, searchUrl: 'https://shop.example:8443/search-api' }),
    ).toThrow(/cannot also name a port/);
    expect(() => searchClientOptions({ ...vitrine, searchUrl: 'ftp://shop.example' })).toThrow(
      /must start with http/,
    );
  });

  it('uses hosted Algolia’s own hosts when no search URL is configured', () => {
    const hosted = { ...vitrine, searchUrl: null, appId: 'LATENCY' };
    expect(searchClientOptions(hosted)).toEqual({ appId: 'LATENCY', apiKey: 'search-only' });
    const client = createSearchClient(hosted);
    expect(client.appId).toBe('LATENCY');
    expect(client.transporter.hosts.map((host) => host.url)).toEqual(
      expect.arrayContaining(['LATENCY-dsn.algolia.net', 'LATENCY-1.algolianet.com']),
    );
    expect(client.transporter.hosts.every((host) => host.protocol === 'https')).toBe(true);
  });

  it('refuses to start without a search-only key', () => {
    expect(() => searchClientOptions({ ...vitrine, searchKey: null })).toThrow(
      MissingSearchKeyError,
    );
  });

  it('waits for a search service that takes more than two seconds to answer', async () => {
    // A service that sends its answer's headers after 2.5 s: the lite client's own defaults give up
    // after 1 s in a browser (to the headers) and 2 s in Node (to the answer).
    const server = createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ results: [{ hits: [], nbHits: 0, query: 'slow', params: '' }] }),
        );
      }, 2_500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createSearchClient({ ...vitrine, searchUrl: `http://127.0.0.1:${port}` });
      const { results } = await client.search({
        requests: [{ indexName: 'products', query: 'slow' }],
      });
      expect(results).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
