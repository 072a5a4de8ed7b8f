import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { spawnedAdminKey } from './spawned-service.ts';

/**
 * Requests for the transport fuzz suite (test/http/malformed-transport-fuzz.test.ts), written as raw bytes:
 * methods, every route of the service with odd index names, query strings, content encodings and bodies, and
 * framing, most of them well formed so that the malformed part is the one under test.
 */
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
  '/1/configs',
  '/1/configs/{i}',
  '/1/configs/{i}/status',
  '/1/logs/{i}',
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

/** One request to send: what it says and how its bytes are put together. */
export const transportCase = fc.record({
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
export type TransportCase = typeof transportCase extends fc.Arbitrary<infer T> ? T : never;

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

/** Chunk-size lines no chunked body may have. */
const badChunkSizes = {
  'chunk-size-garbage': 'zz',
  'chunk-size-negative': '-1',
  'chunk-size-huge': 'fffffffffffffffff',
};

/** The request's bytes, and whether it leaves the server waiting for more (then we end our side). */
export function bytesOf(fuzz: TransportCase): { bytes: Buffer; unfinished: boolean } {
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
    case 'chunk-size-negative':
    case 'chunk-size-huge':
      headers.push('Transfer-Encoding: chunked');
      payload = chunked(badChunkSizes[fuzz.framing], body, '0\r\n\r\n');
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

/** A short text of a case for failure messages. */
export function describeCase(fuzz: TransportCase | undefined): string {
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
