import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/http/build-app.ts';
import type { SearchStore } from '../../src/store/search-store.ts';
import { freshStore } from './fresh-store.ts';

export const appId = 'vitrine';
export const adminKey = 'admin-key-for-tests-0000000000000';
export const searchKey = 'search-key-for-tests-000000000000';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly store: SearchStore;
  /** Sends a request with the admin key in headers; `key: null` sends no credentials. */
  request(options: InjectOptions & { key?: string | null }): Promise<LightMyRequestResponse>;
  /** Deletes every index and every custom key. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens one PGlite store in a temp folder and builds the app on it (PGlite takes seconds to start: one per
 * test file, `reset` between tests).
 */
export async function startTestApp(
  overrides: Partial<Omit<AppDependencies, 'store'>> & { store?: SearchStore } = {},
): Promise<TestApp> {
  const store = overrides.store ?? (await freshStore());
  const app = await buildApp({ keys: { appId, adminKey, searchKey }, ...overrides, store });
  await app.vitrine.ready;
  const request: TestApp['request'] = ({ key = adminKey, headers, ...options }) =>
    app.inject({
      ...options,
      headers: {
        ...(key === null ? {} : { 'x-algolia-application-id': appId, 'x-algolia-api-key': key }),
        ...headers,
      },
    });
  return {
    app,
    store,
    request,
    reset: async () => {
      const { items } = (await request({ method: 'GET', url: '/1/indexes' })).json<{
        items: { name: string }[];
      }>();
      for (const { name } of items)
        await request({ method: 'DELETE', url: `/1/indexes/${encodeURIComponent(name)}` });
      const { keys } = (await request({ method: 'GET', url: '/1/keys' })).json<{
        keys: { value: string }[];
      }>();
      for (const { value } of keys) {
        if (value !== searchKey) await request({ method: 'DELETE', url: `/1/keys/${value}` });
      }
    },
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}
