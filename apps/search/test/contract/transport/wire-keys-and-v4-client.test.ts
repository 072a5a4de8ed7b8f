/**
 * Transport, keys and the v4 client on a used-car marketplace (nested specs, numeric
 * strings, booleans, arrays), against a real listening service. Raw HTTP (node:http, so compressed bytes and every
 * header stay visible) checks docs/api.md §1: credentials in headers or the query string, body content types,
 * gzip both ways, CORS preflights and headers on errors, and the `{message, status}` body of each §1.6 error
 * class. The v5 client checks §2.10/§7: one ACL at a time, index patterns with replicas, validity, caps, rate
 * limits, referers, forced query parameters, updateApiKey as a full replace and secured keys (v5 and v4
 * derivation, tampering, a parent without `search`, a deleted parent). The v4 client (`algoliasearch-v4`) runs the
 * main indexing and search flows.
 */
import { request as httpRequest } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { failureOf } from '../../support/failure-of.ts';
import { type SearchClient, startSeededServer, v4ClientFor } from '../../support/seeded-server.ts';
import { adminKey, appId, searchKey } from '../../support/test-app.ts';
import {
  clientFor,
  createKey,
  seedIndex,
  setSettingsAndWait,
  type TestServer,
} from '../../support/test-server.ts';

type Client = SearchClient;

type Car = {
  objectID: string;
  title: string;
  make: string;
  price: number;
  /** A numeric string, as scraped feeds send it. */
  mileage: string;
  year: number;
  warranty: boolean;
  options: string[];
  specs: { fuel: string; gearbox: string; power: { hp: number; kw: string } };
  seller: { kind: 'pro' | 'private'; city: string };
};

const cars: Car[] = [
  {
    objectID: 'vo-101',
    title: 'Peugeot 208 GT Line',
    make: 'Peugeot',
    price: 12_900,
    mileage: '45000',
    year: 2019,
    warranty: true,
    options: ['gps', 'camera'],
    specs: { fuel: 'diesel', gearbox: 'manual', power: { hp: 110, kw: '81' } },
    seller: { kind: 'pro', city: 'Lyon' },
  },
  {
    objectID: 'vo-102',
    title: 'Renault Clio Intens',
    make: 'Renault',
    price: 9_400,
    mileage: '78000',
    year: 2017,
    warranty: false,
    options: ['gps'],
    specs: { fuel: 'petrol', gearbox: 'manual', power: { hp: 90, kw: '66' } },
    seller: { kind: 'private', city: 'Nantes' },
  },
  {
    objectID: 'vo-103',
    title: 'Tesla Model 3 Grande Autonomie',
    make: 'Tesla',
    price: 31_500,
    mileage: '52000',
    year: 2020,
    warranty: true,
    options: ['autopilot', 'camera', 'heated seats'],
    specs: { fuel: 'electric', gearbox: 'automatic', power: { hp: 351, kw: '258' } },
    seller: { kind: 'pro', city: 'Paris' },
  },
  {
    objectID: 'vo-104',
    title: 'Renault Zoe Zen',
    make: 'Renault',
    price: 11_200,
    mileage: '39000',
    year: 2019,
    warranty: true,
    options: ['camera'],
    specs: { fuel: 'electric', gearbox: 'automatic', power: { hp: 92, kw: '68' } },
    seller: { kind: 'private', city: 'Lyon' },
  },
  {
    objectID: 'vo-105',
    title: 'Volkswagen Golf VII TDI',
    make: 'Volkswagen',
    price: 14_800,
    mileage: '98000',
    year: 2016,
    warranty: false,
    options: ['gps', 'heated seats'],
    specs: { fuel: 'diesel', gearbox: 'automatic', power: { hp: 150, kw: '110' } },
    seller: { kind: 'pro', city: 'Lille' },
  },
  {
    objectID: 'vo-106',
    title: 'Peugeot 3008 Allure',
    make: 'Peugeot',
    price: 21_000,
    mileage: '61000',
    year: 2018,
    warranty: true,
    options: ['gps', 'camera', 'towbar'],
    specs: { fuel: 'petrol', gearbox: 'automatic', power: { hp: 130, kw: '96' } },
    seller: { kind: 'pro', city: 'Bordeaux' },
  },
];

const carSettings = {
  searchableAttributes: ['title', 'make', 'specs.fuel', 'options'],
  attributesForFaceting: [
    'searchable(make)',
    'specs.fuel',
    'filterOnly(specs.gearbox)',
    'warranty',
    'options',
    'seller.kind',
  ],
  customRanking: ['desc(year)'],
  replicas: ['autos_fr_price_asc'],
};

const primary = 'autos_fr';
const replica = 'autos_fr_price_asc';

let server: TestServer;
let admin: Client;

/** The official v5 client (rate-limited calls go through `raw` or v4: v5.64 would wait out Retry-After). */
const v5 = (apiKey: string): Client => clientFor(server, apiKey);
const v4 = (apiKey: string) => v4ClientFor(server, apiKey);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (still compressed when `content-encoding` says so). */
  raw: Buffer;
  /** The body decoded (gunzipped if needed) and parsed as JSON, `undefined` when empty. */
  json: unknown;
}

interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** `false` sends no credentials headers. */
  credentials?: boolean;
  apiKey?: string;
}

/** One HTTP request through node:http: no automatic decompression, no header of its own beyond `host`. */
function raw(path: string, options: RawRequest = {}): Promise<RawAnswer> {
  const { method = 'POST', body, credentials = true, apiKey = adminKey } = options;
  const headers: Record<string, string> = {
    ...(credentials ? { 'x-algolia-application-id': appId, 'x-algolia-api-key': apiKey } : {}),
    ...options.headers,
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: server.host, port: server.port, path, method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = (
            response.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes
          ).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw: bytes,
            json: text === '' ? undefined : (JSON.parse(text) as unknown),
          });
        });
      },
    );
    outgoing.on('error', reject);
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

