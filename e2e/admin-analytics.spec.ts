import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { SearchPage } from './support/search-page.ts';

/** The password the storefront generated on its first start (no MERCHANT_PASSWORD in the suite). */
function merchantPassword(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  const file = join(dataDir, 'storefront', 'merchant-login.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { password: string }).password;
}

/** Screenshots go to E2E_SCREENSHOT_DIR when set (to look at them after the run), else the test's output. */
function screenshotPath(testInfo: TestInfo, name: string): string {
  const folder = process.env['E2E_SCREENSHOT_DIR'];
  return folder ? join(folder, name) : testInfo.outputPath(name);
}

async function signIn(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Types a query in the search box of /search or /recherche and waits for its results. */
async function searchFor(search: SearchPage, query: string): Promise<void> {
  await search.searchBox.fill(query);
  const encoded = query.split(' ').map(encodeURIComponent).join('(?:\\+|%20)');
  await search.expectAddress(new RegExp(`\\?q=${encoded}$`));
  await search.settle();
}

test.describe('the merchant pages', () => {
  test('have their own frame: no shop search, cart, footer or consent banner; the language link stays on the page', async ({
    page,
  }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merchant sign-in');
    await expect(page.getByRole('banner')).toContainText('Merchant area');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByTestId('cart-button')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    // Every language link goes to the same merchant page, never to the shop's French home.
    const hrefs = await page
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs).not.toContain('/fr');
    await page.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?lang=fr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion marchand');
    await expect(page.getByRole('banner')).toContainText('Espace marchand');
    await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toHaveCount(0);
    // The way back to the shop, in the page's language.
    await expect(page.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute(
      'href',
      '/fr',
    );
  });
});

test.describe('the merchant analytics page', () => {
  test('is behind the merchant password', async ({ page }) => {
    await page.goto('/admin/analytics?days=30');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(page, 'not the password');
    await expect(page).toHaveURL(/\/admin\/login\?error=invalid$/);
    await expect(page.getByText('Wrong password. Try again.')).toHaveAttribute('role', 'alert');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'vitrine_merchant')).toBeUndefined();

    // A post from another site is refused even with the right password.
    const forged = await page.request.post('/api/admin/login', {
      form: { password: merchantPassword() },
      headers: { origin: 'https://elsewhere.example' },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);

    await signIn(page, merchantPassword());
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    const session = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'vitrine_merchant',
    );
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?signedOut=1$/);
    await page.goto('/admin/analytics');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('shows the searches made on /search and /recherche, grouped by query, in both languages', async ({
    page,
  }, testInfo) => {
    const english = new SearchPage(page, 'en');
    await english.goto('/search');
    // Clicks are recorded only with the shopper's consent to analytics.
    await page.getByRole('button', { name: 'Accept' }).click();
    await searchFor(english, 'hoodie');
    await searchFor(english, 'duffle bag');
    await english.hits.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    // The address changes before the product page renders: wait for its title.
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^Results for/);
    const clicked = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(clicked).not.toBe('');

    const french = new SearchPage(page, 'fr');
    await french.goto('/recherche');
    await searchFor(french, 'hoodie');
    await searchFor(french, 'licorne introuvable');
    // A filter, for the filter usage table.
    await french.goto('/recherche?q=veste');
    await french.filters.getByRole('switch', { name: /En promotion/ }).check();
    await french.expectAddress(/sale=1/);
    await french.settle();

    await page.goto('/admin/login');
    await signIn(page, merchantPassword());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search analytics');

    const topSearches = page.getByRole('table').filter({
      has: page.getByRole('columnheader', { name: 'CTR' }),
    });
    const hoodie = topSearches.getByRole('row', { name: /^hoodie\b/ });
    await expect(hoodie).toBeVisible();
    // Searched once on /search and once on /recherche: one row, counted twice (or more, with as-you-type).
    await expect(hoodie.getByRole('cell').first()).toHaveText(/^[2-9]\d*$/);
    await expect(topSearches.getByRole('row', { name: /^duffle bag\b/ })).toBeVisible();
    await expect(page.getByTestId('no-result-searches')).toContainText('licorne introuvable');
    await expect(page.getByTestId('kpi-searches').locator('dd')).not.toHaveText('0');
    // The hit clicked after searching "duffle bag" is named from the catalogue, and clicks were tracked.
    await expect(
      page.getByTestId('top-clicked').getByRole('link', { name: new RegExp(`^${clicked}`) }),
    ).toBeVisible();
    await expect(page.getByTestId('kpi-click-through-rate').locator('dd')).toHaveText(/%$/);
    // Filters by the names the search page gives them, not the records' attribute names.
    const filterUsage = page.getByTestId('filter-usage');
    await expect(
      filterUsage.getByRole('rowheader', { name: 'On sale', exact: true }),
    ).toBeVisible();
    await expect(filterUsage.getByRole('rowheader', { name: 'sale', exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?days=30$/);
    await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('.recharts-line')).toBeVisible();
    await page.screenshot({
      path: screenshotPath(testInfo, 'analytics-desktop.png'),
      fullPage: true,
    });

    await page.getByRole('link', { name: 'Voir en français' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?lang=fr&days=30$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Recherches les plus fréquentes' }),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: /^hoodie\b/ })).toBeVisible();
    await expect(
      page
        .getByTestId('filter-usage')
        .getByRole('rowheader', { name: 'En promotion', exact: true }),
    ).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: screenshotPath(testInfo, 'analytics-phone.png'),
      fullPage: true,
    });
  });
});
