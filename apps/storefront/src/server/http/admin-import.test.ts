import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import type {
  CatalogueSource,
  ImportOptions,
  ImportOutcome,
} from '../catalogue/import-catalogue.ts';
import { type AdminImportRequest, handleAdminImport } from './admin-import.ts';

const adminKey = 'secret-admin-key';

function request(
  overrides: Partial<AdminImportRequest> & { json?: unknown } = {},
): AdminImportRequest {
  const text = JSON.stringify(overrides.json ?? { products: [makeProduct('MJ01')] });
  return {
    method: 'POST',
    headers: {
      host: 'shop.test',
      authorization: `Bearer ${adminKey}`,
      'content-type': 'application/json',
    },
    url: '/api/admin/import',
    body: Readable.from([Buffer.from(text)]),
    ...overrides,
  };
}

/** Records what reaches the import, answering like a successful one. */
function importer() {
  const received: { text: string; format: string; options: ImportOptions }[] = [];
  const importCatalogue = async (
    source: CatalogueSource,
    options: ImportOptions,
  ): Promise<ImportOutcome> => {
    let text = '';
    for await (const chunk of source.chunks) text += Buffer.from(chunk).toString('utf8');
    received.push({ text, format: source.format, options });
    return {
      status: 'imported',
      products: 1,
      removed: 0,
      catalogueVersion: 'v1',
      search: { status: 'pushed', full: false, products: 1, records: 1, removed: 0 },
    };
  };
  return { received, dependencies: { adminKey, importCatalogue } };
}

describe('POST /api/admin/import', () => {
  it('imports the products of a same-origin or command-line request with the admin key', async () => {
    const { received, dependencies } = importer();
    const reply = await handleAdminImport(request(), dependencies);
    expect(reply).toMatchObject({ status: 200, body: { status: 'imported', products: 1 } });
    const sameOrigin = request({
      headers: {
        ...request().headers,
        origin: 'http://shop.test',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect((await handleAdminImport(sameOrigin, dependencies)).status).toBe(200);
    expect(received).toHaveLength(2);
  });

  it('refuses cross-origin requests, even with the key', async () => {
    const { received, dependencies } = importer();
    for (const headers of [
      { origin: 'https://evil.test' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ]) {
      const reply = await handleAdminImport(
        request({ headers: { ...request().headers, ...headers } }),
        dependencies,
      );
      expect(reply).toEqual({
        status: 403,
        body: { message: 'Cross-origin requests cannot import a catalogue' },
      });
    }
    expect(received).toEqual([]);
  });

  it('requires the admin key as a bearer token', async () => {
    const { received, dependencies } = importer();
    const { authorization: _, ...anonymous } = request().headers;
    expect(await handleAdminImport(request({ headers: anonymous }), dependencies)).toMatchObject({
      status: 401,
    });
    const wrong = { ...request().headers, authorization: 'Bearer not-the-key' };
    expect(await handleAdminImport(request({ headers: wrong }), dependencies)).toMatchObject({
      status: 403,
      body: { message: 'Invalid admin key' },
    });
    expect(
      await handleAdminImport(request(), { ...dependencies, adminKey: undefined }),
    ).toMatchObject({ status: 503 });
    expect(received).toEqual([]);
  });

  it('streams the body to the import with its format, and replaces with ?replace=1', async () => {
    const { received, dependencies } = importer();
    const ndjson = request({
      url: '/api/admin/import?replace=1',
      headers: { ...request().headers, 'content-type': 'application/x-ndjson' },
      body: Readable.from([Buffer.from('{"id": 1}\n'), Buffer.from('{"id": 2}\n')]),
    });
    expect((await handleAdminImport(ndjson, dependencies)).status).toBe(200);
    expect(received).toEqual([
      { text: '{"id": 1}\n{"id": 2}\n', format: 'ndjson', options: { replace: true } },
    ]);
    await handleAdminImport(request(), dependencies);
    expect(received[1]).toMatchObject({ format: 'json', options: { replace: false } });
  });

  it('answers 405 and 415 for the wrong method and type', async () => {
    const { dependencies } = importer();
    expect(await handleAdminImport(request({ method: 'GET' }), dependencies)).toMatchObject({
      status: 405,
    });
    const text = { ...request().headers, 'content-type': 'text/plain' };
    expect(await handleAdminImport(request({ headers: text }), dependencies)).toMatchObject({
      status: 415,
    });
  });

  it('turns an invalid catalogue into a 400 listing each record error, with their codes', async () => {
    const errors = [
      {
        position: 2,
        line: 1,
        path: 'variants.0.stock',
        reason: 'Too small: expected number to be >=0',
        code: 'number.tooSmall',
        params: { minimum: 0, comparison: '>=' },
      } as const,
    ];
    const problem = {
      code: 'catalogue.invalidRecords',
      params: { invalid: 1, total: 3, problems: 1 },
    } as const;
    const reply = await handleAdminImport(request(), {
      adminKey,
      importCatalogue: async () => ({
        status: 'invalid',
        message: '1 of 3 products is invalid (1 problem); nothing was imported.',
        problem,
        errors,
      }),
    });
    expect(reply).toEqual({
      status: 400,
      body: {
        message: '1 of 3 products is invalid (1 problem); nothing was imported.',
        ...problem,
        errors,
      },
    });
  });
});
