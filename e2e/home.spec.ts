import { expect, test } from '@playwright/test';

/** The first page: both languages, the header's parts, the language switch, and both services answering. */
test.describe('home', () => {
  test('English home has the header, the departments and a French twin', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Vitrine/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: /vitrine/i }).first()).toBeVisible();
    await expect(page.getByRole('searchbox').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /menu/i }).first()).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
      'href',
      /\/fr$/,
    );
    await expect(page.getByRole('link', { name: /^Men/ }).first()).toBeVisible();
  });

  test('French home speaks French', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: /^Homme/ }).first()).toBeVisible();
  });

  test('the header search goes to the search page of the same language', async ({ page }) => {
    await page.goto('/fr');
    // The keys reach the plain field or the autocomplete that takes its place (see insights.spec.ts).
    await page.getByRole('searchbox').first().click();
    await page.keyboard.type('veste');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/recherche\?q=veste/);
  });

  test('the search service answers with the sample catalogue loaded', async ({ request }) => {
    const searchUrl = process.env['E2E_SEARCH_URL'] ?? 'http://localhost:7370';
    const health = await request.get(`${searchUrl}/1/health`);
    expect(health.status()).toBe(200);
  });
});
