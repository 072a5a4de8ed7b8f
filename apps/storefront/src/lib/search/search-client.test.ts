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
});
