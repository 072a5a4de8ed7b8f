import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { SearchPage } from './support/search-page.ts';

/**
 * `npm start` keeps the shop up when one of its processes dies: this kills the suite's own search service and
 * storefront with `kill -9` (their pids are in the data folder) and checks what a shopper sees meanwhile and
 * after the supervisor has restarted them. Every test leaves both processes up and searchable again, so the
 * specs that run after this one find the stack as it was.
 */
const dataDir = process.env['E2E_DATA_DIR'] ?? '';
const searchUrl = new URL(process.env['E2E_SEARCH_URL'] ?? 'http://localhost:7370');
const baseUrl = process.env['E2E_BASE_URL'] ?? 'http://localhost:3300';

test.describe.configure({ mode: 'serial' });

function pidOf(name: 'search-service' | 'storefront'): number | undefined {
  const file = join(dataDir, `${name}.pid`);
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills the process with `kill -9` and resolves once it is gone (the supervisor has reaped it). */
async function killHard(name: 'search-service' | 'storefront'): Promise<number> {
  const pid = pidOf(name);
  if (pid === undefined) throw new Error(`no ${name}.pid in ${dataDir}`);
  process.kill(pid, 'SIGKILL');
  await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
  return pid;
}

/**
 * Takes the search service's port as soon as it is free, so the outage lasts as long as the test needs: a
 * restarted service that reaches `listen` meanwhile cannot listen, exits, and the supervisor tries again,
 * waiting longer each time. Connections are closed at once, as a dead service's port refuses them.
 */
async function holdPort(): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(searchUrl.port), '127.0.0.1', resolve);
  });
  return server;
}

async function searchAnswers(): Promise<boolean> {
  const file = JSON.parse(readFileSync(join(dataDir, 'search-service.json'), 'utf8')) as {
    appId: string;
    searchKey: string;
  };
  const response = await fetch(`${searchUrl.origin}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': file.appId, 'x-algolia-api-key': file.searchKey },
    body: JSON.stringify({ requests: [{ indexName: 'products', query: 'jacket' }] }),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
  if (!response?.ok) return false;
  const body = (await response.json()) as { results: { nbHits: number }[] };
  return (body.results[0]?.nbHits ?? 0) > 0;
}

async function storefrontAnswers(): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/health`, {
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
  return response?.ok === true;
}

/** Both processes serve again (whatever a failed test left behind): the next specs need them. */
async function waitForStack(): Promise<void> {
  await expect.poll(searchAnswers, { timeout: 150_000, intervals: [500] }).toBe(true);
  await expect.poll(storefrontAnswers, { timeout: 150_000, intervals: [500] }).toBe(true);
}

/** The listing shows results: jackets, named in the page's language ("Veste …" in French). */
async function expectResults(page: Page, path: string): Promise<void> {
  const french = path.startsWith('/recherche');
  const search = new SearchPage(page, french ? 'fr' : 'en');
  await search.goto(path);
  await expect(search.hits.first()).toContainText(french ? /veste/i : /jacket/i);
}

/** The listing answers 503 and shows the localized "search is unavailable" notice with its retry button. */
async function expectUnavailable(
  page: Page,
  path: string,
  notice: { title: string; text: string; retry: string },
): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(503);
  const alert = page.getByRole('alert').filter({ hasText: notice.title });
  await expect(alert).toContainText(notice.text);
  await expect(alert.getByRole('button', { name: notice.retry })).toBeVisible();
  // Once the listing's script runs, the browser's own search fails the same way and the notice stays.
  await expect(page.locator('main [data-ready]')).toBeAttached();
  await expect(alert).toBeVisible();
}

test.afterAll(async () => {
  await waitForStack();
});

test('while the search service is down the shop serves its pages, and search comes back by itself', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const killed = await killHard('search-service');
  const port = await holdPort();
  try {
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.getByRole('link', { name: /^Men/ }).first()).toBeVisible();

    const product = await page.goto('/product/juno-jacket');
    expect(product?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Juno Jacket');
    await expect(page.getByRole('button', { name: /add to cart/i })).toBeVisible();

    await expectUnavailable(page, '/search?q=jacket', {
      title: 'Search is unavailable right now',
      text: 'Please try again in a moment.',
      retry: 'Try again',
    });
    await expectUnavailable(page, '/recherche?q=veste', {
      title: 'La recherche est momentanément indisponible',
      text: 'Réessayez dans un instant.',
      retry: 'Réessayer',
    });
  } finally {
    await new Promise((resolve) => port.close(resolve));
  }

  // No manual step: the supervisor's next attempt finds the port free. "Réessayer" then shows the results.
  await expect(async () => {
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(new SearchPage(page, 'fr').hits.first()).toContainText(/veste/i, {
      timeout: 5_000,
    });
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  expect(pidOf('search-service')).not.toBe(killed);
  await expectResults(page, '/search?q=jacket');
  await expectResults(page, '/recherche?q=veste');
});

test('a storefront killed with kill -9 comes back by itself, with its products and search', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const killed = await killHard('storefront');
  await expect.poll(storefrontAnswers, { timeout: 180_000, intervals: [1_000] }).toBe(true);
  expect(pidOf('storefront')).not.toBe(killed);

  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  await page.goto('/product/juno-jacket');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Juno Jacket');
  await expectResults(page, '/search?q=jacket');
  await expectResults(page, '/recherche?q=veste');
});
