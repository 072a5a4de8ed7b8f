import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStorefrontConfig } from '../config.ts';
import { resolveSearchAccess } from '../search/search-access.ts';
import { getAdminRuntime } from './admin-runtime.ts';
import { hostedAnalyticsUrl, startAdmin } from './start-admin.ts';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function start(env: Record<string, string>) {
  const config = readStorefrontConfig(
    { VITRINE_DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-admin-')), ...env },
    [],
    '/repo',
  );
  const started = startAdmin(config, () => resolveSearchAccess(config.search, undefined));
  stop = started.stop;
  return { ...started, access: getAdminRuntime().analyticsAccess() };
}

describe('where the analytics page reads the Analytics API', () => {
  it('is the search service by default, with its admin key', () => {
    const { access, passwordSource } = start({
      SEARCH_URL: 'http://search.internal:7070',
      VITRINE_ADMIN_KEY: 'admin',
    });
    expect(access).toEqual({
      url: 'http://search.internal:7070',
      appId: 'vitrine',
      apiKey: 'admin',
    });
    expect(passwordSource).toMatch(/^in .*storefront\/merchant-login\.json$/);
  });

  it("is Algolia's analytics host with hosted Algolia, or ANALYTICS_URL when set", () => {
    const hosted = { ALGOLIA_APP_ID: 'LATENCY', ALGOLIA_ADMIN_KEY: 'algolia-admin' };
    expect(start(hosted).access).toEqual({
      url: hostedAnalyticsUrl,
      appId: 'LATENCY',
      apiKey: 'algolia-admin',
    });
    stop?.();
    const eu = start({ ...hosted, ANALYTICS_URL: 'https://analytics.de.algolia.com/' });
    expect(eu.access.url).toBe('https://analytics.de.algolia.com');
    expect(start({ MERCHANT_PASSWORD: 'a long enough secret' }).passwordSource).toBe(
      'from MERCHANT_PASSWORD',
    );
  });
});