const hitIds = (answer: RawAnswer) =>
  ((answer.json as { hits: { objectID: string }[] }).hits ?? []).map((hit) => hit.objectID);
const queryPath = `/1/indexes/${primary}/query`;
const errorBody = (status: number, message: string | RegExp) => ({
  status,
  message: typeof message === 'string' ? message : expect.stringMatching(message),
});

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({
    indexName: primary,
    settings: carSettings,
    records: cars,
  }));
  await setSettingsAndWait(admin, replica, { customRanking: ['asc(price)'] });
  for (const name of ['stock_autos', 'archive_autos_old', 'motos_fr']) {
    await seedIndex(admin, name, {}, cars.slice(0, 2));
  }
});
afterAll(async () => server.close());

// ---------------------------------------------------------------------------------------------------------------

describe('credentials on the wire (docs/api.md §1.2, §1.6)', () => {
  it('accepts credentials in the query string, names in any case, as the browser builds send them', async () => {
    const lower = await raw(
      `${queryPath}?x-algolia-application-id=${appId}&x-algolia-api-key=${adminKey}&x-algolia-agent=Algolia%20for%20JavaScript%20(5.64.0)`,
      { credentials: false, body: JSON.stringify({ query: 'tesla' }) },
    );
    expect(lower.status).toBe(200);
    expect(hitIds(lower)).toEqual(['vo-103']);
    const mixed = await raw(
      `${queryPath}?X-Algolia-Application-Id=${appId}&X-Algolia-API-Key=${adminKey}`,
      { credentials: false, body: JSON.stringify({ query: 'zoe' }) },
    );
    expect(mixed.status).toBe(200);
    expect(hitIds(mixed)).toEqual(['vo-104']);
    // One credential in the headers, the other in the query string, is still a full set.
    const split = await raw(`${queryPath}?x-algolia-api-key=${adminKey}`, {
      credentials: false,
      headers: { 'x-algolia-application-id': appId },
      body: '{"query":"golf"}',
    });
    expect(split.status).toBe(200);
    expect(hitIds(split)).toEqual(['vo-105']);
  });

  it('answers 403 with the Algolia body to a wrong app id, a missing key, a missing app id and an unknown key', async () => {
    const expected = errorBody(403, 'Invalid Application-ID or API key');
    const cases: RawRequest[] = [
      {
        credentials: false,
        headers: { 'x-algolia-application-id': 'other', 'x-algolia-api-key': adminKey },
      },
      { credentials: false, headers: { 'x-algolia-application-id': appId } },
      { credentials: false, headers: { 'x-algolia-api-key': adminKey } },
      { credentials: false },
      { apiKey: 'not-a-key-at-all' },
      {
        credentials: false,
        headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': '' },
      },
    ];
    for (const options of cases) {
      const answer = await raw(queryPath, { ...options, body: '{}' });
      expect({ status: answer.status, body: answer.json }).toEqual({
        status: 403,
        body: expected,
      });
    }
    // The same through the v5 client: an ApiError, no retry.
    expect(await failureOf(v5('wrong').searchSingleIndex({ indexName: primary }))).toEqual(
      apiError(403, 'Invalid Application-ID or API key'),
    );
  });
});

