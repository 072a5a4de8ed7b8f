import { mkdtempSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productsIndex } from '@vitrine/catalogue';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/support/catalogue-fixtures.ts';
import { recordingLogger } from '../../test/support/recording-logger.ts';
import { startSearchService } from '../../test/support/search-service.ts';
import { readStorefrontConfig } from './config.ts';
import { getRuntime } from './runtime.ts';
import { startStorefront } from './start-storefront.ts';

const service = await startSearchService();
afterAll(() => service.close());
const sample = [
  makeProduct('MJ01'),
  makeProduct('WJ01', { categories: [['Women', 'Tops', 'Jackets']] }),
];

function configFor(dataDir: string, searchUrl: string) {
  return readStorefrontConfig(
    {
      VITRINE_DATA_DIR: dataDir,
      SEARCH_URL: searchUrl,
      VITRINE_ADMIN_KEY: service.adminKey,
      VITRINE_SEARCH_KEY: 'search-only',
    },
    [],
    '/repo',
  );
}

describe('starting the storefront', () => {
  it('seeds and pushes on first start, and skips both on a restart with the same catalogue', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-start-'));
    const logger = recordingLogger();
    const first = await startStorefront({
      config: configFor(dataDir, service.url),
      logger,
      loadSample: () => sample,
    });
    expect(getRuntime()).toBe(first.runtime);
    await first.firstSync;
    expect(first.runtime.searchStatus()).toMatchObject({ status: 'pushed', records: 2 });
    expect(first.runtime.publicConfig()).toEqual({
      searchUrl: service.url,
      appId: 'vitrine',
      searchKey: 'search-only',
      indexName: productsIndex,
    });
    await first.close();
    expect(() => getRuntime()).toThrow(/not started/);

    const requestsBefore = service.requests.length;
    const second = await startStorefront({
      config: configFor(dataDir, service.url),
      logger,
      loadSample: () => {
        throw new Error('a seeded store must not read the sample again');
      },
    });
    try {
      await second.firstSync;
      expect(second.runtime.searchStatus()).toMatchObject({ status: 'unchanged' });
      // The query suggestions' seeds and configurations are checked too, and left as they are.
      expect(service.requests.slice(requestsBefore)).toEqual([
        `GET /1/indexes/${productsIndex}/settings`,
        'GET /1/configs',
        `GET /1/indexes/${productsIndex}_query_seeds_en/settings`,
      ]);
      expect(logger.lines.map((line) => line.message)).toEqual([
        'Seeded the pglite store with 2 sample products.',
        expect.stringMatching(/^Search index updated on/),
        expect.stringMatching(
          /^Query suggestions set up on .*: \d+ English and \d+ French catalogue seeds/,
        ),
        'The pglite store holds 2 products.',
        expect.stringMatching(/^Search index on .* is up to date/),
      ]);
    } finally {
      await second.close();
    }
  });

  it('starts without the search service, warns, and serves the catalogue from the store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-start-'));
    const logger = recordingLogger();
    const started = await startStorefront({
      config: configFor(dataDir, 'http://127.0.0.1:9'),
      logger,
      loadSample: () => sample,
      retryDelaysMs: [60_000],
    });
    try {
      await started.firstSync;
      expect(started.runtime.searchStatus()).toMatchObject({ status: 'pending' });
      expect(logger.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
      expect(await started.runtime.store.countProducts()).toBe(2);
    } finally {
      await started.close();
    }
  });

  it('is ready to serve while the first index sync still waits for the search service', async () => {
    // A search service that accepts connections and never answers: the first sync hangs on it.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-start-'));
    const started = await startStorefront({
      config: configFor(dataDir, `http://127.0.0.1:${port}`),
      logger: recordingLogger(),
      loadSample: () => sample,
      retryDelaysMs: [60_000],
    });
    try {
      expect(started.runtime.searchStatus()).toBeUndefined();
      expect(await started.runtime.store.getProductBySlug('mj01-trail-jacket')).toMatchObject({
        id: 'MJ01',
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await started.firstSync;
      await started.close();
    }
  });
});
