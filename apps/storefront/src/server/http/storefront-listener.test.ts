import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../../test/recording-logger.ts';
import { createStorefrontListener } from './storefront-listener.ts';

const logger = recordingLogger();
const server = createServer(
  createStorefrontListener(async (request, response) => {
    if (request.url === '/boom') throw new Error('render failed');
    response.end(`next:${request.url}`);
  }, logger),
);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

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
    expect(logger.lines).toEqual([
      { level: 'error', message: 'Unhandled error while serving GET /boom: render failed' },
    ]);
  });
});
