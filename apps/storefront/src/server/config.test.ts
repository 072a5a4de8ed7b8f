import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../../test/support/recording-logger.ts';
import { ConfigError, readStorefrontConfig } from './config.ts';
import {
  createSearchAccessReader,
  resolveSearchAccess,
  searchServiceFileName,
} from './search/search-access.ts';

describe('readStorefrontConfig', () => {
  it('has a default for everything', () => {
    expect(readStorefrontConfig({}, [], '/repo')).toEqual({
      dev: false,
      port: 3000,
      hostname: undefined,
      dataDir: '/repo/.data',
      databaseUrl: undefined,
      publicUrl: undefined,
      search: {
        url: undefined,
        publicUrl: undefined,
        appId: undefined,
        adminKey: undefined,
        searchKey: undefined,
        algolia: { appId: undefined, searchKey: undefined, adminKey: undefined },
      },
      merchant: { password: undefined, analyticsUrl: undefined, trustProxy: false },
    });
  });

  it('reads the environment and --dev; a relative data folder is taken from the repository root', () => {
    const config = readStorefrontConfig(
      {
        PORT: '3100',
        VITRINE_DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://db/shop',
        PUBLIC_URL: 'https://shop.example/',
        SEARCH_URL: ' ',
      },
      ['--dev'],
      '/repo',
    );
    expect(config).toMatchObject({
      dev: true,
      port: 3100,
      dataDir: '/repo/var/data',
      databaseUrl: 'postgres://db/shop',
      publicUrl: 'https://shop.example',
      search: { url: undefined },
    });
  });

  it('refuses a MERCHANT_PASSWORD shorter than 12 characters, naming the variable', () => {
    expect(() => readStorefrontConfig({ MERCHANT_PASSWORD: 'hunter2hunt' }, [], '/repo')).toThrow(
      new ConfigError(
        'MERCHANT_PASSWORD must be at least 12 characters long, got 11; unset it to have one generated',
      ),
    );
    expect(
      readStorefrontConfig({ MERCHANT_PASSWORD: ' twelve chars' }, [], '/repo').merchant.password,
    ).toBe(' twelve chars');
  });

  it('trusts X-Forwarded-For only with TRUST_PROXY=1', () => {
    expect(readStorefrontConfig({ TRUST_PROXY: '1' }, [], '/repo').merchant.trustProxy).toBe(true);
    expect(readStorefrontConfig({ TRUST_PROXY: '0' }, [], '/repo').merchant.trustProxy).toBe(false);
    expect(() => readStorefrontConfig({ TRUST_PROXY: 'yes' }, [], '/repo')).toThrow(
      /TRUST_PROXY must be 1/,
    );
  });

  it('refuses a PORT that is not a port', () => {
    expect(() => readStorefrontConfig({ PORT: 'http' }, [], '/repo')).toThrow(
      /PORT must be a port number/,
    );
  });
});

describe('search access', () => {
  const file = {
    url: 'http://127.0.0.1:7071',
    appId: 'shop',
    adminKey: 'admin-from-file',
    searchKey: 'search-from-file',
  };
  const noEnv = {
    url: undefined,
    publicUrl: undefined,
    appId: undefined,
    adminKey: undefined,
    searchKey: undefined,
  };

  it('takes the environment first, then the search service file, then the defaults', () => {
    expect(resolveSearchAccess(noEnv, undefined)).toEqual({
      url: 'http://localhost:7070',
      publicUrl: 'http://localhost:7070',
      appId: 'vitrine',
      adminKey: undefined,
      searchKey: undefined,
    });
    expect(resolveSearchAccess(noEnv, file)).toEqual({
      url: 'http://127.0.0.1:7071',
      publicUrl: 'http://127.0.0.1:7071',
      appId: 'shop',
      adminKey: 'admin-from-file',
      searchKey: 'search-from-file',
    });
    const env = {
      ...noEnv,
      url: 'http://search:7070/',
      publicUrl: 'https://search.example',
      adminKey: 'admin-from-env',
    };
    expect(resolveSearchAccess(env, file)).toMatchObject({
      url: 'http://search:7070',
      publicUrl: 'https://search.example',
      adminKey: 'admin-from-env',
      searchKey: 'search-from-file',
    });
    expect(resolveSearchAccess({ ...noEnv, url: 'algolia' }, undefined)).toMatchObject({
      url: null,
      publicUrl: null,
    });
  });

  it('uses hosted Algolia when given an Algolia application id and no search URL', () => {
    const algolia = { appId: 'LATENCY', searchKey: 'search-only', adminKey: 'admin' };
    expect(resolveSearchAccess({ ...noEnv, algolia }, file)).toEqual({
      url: null,
      publicUrl: null,
      appId: 'LATENCY',
      adminKey: 'admin',
      searchKey: 'search-only',
    });
    expect(
      resolveSearchAccess({ ...noEnv, url: 'http://search:7070', algolia }, file),
    ).toMatchObject({ url: 'http://search:7070', appId: 'LATENCY', searchKey: 'search-from-file' });
    expect(
      readStorefrontConfig(
        { ALGOLIA_APP_ID: 'LATENCY', ALGOLIA_SEARCH_KEY: 'search-only' },
        [],
        '/repo',
      ).search.algolia,
    ).toEqual({ appId: 'LATENCY', searchKey: 'search-only', adminKey: undefined });
  });

  it('picks up the keys the search service writes after the storefront started, and ignores a broken file', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-access-'));
    const logger = recordingLogger();
    const read = createSearchAccessReader(noEnv, dataDir, logger);
    expect(read().adminKey).toBeUndefined();
    writeFileSync(join(dataDir, searchServiceFileName), JSON.stringify(file));
    expect(read()).toMatchObject({ adminKey: 'admin-from-file', searchKey: 'search-from-file' });
    writeFileSync(join(dataDir, searchServiceFileName), '{"url": ');
    expect(read().adminKey).toBeUndefined();
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: expect.stringMatching(
          /^Ignoring the search service file: .* is not a valid search service file/,
        ),
      },
    ]);
  });
});
