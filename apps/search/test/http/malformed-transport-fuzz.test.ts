import type { ChildProcess } from 'node:child_process';
import { brotliCompressSync, deflateRawSync, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import { freePort } from '@vitrine/database/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDataDir } from '../support/fresh-store.ts';
import { makeProducts, productSettings } from '../support/products.ts';
import { type RawAnswer, rawExchange } from '../support/raw-http.ts';
import {
  killSpawnedServices,
  spawnedAdminKey,
  spawnedHeaders,
  startSpawnedService,
} from '../support/spawned-service.ts';

/**
 * Fuzzes the transport of the real service, run as its own process and reached over real sockets with raw
 * bytes (no HTTP client, so malformations reach it as sent): methods, every route with odd index names,
 * query strings, content encodings with empty, truncated, corrupted, concatenated and valid bodies, and
 * framing (content-length off by some bytes, bad chunk sizes, both transfer-encoding and content-length).
 * Whatever arrives, the process must stay up, never answer 5xx, answer every 4xx with the Algolia
 * `{ message, status }` body, and say `nosniff`. The seed is printed; `FUZZ_SEED=<seed>` replays a run,
 * `FUZZ_CASES` (10,000) changes its length.
 */
afterAll(killSpawnedServices);

let port = 0;
let service: ChildProcess;
let exited = '';
beforeAll(async () => {
  port = await freePort();
  service = await startSpawnedService(await freshDataDir(), port);
  service.on('exit', (code, signal) => {
    exited = `the service exited (code ${code}, signal ${signal})`;
  });
  const send = (method: string, path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: spawnedHeaders,
      body: JSON.stringify(body),
    });
  await send('PUT', '/1/indexes/products/settings', productSettings);
  await send('POST', '/1/indexes/products/batch', {
    requests: makeProducts(20).map((body) => ({ action: 'addObject', body })),
  });
});

const indexNames = [
  'products',
  'scratch',
  '*',
  '%00',
  'a%00b',
  '..',
  '%2e%2e',
  '..%2F..%2Fetc',
  '%2F',
  'caf%C3%A9',
  'caf%25C3%25A9',
  'caf\u00e9',
  '\u{1f600}',
  '%F0%9F%98%80',
  '%ZZ',
  '%',
  '__proto__',
  'constructor',
  ' ',
  'x'.repeat(300),
  'y'.repeat(1025),
];
const ids = ['a', '1', '__proto__', '%00', '..', '%2e', 'caf%C3%A9', 'z'.repeat(2000), '-1'];
/** Every route of the service, `{i}` for an index name, `{o}` for an id (object, key, task, facet). */
const routes = [
  '/health',
  '/1/health',
  '/1/indexes',
  '/1/indexes/{i}',
  '/1/indexes/{i}/query',
  '/1/indexes/*/queries',
  '/1/indexes/{i}/queries',
  '/1/indexes/{i}/browse',
  '/1/indexes/{i}/facets/{o}/query',
  '/1/indexes/*/objects',
  '/1/indexes/{i}/objects',
  '/1/indexes/{i}/{o}',
  '/1/indexes/{i}/{o}/partial',
  '/1/indexes/{i}/batch',
  '/1/indexes/*/batch',
  '/1/indexes/{i}/clear',
  '/1/indexes/{i}/deleteByQuery',
  '/1/indexes/{i}/operation',
  '/1/indexes/{i}/settings',
  '/1/indexes/{i}/task/{o}',
  '/1/task/{o}',
  '/1/indexes/{i}/synonyms/batch',
  '/1/indexes/{i}/synonyms/clear',
  '/1/indexes/{i}/synonyms/search',
  '/1/indexes/{i}/synonyms/{o}',
  '/1/indexes/{i}/rules/batch',
  '/1/indexes/{i}/rules/clear',
  '/1/indexes/{i}/rules/search',
  '/1/indexes/{i}/rules/{o}',
  '/1/indexes/{i}/recommendations',
  '/1/keys',
  '/1/keys/{o}',
  '/1/events',
  '/2/searches',
  '/2/hits',
  '/2/filters/{o}',
  '/2/status',
  '/',
  '/1',
  '/1/',
  '//1//indexes//products',
  '/1/indexes/../keys',
  '/1/indexes/%2e%2e/keys',
  '/1/%69ndexes/products',
  '/1/indexes/products/query/',
  '*',
];
const path = fc
  .tuple(fc.constantFrom(...routes), fc.constantFrom(...indexNames), fc.constantFrom(...ids))
  .map(([route, index, id]) => route.replace('{i}', index).replace('{o}', id));

