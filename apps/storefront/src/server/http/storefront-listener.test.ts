import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../../test/support/recording-logger.ts';
import { nonceOfRequest } from './security-headers.ts';
import { createStorefrontListener } from './storefront-listener.ts';

const logger = recordingLogger();
let searchOrigin = 'http://search.test:7070';
const server = createServer(
  createStorefrontListener(
    {
      handle: async (request, response) => {
        if (request.url === '/boom') throw new Error('render failed');
        // What Next and _document see: the nonce of the page's policy, from the request.
        response.setHeader('x-seen-nonce', nonceOfRequest(request.headers) ?? 'none');
        response.end(`next:${request.url}`);
      },
      renderNotFound: async (request, response) => {
        response.statusCode = 404;
        response.end(`not found:${request.url}`);
      },
    },
    logger,
    { dev: false, connectOrigins: () => [searchOrigin] },
  ),
);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

const directives = (response: Response) =>
  new Map(
    (response.headers.get('content-security-policy') ?? '').split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources] as const;
    }),
  );

describe('the storefront listener', () => {
  it('answers the health check itself', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/api/health`, { method: 'POST' })).status).toBe(405);
  });

  it('hands every other request to Next, and turns a handler failure into a logged 500', async () => {
    expect(await (await fetch(`${base}/fr?x=1`)).text()).toBe('next:/fr?x=1');
    const failed = await fetch(`${base}/boom`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logger.lines).toEqual([
      { level: 'error', message: 'Unhandled error while serving GET /boom: render failed' },
    ]);
  });

  it('answers an address that cannot be decoded with the 404 page, or a JSON 400 under /api', async () => {
    for (const path of ['/product/%E0%A4%A', '/produit/%00', '/categorie/%ZZ', '/%', '/cart%0A']) {
      const response = await fetch(`${base}${path}?q=1`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe(`not found:${path}?q=1`);
    }
    const api = await fetch(`${base}/api/products/%E0%A4%A`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: 'The address is not valid', status: 400 });
    // A query string is the page's to read: `q=%E0` is not an unreadable address.
    expect(await (await fetch(`${base}/search?q=%E0%A4%A`)).text()).toBe('next:/search?q=%E0%A4%A');
  });

  it('gives every answer nosniff, no framing, a referrer policy and no camera, microphone or location', async () => {
    for (const path of ['/', '/admin/analytics', '/api/cart/items', '/api/health', '/_next/x.js']) {
      const { headers } = await fetch(`${base}${path}`);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy'), path).toMatch(
        /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
      );
      expect(directives(await fetch(`${base}${path}`)).get('frame-ancestors'), path).toEqual([
        "'none'",
      ]);
    }
  });

  it('gives each page a policy with a nonce of its own, the one Next reads from the request', async () => {
    const first = await fetch(`${base}/search?q=jacket`);
    const second = await fetch(`${base}/search?q=jacket`);
    const nonces = [first, second].map((response) => {
      const scripts = directives(response).get('script-src') ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      expect(response.headers.get('x-seen-nonce')).toBe(nonce);
      return nonce;
    });
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  it('never lets a client choose the nonce', async () => {
    const response = await fetch(`${base}/`, {
      headers: { 'content-security-policy': "script-src 'nonce-chosenByTheClient'" },
    });
    expect(response.headers.get('x-seen-nonce')).not.toBe('chosenByTheClient');
    expect(response.headers.get('content-security-policy')).not.toContain('chosenByTheClient');
  });

  it('lets pages call the search service at the address configured when the request comes', async () => {
    expect(directives(await fetch(`${base}/`)).get('connect-src')).toEqual([
      "'self'",
      'http://search.test:7070',
    ]);
    searchOrigin = 'https://search.shop.example';
    expect(directives(await fetch(`${base}/`)).get('connect-src')).toEqual([
      "'self'",
      'https://search.shop.example',
    ]);
  });

  it('gives API routes a policy that allows nothing', async () => {
    const response = await fetch(`${base}/api/products/x`);
    expect(directives(response).get('default-src')).toEqual(["'none'"]);
    expect(response.headers.get('x-seen-nonce')).toBe('none');
  });
});