describe('request bodies (docs/api.md §1.2 rule 2, §1.6)', () => {
  const body = JSON.stringify({ query: 'renault', filters: 'warranty:true' });

  it('parses JSON whatever the content type says, or without one', async () => {
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/json',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      undefined,
    ]) {
      const answer = await raw(queryPath, {
        body,
        headers: contentType === undefined ? {} : { 'content-type': contentType },
      });
      expect({ contentType, status: answer.status, ids: hitIds(answer) }).toEqual({
        contentType,
        status: 200,
        ids: ['vo-104'],
      });
    }
  });

  it('inflates a gzip body, as the full client sends with compression: gzip', async () => {
    const answer = await raw(queryPath, {
      body: gzipSync(Buffer.from(body)),
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
    });
    expect(answer.status).toBe(200);
    expect(hitIds(answer)).toEqual(['vo-104']);
    const batch = await raw(`/1/indexes/${primary}_gzip/batch`, {
      body: gzipSync(
        Buffer.from(
          JSON.stringify({
            requests: cars.map((car) => ({ action: 'addObject', body: car })),
          }),
        ),
      ),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(batch.status).toBe(200);
    expect((batch.json as { objectIDs: string[] }).objectIDs).toEqual(
      cars.map((car) => car.objectID),
    );
  });

  it('answers malformed JSON with 400 and the error body, on read and write routes', async () => {
    for (const path of [queryPath, '/1/indexes/*/queries', `/1/indexes/${primary}/batch`]) {
      const answer = await raw(path, { body: '{"query": "clio"' });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual(errorBody(400, /\S/));
    }
    const gzipOfGarbage = await raw(queryPath, {
      body: gzipSync(Buffer.from('{not json')),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(gzipOfGarbage.status).toBe(400);
    expect(gzipOfGarbage.json).toEqual(errorBody(400, /\S/));
  });

  it('measures the body limit on the inflated size: a small gzip bomb is a 413', async () => {
    const bomb = gzipSync(Buffer.from(JSON.stringify({ query: 'x', pad: ' '.repeat(3_000_000) })));
    expect(bomb.length).toBeLessThan(20_000);
    const answer = await raw(queryPath, { body: bomb, headers: { 'content-encoding': 'gzip' } });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual(errorBody(413, 'Request Entity Too Large'));
  });

  it('answers an empty body where requests are required with 400, but searches with defaults on /query', async () => {
    for (const path of [
      '/1/indexes/*/queries',
      `/1/indexes/${primary}/batch`,
      '/1/indexes/*/objects',
    ]) {
      const answer = await raw(path, { body: '' });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.json).toEqual(errorBody(400, /\S/));
    }
    const search = await raw(queryPath, { body: '' });
    expect(search.status).toBe(200);
    expect((search.json as { nbHits: number }).nbHits).toBe(cars.length);
  });
});

describe('compression of answers (docs/api.md §1.2)', () => {
  it('gzips a response only for a caller that accepts gzip', async () => {
    const body = JSON.stringify({ query: '', hitsPerPage: 100, facets: ['*'] });
    const zipped = await raw(queryPath, { body, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect((zipped.json as { nbHits: number }).nbHits).toBe(cars.length);
    const plain = await raw(queryPath, { body });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.raw.toString('utf8'))).toEqual(
      expect.objectContaining({ nbHits: cars.length }),
    );
    const identity = await raw(queryPath, { body, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json).toEqual(expect.objectContaining({ nbHits: cars.length }));
  });
});

describe('CORS (docs/api.md §1.3)', () => {
  const origin = 'https://occasions.example';

  it('answers a preflight with 204, the methods, the headers a header-auth build needs and max-age', async () => {
    const answer = await raw(`/1/indexes/${primary}/settings`, {
      method: 'OPTIONS',
      credentials: false,
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers':
          'content-type,x-algolia-application-id,x-algolia-api-key,content-encoding',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toMatch(
      /^(\*|https:\/\/occasions\.example)$/,
    );
    const methods = String(answer.headers['access-control-allow-methods'])
      .split(',')
      .map((method) => method.trim());
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']));
    const allowed = String(answer.headers['access-control-allow-headers'])
      .toLowerCase()
      .split(',')
      .map((header) => header.trim());
    expect(allowed).toEqual(
      expect.arrayContaining([
        'content-type',
        'accept',
        'x-algolia-application-id',
        'x-algolia-api-key',
        'request-id',
        'content-encoding',
      ]),
    );
    expect(answer.headers['access-control-max-age']).toBe('86400');
  });

  it('answers the preflight of an unknown path or a DELETE without credentials, not with 403', async () => {
    for (const [path, method] of [
      [`/1/indexes/${primary}/vo-101`, 'DELETE'],
      ['/1/keys/some-key', 'PUT'],
      ['/1/events', 'POST'],
    ] as const) {
      const answer = await raw(path, {
        method: 'OPTIONS',
        credentials: false,
        headers: { origin, 'access-control-request-method': method },
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 204 });
      expect(answer.headers['access-control-allow-origin']).toBeDefined();
    }
  });

  it('puts Access-Control-Allow-Origin and the exposed headers on successes and on every error class', async () => {
    const cases: [string, RawRequest, number][] = [
      [queryPath, { body: '{}' }, 200],
      [queryPath, { body: '{}', apiKey: 'nope' }, 403],
      ['/1/indexes/autos_absent/query', { body: '{}' }, 404],
      [queryPath, { body: '{"filters":"make:("}' }, 400],
      ['/1/nothing/here', { method: 'GET' }, 404],
    ];
    for (const [path, options, status] of cases) {
      const answer = await raw(path, { ...options, headers: { origin, ...options.headers } });
      expect({ path, status: answer.status }).toEqual({ path, status });
      expect(answer.headers['access-control-allow-origin']).toMatch(
        /^(\*|https:\/\/occasions\.example)$/,
      );
      const exposed = String(answer.headers['access-control-expose-headers']).toLowerCase();
      expect(exposed).toContain('retry-after');
      expect(exposed).toContain('correlation-id');
      expect(answer.headers['correlation-id']).toEqual(expect.any(String));
    }
  });
});

describe('error classes of §1.6 over raw HTTP', () => {
  it('answers each class with its status and a {message, status} body', async () => {
    const read = (path: string, options: RawRequest = {}) =>
      raw(path, { method: 'GET', ...options });
    const expectations: [Promise<RawAnswer>, number, string | RegExp][] = [
      [raw('/1/indexes/autos_absent/query', { body: '{}' }), 404, 'Index does not exist'],
      [read('/1/indexes/autos_absent/settings'), 404, 'Index does not exist'],
      [read(`/1/indexes/${primary}/vo-999`), 404, 'ObjectID does not exist'],
      [read(`/1/indexes/${primary}/task/987654321`), 404, /\S/],
      [raw(queryPath, { body: '{"filters":"price >"}' }), 400, /\S/],
      [raw(queryPath, { body: '{"hitsPerPage":"many"}' }), 400, /hitsPerPage/],
      [raw(queryPath, { body: JSON.stringify({ query: 'é'.repeat(257) }) }), 400, /512/],
      [
        raw(queryPath, { body: JSON.stringify({ query: 'x', pad: 'y'.repeat(1_100_000) }) }),
        413,
        'Request Entity Too Large',
      ],
      [read('/1/definitely/not/a/route'), 404, /\S/],
    ];
    for (const [pending, status, message] of expectations) {
      const answer = await pending;
      expect(answer.status).toBe(status);
      expect(answer.json).toEqual(errorBody(status, message));
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers a known path with a method it does not serve with a 4xx JSON body, never 5xx', async () => {
    // (PUT /1/indexes/{index}/query is not one of these: it is addOrUpdateObject with objectID "query".)
    for (const [method, path] of [
      ['PATCH', `/1/indexes/${primary}/settings`],
      ['DELETE', '/1/keys'],
      ['PUT', '/1/keys'],
      ['PATCH', `/1/indexes/${primary}/vo-101`],
    ] as const) {
      const answer = await raw(path, { method, body: '{}' });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.json).toEqual(errorBody(answer.status, /\S/));
    }
  });

  it('appends the caller request id to the Correlation-ID header', async () => {
    const answer = await raw(`${queryPath}?x-algolia-request-id=Ab3dE6gH9jK`, { body: '{}' });
    expect(answer.status).toBe(200);
    expect(String(answer.headers['correlation-id'])).toContain('Ab3dE6gH9jK');
    // The Node build sends it as a request-id header, on errors as well.
    const refused = await raw(queryPath, {
      apiKey: 'nope',
      body: '{}',
      headers: { 'request-id': 'Zz9Yy8Xx7Ww' },
    });
    expect(refused.status).toBe(403);
    expect(String(refused.headers['correlation-id'])).toContain('Zz9Yy8Xx7Ww');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('one ACL at a time (docs/api.md §2.1, §7.1)', () => {
  const denied = 'Method not allowed with this API key';
  type Probe = (client: Client) => Promise<unknown>;
  const probes: Record<string, Probe> = {
    search: (client) => client.searchSingleIndex({ indexName: primary }),
    getObject: (client) => client.getObject({ indexName: primary, objectID: 'vo-101' }),
    browse: (client) => client.browse({ indexName: primary }),
    saveObject: (client) =>
      client.addOrUpdateObject({
        indexName: 'stock_autos',
        objectID: 'acl-probe',
        body: { title: 'probe' },
      }),
    deleteObject: (client) => client.deleteObject({ indexName: 'stock_autos', objectID: 'nope' }),
    clearObjects: (client) => client.clearObjects({ indexName: 'autos_scratch' }),
    getSettings: (client) => client.getSettings({ indexName: primary }),
    setSettings: (client) =>
      client.setSettings({ indexName: 'stock_autos', indexSettings: { hitsPerPage: 20 } }),
    listIndices: (client) => client.listIndices(),
    listApiKeys: (client) => client.listApiKeys(),
  };
  const grants: Record<string, string[]> = {
    search: ['search', 'getObject'],
    browse: ['browse'],
    addObject: ['saveObject'],
    deleteObject: ['deleteObject'],
    deleteIndex: ['clearObjects'],
    settings: ['getSettings'],
    editSettings: ['setSettings'],
    listIndexes: ['listIndices'],
  };

  for (const [acl, allowed] of Object.entries(grants)) {
    it(`a key with only ${acl} may ${allowed.join(', ')} and nothing else`, async () => {
      const key = await createKey(admin, { acl: [acl as 'search'] });
      const client = v5(key);
      for (const [name, probe] of Object.entries(probes)) {
        const outcome = await failureOf(probe(client));
        if (allowed.includes(name)) {
          expect({ name, status: outcome.status }).toEqual({ name, status: undefined });
        } else {
          expect({ name, ...outcome }).toEqual({ name, ...apiError(403, denied) });
        }
      }
    });
  }
});

describe('index patterns with replicas (docs/api.md §7.1)', () => {
  it('matches prefix*, *suffix and *infix* against primaries and replicas alike', async () => {
    const cases: [string, string[]][] = [
      ['autos*', [primary, replica]],
      ['*_price_asc', [replica]],
      ['*autos*', [primary, replica, 'stock_autos', 'archive_autos_old']],
      ['*_autos', ['stock_autos']],
    ];
    const everyIndex = [primary, replica, 'stock_autos', 'archive_autos_old', 'motos_fr'];
    for (const [pattern, open] of cases) {
      const client = v5(await createKey(admin, { acl: ['search'], indexes: [pattern] }));
      for (const indexName of everyIndex) {
        const outcome = await failureOf(client.searchSingleIndex({ indexName }));
        expect({ pattern, indexName, status: outcome.status }).toEqual({
          pattern,
          indexName,
          status: open.includes(indexName) ? undefined : 403,
        });
      }
    }
  });

  it('does not let a key reach an index outside its patterns by declaring it a replica', async () => {
    const key = await createKey(admin, {
      acl: ['search', 'settings', 'editSettings'],
      indexes: ['stock_*'],
    });
    const client = v5(key);
    const before = await admin.searchSingleIndex({ indexName: 'motos_fr' });
    for (const replicas of [['motos_fr'], ['virtual(motos_fr)']]) {
      expect(
        await failureOf(
          client.setSettings({ indexName: 'stock_autos', indexSettings: { replicas } }),
        ),
      ).toEqual(apiError(403, 'Index not allowed with this API key'));
    }
    // motos_fr keeps its own records and stays a primary.
    const after = await admin.searchSingleIndex({ indexName: 'motos_fr' });
    expect(after.hits.map((hit) => hit.objectID)).toEqual(before.hits.map((hit) => hit.objectID));
    expect((await admin.getSettings({ indexName: 'motos_fr' })).primary).toBeUndefined();
    // A replica inside the patterns is fine.
    await client.setSettings({
      indexName: 'stock_autos',
      indexSettings: { replicas: ['stock_autos_km'] },
    });
    expect((await admin.getSettings({ indexName: 'stock_autos_km' })).primary).toBe('stock_autos');
  });

  it('sorts through the replica for a key matching it, with the primary records', async () => {
    const client = v5(await createKey(admin, { acl: ['search'], indexes: ['*_asc'] }));
    const result = await client.searchSingleIndex<Car>({ indexName: replica });
    expect(result.hits.map((hit) => hit.price)).toEqual(
      cars.map((car) => car.price).sort((a, b) => a - b),
    );
    expect(await failureOf(client.searchSingleIndex({ indexName: primary }))).toEqual(
      apiError(403, 'Index not allowed with this API key'),
    );
  });
});

describe('key attributes (docs/api.md §2.10, §7.1)', () => {
  it('clamps hitsPerPage and length to maxHitsPerQuery, in a single and a multi search', async () => {
    const client = v5(await createKey(admin, { acl: ['search'], maxHitsPerQuery: 2 }));
    const single = await client.searchSingleIndex({
      indexName: primary,
      searchParams: { hitsPerPage: 50 },
    });
    expect(single.hits).toHaveLength(2);
    expect(single.nbHits).toBe(cars.length);
    const window = await client.searchSingleIndex({
      indexName: primary,
      searchParams: { offset: 1, length: 5 },
    });
    expect(window.hits).toHaveLength(2);
    const multi = await client.search<Car>({
      requests: [
        { indexName: primary, hitsPerPage: 4 },
        { indexName: replica, hitsPerPage: 1 },
      ],
    });
    expect(multi.results.map((result) => ('hits' in result ? result.hits.length : -1))).toEqual([
      2, 1,
    ]);
  });

  it('forces queryParameters: the request can neither widen the filters nor raise hitsPerPage', async () => {
    const client = v5(
      await createKey(admin, {
        acl: ['search'],
        queryParameters: 'filters=warranty%3Atrue&hitsPerPage=2',
      }),
    );
    const plain = await client.searchSingleIndex<Car>({
      indexName: primary,
      searchParams: { hitsPerPage: 10 },
    });
    expect(plain.nbHits).toBe(cars.filter((car) => car.warranty).length);
    expect(plain.hits).toHaveLength(2);
    const widened = await client.searchSingleIndex<Car>({
      indexName: primary,
      searchParams: { filters: 'warranty:false OR warranty:true', hitsPerPage: 10 },
    });
    expect(widened.hits.every((hit) => hit.warranty)).toBe(true);
    const opposite = await client.searchSingleIndex<Car>({
      indexName: primary,
      searchParams: { filters: 'warranty:false' },
    });
    expect(opposite.hits.filter((hit) => !hit.warranty)).toEqual([]);
  });

  it('forces attributesToRetrieve from queryParameters over the request', async () => {
    const client = v5(
      await createKey(admin, {
        acl: ['search'],
        queryParameters: 'attributesToRetrieve=%5B%22title%22%2C%22price%22%5D',
      }),
    );
    const result = await client.searchSingleIndex<Record<string, unknown>>({
      indexName: primary,
      searchParams: { query: 'tesla', attributesToRetrieve: ['*'], attributesToHighlight: [] },
    });
    expect(result.hits).toHaveLength(1);
    expect(Object.keys(result.hits[0] ?? {}).sort()).toEqual(['objectID', 'price', 'title']);
  });

  it('forces queryParameters filters on browse and on facet-value counts too', async () => {
    const client = v5(
      await createKey(admin, {
        acl: ['search', 'browse'],
        queryParameters: 'filters=seller.kind%3Aprivate',
      }),
    );
    const browsed = await client.browse<Car>({ indexName: primary });
    expect(browsed.hits.map((hit) => hit.objectID).sort()).toEqual(['vo-102', 'vo-104']);
    const makes = await client.searchForFacetValues({
      indexName: primary,
      facetName: 'make',
      searchForFacetValuesRequest: { facetQuery: '' },
    });
    expect(makes.facetHits.map(({ value, count }) => [value, count])).toEqual([['Renault', 2]]);
  });

  it('accepts only callers whose Referer matches, and refuses a missing one', async () => {
    const key = await createKey(admin, {
      acl: ['search'],
      referers: ['https://occasions.example/*'],
    });
    const searchWith = (headers: Record<string, string>) =>
      raw(queryPath, { apiKey: key, body: '{}', headers });
    expect((await searchWith({ referer: 'https://occasions.example/annonces/lyon' })).status).toBe(
      200,
    );
    for (const referer of [
      'https://evil.example/https://occasions.example/',
      'https://occasions.example.evil.example/',
    ]) {
      const answer = await searchWith({ referer });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual(errorBody(403, 'Invalid Application-ID or API key'));
    }
    expect((await searchWith({})).status).toBe(403);
  });

  it('expires a key once its validity has passed', async () => {
    const key = await createKey(admin, { acl: ['search'], validity: 1 });
    expect((await raw(queryPath, { apiKey: key, body: '{}' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const expired = await raw(queryPath, { apiKey: key, body: '{}' });
    expect(expired.status).toBe(403);
    expect(expired.json).toEqual(errorBody(403, 'Invalid Application-ID or API key'));
  });

  it('answers 429 with Retry-After in whole seconds, exposed to browsers, once maxQueriesPerIPPerHour is spent', async () => {
    const key = await createKey(admin, { acl: ['search'], maxQueriesPerIPPerHour: 2 });
    const search = (headers: Record<string, string> = {}) =>
      raw(queryPath, {
        apiKey: key,
        body: '{"query":"peugeot"}',
        headers: { origin: 'https://occasions.example', ...headers },
      });
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(errorBody(429, 'Too Many Requests'));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600).toBe(true);
    expect(String(refused.headers['access-control-expose-headers']).toLowerCase()).toContain(
      'retry-after',
    );
    expect(refused.headers['access-control-allow-origin']).toBeDefined();
    // A browser's X-Forwarded-For is not trusted from a non-admin caller: it cannot buy a new budget.
    expect((await search({ 'x-forwarded-for': '198.51.100.77' })).status).toBe(429);
    // The admin key is never limited.
    expect((await raw(queryPath, { body: '{}' })).status).toBe(200);
  });

  it('replaces every field on updateApiKey and the change shows at once', async () => {
    const key = await createKey(admin, {
      acl: ['search', 'browse'],
      description: 'garage Lyon',
      indexes: ['stock_*'],
      maxHitsPerQuery: 1,
      referers: ['https://garage.example/*'],
      queryParameters: 'filters=warranty%3Atrue',
      validity: 3600,
    });
    await admin.updateApiKey({ key, apiKey: { acl: ['search'] } });
    await admin.waitForApiKey({ key, operation: 'update', apiKey: { acl: ['search'] } });
    const stored = await admin.getApiKey({ key });
    expect(stored).toMatchObject({
      value: key,
      acl: ['search'],
      description: '',
      indexes: [],
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: 0,
      referers: [],
      queryParameters: '',
      validity: 0,
    });
    // No referer needed any more, every index open, no cap, no forced filters.
    const result = await v5(key).searchSingleIndex<Car>({ indexName: primary });
    expect(result.hits).toHaveLength(cars.length);
    expect(await failureOf(v5(key).browse({ indexName: primary }))).toEqual(
      apiError(403, 'Method not allowed with this API key'),
    );
  });

  it('lets a non-admin key read only itself, redacted, and never list keys', async () => {
    const own = await createKey(admin, { acl: ['search'], description: 'vitrine publique' });
    const other = await createKey(admin, { acl: ['search'], description: 'autre' });
    const self = await v5(own).getApiKey({ key: own });
    expect(self).toMatchObject({ value: own, acl: ['search'], description: '<redacted>' });
    expect((await failureOf(v5(own).getApiKey({ key: other }))).status).toBe(403);
    expect(await failureOf(v5(own).listApiKeys())).toEqual(
      apiError(403, 'Method not allowed with this API key'),
    );
    expect(await failureOf(v5(own).deleteApiKey({ key: own }))).toEqual(
      apiError(403, 'Method not allowed with this API key'),
    );
    expect(await failureOf(admin.getApiKey({ key: 'absent-key-000' }))).toMatchObject({
      status: 404,
    });
  });

  it('lists keys with every field, createdAt in ms epoch, arrays in the order sent', async () => {
    const key = await createKey(admin, {
      acl: ['settings', 'search', 'browse'],
      description: 'export',
      indexes: ['stock_*', 'autos_fr'],
      referers: ['https://b.example/*', 'https://a.example/*'],
      maxHitsPerQuery: 7,
      maxQueriesPerIPPerHour: 900,
      queryParameters: 'hitsPerPage=3',
      validity: 0,
    });
    const { keys } = await admin.listApiKeys();
    const listed = keys.find((entry) => entry.value === key);
    expect(listed).toMatchObject({
      acl: ['settings', 'search', 'browse'],
      description: 'export',
      indexes: ['stock_*', 'autos_fr'],
      referers: ['https://b.example/*', 'https://a.example/*'],
      maxHitsPerQuery: 7,
      maxQueriesPerIPPerHour: 900,
      queryParameters: 'hitsPerPage=3',
      validity: 0,
    });
    expect(listed?.createdAt).toEqual(expect.any(Number));
    expect(Math.abs((listed?.createdAt ?? 0) - Date.now())).toBeLessThan(60_000);
    // Deleted keys leave the list and stop working.
    await admin.deleteApiKey({ key });
    await admin.waitForApiKey({ key, operation: 'delete' });
    expect((await admin.listApiKeys()).keys.some((entry) => entry.value === key)).toBe(false);
    expect((await raw(queryPath, { apiKey: key, body: '{}' })).status).toBe(403);
  });
});

describe('secured keys (docs/api.md §7.2)', () => {
  it('applies filters, restrictIndices and validUntil from a v5 secured key sent in the URL', async () => {
    const parent = await createKey(admin, { acl: ['search'], indexes: ['autos_*'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: {
        filters: 'specs.fuel:electric',
        restrictIndices: [primary],
        validUntil: Math.floor(Date.now() / 1000) + 600,
        userToken: 'acheteur-42',
      },
    });
    const inUrl = await raw(
      `${queryPath}?x-algolia-application-id=${appId}&x-algolia-api-key=${encodeURIComponent(secured)}`,
      { credentials: false, body: '{"hitsPerPage":50}' },
    );
    expect(inUrl.status).toBe(200);
    expect(hitIds(inUrl).sort()).toEqual(['vo-103', 'vo-104']);
    const replicaAnswer = await raw(`/1/indexes/${replica}/query`, { apiKey: secured, body: '{}' });
    expect(replicaAnswer.status).toBe(403);
    expect(replicaAnswer.json).toEqual(errorBody(403, 'Index not allowed with this API key'));
    const expired = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { validUntil: Math.floor(Date.now() / 1000) - 1 },
    });
    expect(await failureOf(v5(expired).searchSingleIndex({ indexName: primary }))).toEqual(
      apiError(403, 'Invalid Application-ID or API key'),
    );
  });

  it('derives from the configured search-only key as from a stored one', async () => {
    const secured = admin.generateSecuredApiKey({
      parentApiKey: searchKey,
      restrictions: { filters: 'options:towbar' },
    });
    const result = await v5(secured).searchSingleIndex({ indexName: primary });
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['vo-106']);
  });

  it('refuses a tampered, truncated or re-signed secured key', async () => {
    const parent = await createKey(admin, { acl: ['search'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'make:Renault' },
    });
    const decoded = Buffer.from(secured, 'base64').toString('utf8');
    const widened = Buffer.from(`${decoded.slice(0, 64)}filters=make%3APeugeot`).toString('base64');
    const flipped = Buffer.from(`${decoded[0] === 'a' ? 'b' : 'a'}${decoded.slice(1)}`).toString(
      'base64',
    );
    const fromOtherSecret = admin.generateSecuredApiKey({
      parentApiKey: 'not-a-stored-key',
      restrictions: { filters: 'make:Renault' },
    });
    for (const apiKey of [widened, flipped, secured.slice(0, 40), fromOtherSecret, `${secured}x`]) {
      const answer = await raw(queryPath, { apiKey, body: '{}' });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual(errorBody(403, 'Invalid Application-ID or API key'));
    }
    const genuine = await raw(queryPath, { apiKey: secured, body: '{}' });
    expect(hitIds(genuine).sort()).toEqual(['vo-102', 'vo-104']);
  });

  it('refuses a secured key whose parent lacks search, or derived from another secured key', async () => {
    const browseOnly = await createKey(admin, { acl: ['browse'] });
    const fromBrowse = admin.generateSecuredApiKey({
      parentApiKey: browseOnly,
      restrictions: { filters: 'warranty:true' },
    });
    expect(await failureOf(v5(fromBrowse).searchSingleIndex({ indexName: primary }))).toEqual(
      apiError(403, 'Method not allowed with this API key'),
    );
    const parent = await createKey(admin, { acl: ['search'] });
    const first = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'warranty:true' },
    });
    const second = admin.generateSecuredApiKey({
      parentApiKey: first,
      restrictions: { filters: 'warranty:true' },
    });
    expect((await failureOf(v5(second).searchSingleIndex({ indexName: primary }))).status).toBe(
      403,
    );
  });

  it('stops working once its parent key is deleted', async () => {
    const parent = await createKey(admin, { acl: ['search'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'make:Tesla' },
    });
    expect((await v5(secured).searchSingleIndex({ indexName: primary })).nbHits).toBe(1);
    await admin.deleteApiKey({ key: parent });
    await admin.waitForApiKey({ key: parent, operation: 'delete' });
    expect(await failureOf(v5(secured).searchSingleIndex({ indexName: primary }))).toEqual(
      apiError(403, 'Invalid Application-ID or API key'),
    );
  });

  it('accepts a secured key of several kilobytes in the URL (docs/api.md §1.2 rule 6)', async () => {
    const parent = await createKey(admin, { acl: ['search'] });
    const ids = Array.from({ length: 200 }, (_, i) => `objectID:vo-${String(i).padStart(3, '0')}`);
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: ids.join(' OR '), userToken: 'x'.repeat(40) },
    });
    const path = `${queryPath}?x-algolia-application-id=${appId}&x-algolia-api-key=${encodeURIComponent(secured)}`;
    expect(path.length).toBeGreaterThan(6_000);
    const answer = await raw(path, { credentials: false, body: '{"hitsPerPage":50}' });
    expect(answer.status).toBe(200);
    expect(hitIds(answer).sort()).toEqual([
      'vo-101',
      'vo-102',
      'vo-103',
      'vo-104',
      'vo-105',
      'vo-106',
    ]);
  });

  it('refuses a secured key without restrictions, and restrictIndices outside the parent patterns', async () => {
    const parent = await createKey(admin, { acl: ['search'], indexes: ['autos_*'] });
    const bare = admin.generateSecuredApiKey({ parentApiKey: parent, restrictions: {} });
    expect((await raw(queryPath, { apiKey: bare, body: '{}' })).status).toBe(403);
    const outside = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictIndices: ['motos_fr', primary] },
    });
    expect((await raw(queryPath, { apiKey: outside, body: '{}' })).status).toBe(200);
    const motos = await raw('/1/indexes/motos_fr/query', { apiKey: outside, body: '{}' });
    expect(motos.status).toBe(403);
    expect(motos.json).toEqual(errorBody(403, 'Index not allowed with this API key'));
  });

  it('fails a whole multi-search or getObjects when one entry names an index outside restrictIndices', async () => {
    const parent = await createKey(admin, { acl: ['search'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictIndices: [primary], filters: 'warranty:true' },
    });
    const client = v5(secured);
    expect(
      await failureOf(
        client.search({ requests: [{ indexName: primary }, { indexName: 'stock_autos' }] }),
      ),
    ).toEqual(apiError(403, 'Index not allowed with this API key'));
    expect(
      await failureOf(
        client.getObjects({
          requests: [
            { indexName: primary, objectID: 'vo-101' },
            { indexName: 'stock_autos', objectID: 'vo-101' },
          ],
        }),
      ),
    ).toEqual(apiError(403, 'Index not allowed with this API key'));
    const { results } = await client.search<Car>({
      requests: [{ indexName: primary, hitsPerPage: 50 }],
    });
    const first = results[0];
    const hits: Car[] = first && 'hits' in first ? first.hits : [];
    expect(hits.length).toBe(cars.filter((car) => car.warranty).length);
    expect(hits.every((hit) => hit.warranty)).toBe(true);
  });

  it('honours a v4 secured key with restrictIndices as a JSON array and a userToken rate limit', async () => {
    const parent = await createKey(admin, {
      acl: ['search'],
      indexes: ['autos_*'],
      maxQueriesPerIPPerHour: 1,
    });
    const derive = (userToken: string) =>
      v4(adminKey).generateSecuredApiKey(parent, {
        restrictIndices: [replica],
        filters: 'seller.kind:pro',
        userToken,
      });
    const alice = v4(derive('alice')).initIndex(replica);
    const result = await alice.search<Car>('', { hitsPerPage: 50 });
    expect(result.hits.map((hit) => hit.objectID)).toEqual(
      cars
        .filter((car) => car.seller.kind === 'pro')
        .sort((a, b) => a.price - b.price)
        .map((car) => car.objectID),
    );
    const again = await alice.search('').then(
      () => 200,
      (caught: { status?: number }) => caught.status,
    );
    expect(again).toBe(429);
    // Another user token of the same parent has its own budget.
    expect((await v4(derive('bob')).initIndex(replica).search('')).nbHits).toBe(4);
    const elsewhere = await v4(derive('carol'))
      .initIndex(primary)
      .search('')
      .then(
        () => 200,
        (caught: { status?: number }) => caught.status,
      );
    expect(elsewhere).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('the v4 client on the used-car catalogue', () => {
  it('indexes with generated ids, sets replicas and searches, sorts and searches facet values', async () => {
    const client = v4(adminKey);
    const index = client.initIndex('v4_autos');
    await index
      .setSettings({
        ...carSettings,
        replicas: ['v4_autos_km'],
      })
      .wait();
    await client
      .initIndex('v4_autos_km')
      .setSettings({ customRanking: ['asc(year)'] })
      .wait();
    const withoutIds = cars.map(({ objectID: _id, ...car }) => car);
    const saved = await index
      .saveObjects(withoutIds, { autoGenerateObjectIDIfNotExist: true })
      .wait();
    expect(saved.objectIDs).toHaveLength(cars.length);
    expect(new Set(saved.objectIDs).size).toBe(cars.length);

    const found = await index.search<Omit<Car, 'objectID'>>('renault', {
      facets: ['specs.fuel', 'warranty'],
      numericFilters: ['year>=2018'],
    });
    expect(found.hits.map((hit) => hit.title)).toEqual(['Renault Zoe Zen']);
    expect(found.facets?.['specs.fuel']).toEqual({ electric: 1 });
    expect(found.facets?.['warranty']).toEqual({ true: 1 });

    const oldestFirst = await client.initIndex('v4_autos_km').search<Car>('');
    expect(oldestFirst.hits.map((hit) => hit.year)).toEqual(
      cars.map((car) => car.year).sort((a, b) => a - b),
    );

    const makes = await index.searchForFacetValues('make', 're', { filters: 'warranty:true' });
    expect(makes.facetHits).toEqual([
      expect.objectContaining({ value: 'Renault', count: 1, highlighted: '<em>Re</em>nault' }),
    ]);
    const refused = await index.searchForFacetValues('specs.fuel', 'die').then(
      () => 200,
      (caught: { status?: number }) => caught.status,
    );
    expect(refused).toBe(400);
  });

  it('runs multipleQueries, findObject and getObjectPosition over the search endpoint', async () => {
    const client = v4(adminKey);
    const { results } = await client.multipleQueries<Car>([
      { indexName: primary, query: 'peugeot', params: { hitsPerPage: 1 } },
      { indexName: replica, query: '', params: { filters: 'specs.gearbox:automatic' } },
    ]);
    const [peugeot, automatic] = results.map((result) =>
      'hits' in result ? result : { hits: [], nbHits: -1 },
    );
    expect(peugeot?.hits.map((hit) => hit.objectID)).toEqual(['vo-101']);
    expect(peugeot?.nbHits).toBe(2);
    expect(automatic?.hits.map((hit) => hit.objectID)).toEqual([
      'vo-104',
      'vo-105',
      'vo-106',
      'vo-103',
    ]);
    const index = client.initIndex(replica);
    const found = await index.findObject<Car>((hit) => hit.mileage === '98000', {
      query: '',
      paginate: true,
    });
    expect(found).toMatchObject({ object: { objectID: 'vo-105' }, position: 3, page: 0 });
    const page = await index.search('', { hitsPerPage: 100 });
    expect(index.getObjectPosition(page, 'vo-103')).toBe(5);
    expect(index.getObjectPosition(page, 'vo-999')).toBe(-1);
  });

  it('manages a key with addApiKey, updateApiKey and deleteApiKey and their wait()', async () => {
    const client = v4(adminKey);
    const { key } = await client
      .addApiKey(['search'], { indexes: ['autos_*'], description: 'v4 key', maxHitsPerQuery: 3 })
      .wait();
    const created = await client.getApiKey(key);
    expect(created).toMatchObject({
      value: key,
      acl: ['search'],
      indexes: ['autos_*'],
      description: 'v4 key',
      maxHitsPerQuery: 3,
    });
    expect((await v4(key).initIndex(primary).search('')).hits).toHaveLength(3);
    await client.updateApiKey(key, { acl: ['search', 'browse'], indexes: ['archive_*'] }).wait();
    const updated = await client.getApiKey(key);
    expect(updated).toMatchObject({
      acl: ['search', 'browse'],
      indexes: ['archive_*'],
      maxHitsPerQuery: 0,
    });
    const refused = await v4(key)
      .initIndex(primary)
      .search('')
      .then(
        () => 200,
        (caught: { status?: number }) => caught.status,
      );
    expect(refused).toBe(403);
    expect((await v4(key).initIndex('archive_autos_old').search('')).nbHits).toBe(2);
    await client.deleteApiKey(key).wait();
    const gone = await client.getApiKey(key).then(
      () => 200,
      (caught: { status?: number }) => caught.status,
    );
    expect(gone).toBe(404);
  });

  it('keeps replicas in step when replaceAllObjects moves the temporary index onto the primary', async () => {
    const client = v4(adminKey);
    const index = client.initIndex('v4_autos_swap');
    await index.setSettings({ ...carSettings, replicas: ['v4_autos_swap_cheap'] }).wait();
    await client
      .initIndex('v4_autos_swap_cheap')
      .setSettings({ customRanking: ['asc(price)'] })
      .wait();
    await index.saveObjects(cars).wait();
    const fresh = cars.slice(2, 5).map((car) => ({ ...car, price: car.price - 1_000 }));
    await index.replaceAllObjects(fresh, { safe: true });
    const cheap = await client.initIndex('v4_autos_swap_cheap').search<Car>('');
    expect(cheap.hits.map((hit) => [hit.objectID, hit.price])).toEqual(
      [...fresh].sort((a, b) => a.price - b.price).map((car) => [car.objectID, car.price]),
    );
    expect(await index.getSettings()).toMatchObject({ replicas: ['v4_autos_swap_cheap'] });
    expect(await client.initIndex('v4_autos_swap_cheap').getSettings()).toMatchObject({
      primary: 'v4_autos_swap',
    });
  });

  it('browses, replaces all objects, copies and moves', async () => {
    const client = v4(adminKey);
    const source = client.initIndex('v4_autos_cycle');
    await source
      .setSettings({ attributesForFaceting: ['make', 'options'], customRanking: ['asc(price)'] })
      .wait();
    await source.saveObjects(cars).wait();
    const browsed: string[] = [];
    await source.browseObjects<Car>({
      filters: 'options:camera',
      batch: (batch) => browsed.push(...batch.map((hit) => hit.objectID)),
    });
    expect(browsed.sort()).toEqual(
      cars.filter((car) => car.options.includes('camera')).map((car) => car.objectID),
    );

    await source.replaceAllObjects(cars.slice(0, 2), { safe: true });
    expect((await source.search('')).nbHits).toBe(2);
    expect(await source.getSettings()).toMatchObject({ customRanking: ['asc(price)'] });
    expect((await client.listIndices()).items.some((item) => item.name.includes('_tmp_'))).toBe(
      false,
    );

    await client.copyIndex('v4_autos_cycle', 'v4_autos_copy').wait();
    expect((await client.initIndex('v4_autos_copy').search('')).nbHits).toBe(2);
    await client.moveIndex('v4_autos_copy', 'v4_autos_moved').wait();
    const names = (await client.listIndices()).items.map((item) => item.name);
    expect(names).toContain('v4_autos_moved');
    expect(names).not.toContain('v4_autos_copy');
    expect(await client.initIndex('v4_autos_moved').getSettings()).toMatchObject({
      customRanking: ['asc(price)'],
    });
    expect(await client.initIndex('v4_autos_copy').exists()).toBe(false);
  });
});