const queryPieces = [
  `x-algolia-application-id=vitrine&x-algolia-api-key=${spawnedAdminKey}`,
  `x-algolia-api-key=${spawnedAdminKey}&x-algolia-api-key=other`,
  'query=a&query=b',
  'query=',
  '=x',
  '&&',
  'a',
  '__proto__=1',
  '__proto__[polluted]=1',
  'constructor=1',
  'constructor[prototype][polluted]=1',
  'prototype=1',
  'hasOwnProperty=1',
  'toString=x',
  'params=__proto__%3D1',
  'forwardToReplicas=true&forwardToReplicas=false',
  'createIfNotExists=true',
  'hitsPerPage=1e400',
  'page=-1',
  'strategy=%00',
  'x-algolia-request-id=../../x',
  '%ZZ=%ZZ',
  'caf%C3%A9=%F0%9F%98%80',
];
const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.constantFrom(...queryPieces), { minLength: 1, maxLength: 4 })
      .map((pieces) => `?${pieces.join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(100, 5_000, 20_000).map((length) => `?query=${'q'.repeat(length)}`),
  },
);

const methods = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
  { weight: 2, arbitrary: fc.constant('HEAD') },
  { weight: 1, arbitrary: fc.constantFrom('FOO', 'PROPFIND', 'TRACE', 'QUERY', 'get', 'P0ST') },
);

/** JSON bodies the routes take, and a few they must refuse. */
const jsonTexts = [
  '{"requests":[{"indexName":"products","query":"jacket"}]}',
  '{"requests":[{"indexName":"products","params":"query=a&hitsPerPage=2"}]}',
  '{"query":"tv","hitsPerPage":3,"facets":["brand"]}',
  '{"params":"query=tv&facetFilters=%5B%22brand%3ALG%22%5D"}',
  '{"requests":[{"action":"addObject","body":{"name":"fuzzed"}}]}',
  '{"requests":[{"indexName":"scratch","objectID":"a"}]}',
  '{"name":"fuzzed","price":3}',
  '{"hitsPerPage":5,"searchableAttributes":["name"]}',
  '{"operation":"copy","destination":"scratch"}',
  '{"acl":["search"]}',
  '{"events":[]}',
  '{"facetQuery":"s"}',
  '{}',
  '[]',
  'null',
  '"x"',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"requests":[',
  `{"facetFilters":${'['.repeat(20_000)}"brand:LG"${']'.repeat(20_000)}}`,
  `{"name":"deep","nested":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
];
const encodings = [
  'none',
  'none',
  'none',
  'gzip',
  'gzip',
  'deflate',
  'identity',
  'br',
  'GZIP',
  ' gzip ',
  'gzip, gzip',
  'x-garbage',
  '',
] as const;
const bodyShapes = [
  'valid',
  'valid',
  'valid',
  'empty',
  'truncated',
  'corrupted',
  'concatenated',
  'trailing',
  'random',
  'raw-deflate',
] as const;
/** How the body's length is told: `longer` and `unfinished` leave the server waiting for bytes that never come. */
const framings = [
  'length',
  'length',
  'length',
  'length',
  'none',
  'longer',
  'shorter',
  'chunked',
  'chunked',
  'chunk-size-garbage',
  'chunk-size-negative',
  'chunk-size-huge',
  'unfinished',
  'chunked-and-length',
  'length-twice',
  'transfer-gzip',
] as const;
const contentTypes = [
  undefined,
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'x',
  'application/json; charset=latin1',
  ';;',
  'multipart/form-data; boundary=x',
];

const transportCase = fc.record({
  method: methods,
  path,
  query,
  credentials: fc.constantFrom('headers', 'headers', 'headers', 'query', 'none', 'wrong'),
  contentType: fc.constantFrom(...contentTypes),
  encoding: fc.constantFrom(...encodings),
  json: fc.constantFrom(...jsonTexts),
  bodyShape: fc.constantFrom(...bodyShapes),
  framing: fc.constantFrom(...framings),
  cut: fc.double({ min: 0, max: 1, noNaN: true }),
  noise: fc.uint8Array({ minLength: 1, maxLength: 64 }),
  preflight: fc.boolean(),
});
type TransportCase = typeof transportCase extends fc.Arbitrary<infer T> ? T : never;

function compress(encoding: string, bytes: Buffer): Buffer {
  const name = encoding.trim().toLowerCase();
  if (name.startsWith('gzip')) return gzipSync(bytes);
  if (name === 'deflate') return deflateSync(bytes);
  if (name === 'br') return brotliCompressSync(bytes);
  return bytes;
}

function bodyOf(fuzz: TransportCase): Buffer {
  const text = Buffer.from(fuzz.json);
  const encoded = compress(fuzz.encoding, text);
  const at = Math.floor(fuzz.cut * encoded.length);
  switch (fuzz.bodyShape) {
    case 'valid':
      return encoded;
    case 'empty':
      return Buffer.alloc(0);
    case 'truncated':
      return encoded.subarray(0, at);
    case 'corrupted': {
      const copy = Buffer.from(encoded);
      copy[at % copy.length] = (copy[at % copy.length] ?? 0) ^ 0x5a;
      return copy;
    }
    case 'concatenated':
      return Buffer.concat([encoded, encoded]);
    case 'trailing':
      return Buffer.concat([encoded, Buffer.from(fuzz.noise)]);
    case 'random':
      return Buffer.from(fuzz.noise);
    case 'raw-deflate':
      return deflateRawSync(text);
  }
}

/** The request's bytes, and whether it leaves the server waiting for more (then we end our side). */
function bytesOf(fuzz: TransportCase): { bytes: Buffer; unfinished: boolean } {
  const credentials =
    fuzz.credentials === 'query'
      ? `x-algolia-application-id=vitrine&x-algolia-api-key=${spawnedAdminKey}`
      : '';
  const target =
    fuzz.path === '*' || !credentials
      ? `${fuzz.path}${fuzz.query}`
      : `${fuzz.path}${fuzz.query ? `${fuzz.query}&` : '?'}${credentials}`;
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  if (fuzz.credentials === 'headers' || fuzz.credentials === 'wrong') {
    headers.push('X-Algolia-Application-Id: vitrine');
    headers.push(`X-Algolia-API-Key: ${fuzz.credentials === 'wrong' ? 'nope' : spawnedAdminKey}`);
  }
  if (fuzz.preflight) headers.push('Origin: https://shop.example');
  if (fuzz.preflight && fuzz.method === 'OPTIONS')
    headers.push('Access-Control-Request-Method: PUT');
  if (fuzz.contentType !== undefined) headers.push(`Content-Type: ${fuzz.contentType}`);
  if (fuzz.encoding !== 'none') headers.push(`Content-Encoding: ${fuzz.encoding}`);
  const body = bodyOf(fuzz);
  const chunked = (size: string, rest: Buffer, end: string) =>
    Buffer.concat([Buffer.from(`${size}\r\n`), rest, Buffer.from(`\r\n${end}`)]);
  const half = Math.floor(body.length / 2);
  let payload = body;
  let unfinished = false;
  switch (fuzz.framing) {
    case 'length':
      headers.push(`Content-Length: ${body.length}`);
      break;
    case 'none':
      break;
    case 'longer':
      headers.push(`Content-Length: ${body.length + 1 + (fuzz.noise.length % 50)}`);
      unfinished = true;
      break;
    case 'shorter':
      headers.push(`Content-Length: ${Math.max(0, body.length - 1 - (fuzz.noise.length % 5))}`);
      break;
    case 'chunked':
      headers.push('Transfer-Encoding: chunked');
      payload = Buffer.concat([
        ...(half > 0 ? [chunked(half.toString(16), body.subarray(0, half), '')] : []),
        ...(body.length > half
          ? [chunked((body.length - half).toString(16), body.subarray(half), '')]
          : []),
        Buffer.from('0\r\n\r\n'),
      ]);
      break;
    case 'chunk-size-garbage':
      headers.push('Transfer-Encoding: chunked');
      payload = chunked('zz', body, '0\r\n\r\n');
      break;
    case 'chunk-size-negative':
      headers.push('Transfer-Encoding: chunked');
      payload = chunked('-1', body, '0\r\n\r\n');
      break;
    case 'chunk-size-huge':
      headers.push('Transfer-Encoding: chunked');
      payload = chunked('fffffffffffffffff', body, '0\r\n\r\n');
      break;
    case 'unfinished':
      headers.push('Transfer-Encoding: chunked');
      payload = chunked((body.length + 5).toString(16), body, '');
      unfinished = true;
      break;
    case 'chunked-and-length':
      headers.push('Transfer-Encoding: chunked', `Content-Length: ${body.length}`);
      payload = chunked(body.length.toString(16), body, '0\r\n\r\n');
      break;
    case 'length-twice':
      headers.push(`Content-Length: ${body.length}`, `Content-Length: ${body.length + 3}`);
      break;
    case 'transfer-gzip':
      headers.push('Transfer-Encoding: gzip');
      break;
  }
  const head = Buffer.from(`${fuzz.method} ${target} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
  return { bytes: Buffer.concat([head, payload]), unfinished };
}

function describeCase(fuzz: TransportCase | undefined): string {
  if (!fuzz) return 'none';
  const { method, path: target, query: search, framing, encoding, bodyShape, json } = fuzz;
  return JSON.stringify({
    method,
    target: `${target}${search}`.slice(0, 200),
    framing,
    encoding,
    bodyShape,
    json: json.slice(0, 120),
  });
}

/** The checks every answer must pass, whatever was sent. */
function checkAnswer(answer: RawAnswer, head: boolean): void {
  expect(answer.status, 'status').toBeLessThan(500);
  expect(answer.headers['x-content-type-options'], 'x-content-type-options').toBe('nosniff');
  if (answer.status < 400 || head) return;
  const text =
    answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body).toString()
      : answer.body.toString();
  expect(JSON.parse(text), 'error body').toEqual({
    message: expect.any(String),
    status: answer.status,
  });
}

/** After a connection that went wrong: gives a dying service a moment to report its exit, for the message. */
async function exitOrNot(): Promise<void> {
  if (service.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Sends one case on its own connection and checks every answer; the error says what was sent. */
async function exchangeCase(fuzz: TransportCase, batch: readonly TransportCase[]): Promise<void> {
  const context = () =>
    `\n case: ${describeCase(fuzz)}\n sent with it: ${batch.map(describeCase).join('\n  ')}`;
  const { bytes, unfinished } = bytesOf(fuzz);
  const head = fuzz.method === 'HEAD';
  let answers: RawAnswer[];
  try {
    answers = await rawExchange(port, bytes, { halfClose: unfinished, head });
  } catch (error) {
    await exitOrNot();
    throw new Error(`${exited || (error as Error).message}${context()}`);
  }
  if (answers.length === 0) await exitOrNot();
  if (exited) throw new Error(`${exited}${context()}`);
  if (answers.length === 0) throw new Error(`closed without an answer${context()}`);
  for (const answer of answers) {
    try {
      checkAnswer(answer, head);
    } catch (error) {
      const body = answer.body.toString().slice(0, 300);
      throw new Error(`${(error as Error).message}: ${answer.status} ${body}${context()}`);
    }
  }
}

/** Cases sent at once, each on its own connection (the server and this runner then share the two cores). */
const parallel = 4;

it('stays up, never answers 5xx and answers every 4xx as an Algolia error, whatever the transport', async () => {
  const seed = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
  const cases = Number(process.env['FUZZ_CASES'] ?? 10_000);
  console.info(`malformed-transport fuzz: FUZZ_SEED=${seed} FUZZ_CASES=${cases} replays this run`);
  let sent = 0;
  let previous: readonly TransportCase[] = [];
  await fc.assert(
    fc.asyncProperty(
      fc.array(transportCase, { minLength: parallel, maxLength: parallel }),
      async (batch) => {
        if (exited) {
          const before = previous.map(describeCase).join('\n  ');
          throw new Error(`${exited} after these cases:\n  ${before}`);
        }
        previous = batch;
        sent += batch.length;
        await Promise.all(batch.map((fuzz) => exchangeCase(fuzz, batch)));
      },
    ),
    { seed, numRuns: Math.ceil(cases / parallel), endOnFailure: true },
  );
  expect(sent).toBeGreaterThanOrEqual(cases);
  const health = await fetch(`http://127.0.0.1:${port}/1/health`);
  expect(health.status).toBe(200);
  expect(exited).toBe('');
}, 240_000);
