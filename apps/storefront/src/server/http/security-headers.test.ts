import { describe, expect, it } from 'vitest';
import { algoliaOrigins, pagePolicy, searchConnectOrigins } from './security-headers.ts';

const config = { appId: 'vitrine', searchKey: 'k', indexName: 'products' };

describe('the content security policy', () => {
  it('lets the browser reach the search service at its public origin, path and trailing slash left out', () => {
    expect(searchConnectOrigins({ ...config, searchUrl: 'https://shop.example/search/' })).toEqual([
      'https://shop.example',
    ]);
    expect(searchConnectOrigins({ ...config, searchUrl: 'http://localhost:7070' })).toEqual([
      'http://localhost:7070',
    ]);
  });

  it("lets the browser reach hosted Algolia's search and insights hosts when it searches there", () => {
    expect(searchConnectOrigins({ ...config, searchUrl: null })).toEqual(algoliaOrigins);
  });

  it("allows eval in development only (Next's dev runtime)", () => {
    const options = { connectOrigins: () => [] };
    expect(pagePolicy('n', { ...options, dev: true })).toContain(
      "script-src 'self' 'nonce-n' 'unsafe-eval';",
    );
    expect(pagePolicy('n', { ...options, dev: false })).toContain("script-src 'self' 'nonce-n';");
  });
});
