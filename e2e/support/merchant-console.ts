import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The password the storefront generated on its first start (no MERCHANT_PASSWORD in the suite). */
export function merchantPassword(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  const file = join(dataDir, 'storefront', 'merchant-login.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { password: string }).password;
}

/** Signs in through the sign-in form; lands on the analytics page. */
export async function signInAsMerchant(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill(merchantPassword());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
}

/** Screenshots go to E2E_SCREENSHOT_DIR when set (to look at them after the run), else the test's output. */
export function screenshotPath(testInfo: TestInfo, name: string): string {
  const folder = process.env['E2E_SCREENSHOT_DIR'];
  return folder ? join(folder, name) : testInfo.outputPath(name);
}

/** The preview's result cards, in their order (their `data-id` is the record's objectID). */
export function previewItems(page: Page) {
  return page
    .getByRole('list', { name: /^(Preview of the results|Aperçu des résultats)$/ })
    .locator('> li');
}

export async function previewIds(page: Page): Promise<string[]> {
  return previewItems(page).evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-id') ?? ''),
  );
}

/** `YYYY-MM-DDTHH:mm` in UTC, `days` from now (what a `datetime-local` field takes). */
export function utcMinute(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
}
