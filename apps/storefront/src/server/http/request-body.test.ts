import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { withParsedBody } from './request-body.ts';

const server = createServer(
  withParsedBody(64, (_request, response, body) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ body: body ?? null }));
  }),
);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function post(body: string | Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe('an API route body', () => {
  it('reads as JSON, a form or text, by its content type, as Next’s body parser did', async () => {
    expect(await post('{"sku":"MJ01","quantity":2}')).toEqual({
      status: 200,
      json: { body: { sku: 'MJ01', quantity: 2 } },
    });
    expect((await post('')).json).toEqual({ body: {} });
    const form = await post('password=a+b&lang=fr', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.json).toEqual({ body: { password: 'a b', lang: 'fr' } });
    expect((await post('hello', { 'content-type': 'text/plain' })).json).toEqual({ body: 'hello' });
    const charset = await post('{"a":1}', { 'content-type': 'application/json; charset=nope' });
    expect(charset.json).toEqual({ body: { a: 1 } });
  });

  it('that cannot be read is answered {message, status} in JSON: 400 broken, 413 too large, 415 compressed', async () => {
    expect(await post('{"sku":')).toEqual({
      status: 400,
      json: { message: 'The body is not valid JSON', status: 400 },
    });
    expect(await post(JSON.stringify({ sku: 'x'.repeat(100) }))).toEqual({
      status: 413,
      json: { message: 'The request body exceeds 64 bytes', status: 413 },
    });
    expect(await post(gzipSync('{"a":1}'), { 'content-encoding': 'gzip' })).toEqual({
      status: 415,
      json: { message: 'Send the body uncompressed (no Content-Encoding)', status: 415 },
    });
  });

  it('is not read for GET', async () => {
    expect(await (await fetch(url)).json()).toEqual({ body: null });
  });
});
