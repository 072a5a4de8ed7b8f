import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIResponse, expect, type Page, type Response, test } from '@playwright/test';
import { fillCheckoutDetails } from './support/checkout-form.ts';
import { waitForInteractive } from './support/interactive.ts';
import { SearchPage } from './support/search-page.ts';

/**
 * Every kind of storefront page runs under its Content-Security-Policy without a single violation: Next's
 * bootstrap and data, the after-first-paint loader (decision 0011), the early-click recorder, the JSON-LD, the
 * charts' inline styles, the search and insights requests to the search service (another origin: `connect-src`).
 * Violations are caught twice: the `securitypolicyviolation` events of each document (a listener injected
 * before any of the page's scripts) and the console's CSP errors.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

const product = 'hyperion-elements-jacket';

/** The password the storefront generated on its first start (no MERCHANT_PASSWORD in the suite). */
function merchantPassword(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  const file = join(dataDir, 'storefront', 'merchant-login.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { password: string }).password;
}

/** Collects the policy violations of every document the page opens, and the console's CSP errors. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) logged.push(message.text());
  });
  return async () => [
    ...logged.splice(0),
    ...(await page.evaluate(() => window.__cspViolations?.splice(0) ?? [])),
  ];
}

function headersOf(response: Response | APIResponse | null): Record<string, string> {
  if (!response) throw new Error('no response');
  return response.headers();
}

/** The page's policy, as a map from directive to its sources. */
function policyOf(headers: Record<string, string>): Map<string, string[]> {
  return new Map(
    (headers['content-security-policy'] ?? '').split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

function expectShopHeaders(headers: Record<string, string>, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  // An order confirmation's address opens the order: it sends no referrer at all.
  const referrer = /^\/(order|commande)\//.test(what)
    ? 'no-referrer'
    : 'strict-origin-when-cross-origin';
  expect(headers['referrer-policy'], what).toBe(referrer);
  expect(headers['permissions-policy'], what).toContain('camera=()');
  expect(policyOf(headers).get('frame-ancestors'), what).toEqual(["'none'"]);
}

function expectPagePolicy(headers: Record<string, string>, what: string): void {
  expectShopHeaders(headers, what);
  const scripts = policyOf(headers).get('script-src') ?? [];
  expect(scripts, what).toContainEqual(expect.stringMatching(/^'nonce-/));
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
}

/** Opens `path`, waits until the app hydrated, and checks its headers and that nothing was blocked. */
async function visit(page: Page, violations: () => Promise<string[]>, path: string) {
  const response = await page.goto(path);
  await waitForInteractive(page);
  expectPagePolicy(headersOf(response), path);
  expect(await violations(), path).toEqual([]);
  return response;
}

test('every kind of page runs under its policy without a violation, and still searches', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);

  await visit(page, violations, '/');
  // With consent, the pages also send insights events to the search service.
  await page.getByRole('button', { name: 'Accept' }).click();
  await visit(page, violations, '/fr');

  for (const [locale, path, query] of [
    ['en', '/search?q=jacket&color=Black', 'hoodie'],
    ['fr', '/recherche?q=veste&color=Noir', 'sac'],
  ] as const) {
    await visit(page, violations, path);
    const search = new SearchPage(page, locale);
    await expect(page.locator('main [data-ready]')).toBeAttached();
    // The browser asks the search service itself (another origin): connect-src lets it through.
    const answered = page.waitForResponse((response) => response.url().includes('/1/indexes/'));
    await search.searchBox.fill(query);
    expect((await answered).ok()).toBe(true);
    await search.expectAddress(new RegExp(`q=${query}`));
    await expect(search.hits.first()).toBeVisible();
    expect(await violations(), `${path} then ${query}`).toEqual([]);
  }

  for (const path of [
    '/category/men/tops/jackets',
    '/categorie/homme/hauts/vestes',
    `/product/${product}?color=Green`,
    `/produit/${product}`,
    '/cart',
    '/panier',
    '/checkout',
    '/commande',
  ])
    await visit(page, violations, path);
  // The product page's structured data is there, and blocked nothing.
  await page.goto(`/product/${product}`);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

  // An order confirmation: a line added through the API (with the browser's cookies), then the checkout form.
  const variants = (await (await page.request.get(`/api/products/${product}`)).json()) as {
    variants: { sku: string; stock: number }[];
  };
  const sku = variants.variants.find((variant) => variant.stock > 5)?.sku;
  expect(sku).toBeDefined();
  expect((await page.request.post('/api/cart/items', { data: { sku, quantity: 1 } })).ok()).toBe(
    true,
  );
  await visit(page, violations, '/commande');
  await fillCheckoutDetails(page);
  await page.getByRole('button', { name: 'Passer la commande' }).click();
  await expect(page.getByTestId('order-confirmed')).toBeVisible();
  await expect(page).toHaveURL(/\/commande\/[0-9a-f]{32}$/);
  expect(await violations(), 'order confirmation').toEqual([]);
  await visit(page, violations, new URL(page.url()).pathname);

  for (const path of ['/product/no-such-product', '/produit/%00', '/categorie/%E0%A4%A']) {
    const response = await visit(page, violations, path);
    expect(response?.status(), path).toBe(404);
  }

  await visit(page, violations, '/admin/login');
  await page.getByLabel('Password').fill(merchantPassword());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await waitForInteractive(page);
  expect(await violations(), '/admin/analytics').toEqual([]);
  await visit(page, violations, '/admin/analytics?days=30');
});

test('API routes and error pages carry the security headers; JSON answers allow nothing', async ({
  request,
}) => {
  for (const path of [
    `/api/products/${product}`,
    '/api/products/%00',
    '/api/cart/items',
    '/api/health',
    '/api/admin/import',
  ]) {
    const headers = headersOf(await request.get(path));
    expectShopHeaders(headers, path);
    expect(policyOf(headers).get('default-src'), path).toEqual(["'none'"]);
  }
  const posted = await request.post('/api/checkout', { data: '{' });
  expectShopHeaders(posted.headers(), 'POST /api/checkout');
  for (const path of ['/no-such-page', '/fr/rien', '/admin/login']) {
    const response = await request.get(path);
    expectPagePolicy(response.headers(), path);
  }
});
