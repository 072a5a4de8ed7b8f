import { expect, test } from '@playwright/test';
import { signInAsMerchant } from './support/merchant-console.ts';
import { SearchPage } from './support/search-page.ts';

test.describe('the catalogue in the merchant console', () => {
  test('a price edit reaches the search results and the product page', async ({ page }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue?q=hyperion');
    const row = page.getByRole('row').filter({ hasText: 'Hyperion Elements Jacket' });
    await expect(row).toContainText('€51.00');
    await row.getByRole('button', { name: 'Edit Hyperion Elements Jacket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Hyperion Elements Jacket' });
    const prices = dialog.getByLabel(/^Price of /);
    for (let index = 0; index < (await prices.count()); index += 1) {
      await prices.nth(index).fill('45.50');
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText('Hyperion Elements Jacket saved');
    await expect(row).toContainText('€45.50');

    // The save returns once the index holds the change: shoppers see it on their next page.
    const search = new SearchPage(page, 'en');
    await search.goto('/search?q=hyperion');
    await expect(search.hits.first()).toContainText('€45.50');
    await page.goto('/product/hyperion-elements-jacket');
    await expect(page.getByRole('main')).toContainText('€45.50');
    await page.goto('/produit/veste-hyperion-elements');
    await expect(page.getByRole('main')).toContainText('45,50 €');

    await page.goto('/admin/audit-log?subject=product');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: /Product .*changed/ })
        .first(),
    ).toBeVisible();
  });

  test('a bad catalogue file is refused with each bad record and its reason', async ({ page }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue');
    await page.getByLabel('Upload a catalogue file (JSON or NDJSON)').setInputFiles({
      name: 'catalogue.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([{ id: 'BAD1', brand: 'Luma' }])),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'The file was refused' })).toContainText(
      'nothing was imported',
    );
    await expect(page.getByRole('list', { name: /The file was refused/ })).toContainText(
      /record 1, /,
    );
  });

  test('answers 401 to a product edit or a file without the merchant session', async ({
    request,
  }) => {
    const edit = await request.put('/api/admin/products', {
      data: { id: 'MJ02', texts: { en: { name: 'x', description: '' } }, variants: [] },
    });
    expect(edit.status()).toBe(401);
    const file = await request.post('/api/admin/catalogue/import', {
      data: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(file.status()).toBe(401);
  });
});
