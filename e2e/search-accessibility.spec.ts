import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SearchPage } from './support/search-page.ts';

test.describe('accessibility of the listings', () => {
  for (const path of ['/search?q=jacket&color=Blue', '/recherche?q=veste', '/categorie/femme']) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await new SearchPage(page, path.startsWith('/search') ? 'en' : 'fr').goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const severe = violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(
        severe.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`),
      ).toEqual([]);
    });
  }
});

test.describe('the filter panel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('traps focus, locks scrolling, and closes on Esc back to its button', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=jacket');
    const everything = await search.resultCount();
    await expect(search.filters).toBeHidden();
    const open = page.getByRole('button', { name: /^Filters/ });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `focus left the panel after ${step + 1} tabs`).toBe(true);
    }
    const done = dialog.getByRole('button', { name: /^See \d+ products?$/ });
    await expect(done).toHaveText(`See ${everything} products`);
    await dialog.getByRole('checkbox', { name: /^Blue/ }).check();
    await expect(done).not.toHaveText(`See ${everything} products`);
    const blue = ((await done.textContent()) ?? '').replace(/\D/g, '');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveText('Filters (1)');
    await expect(search.count).toHaveText(`${blue} products`);
    await search.expectAddress(/color=Blue/);

    await open.click();
    await page.getByRole('button', { name: 'Close the filters' }).click();
    await expect(dialog).toBeHidden();
    await open.click();
    await dialog.getByRole('button', { name: /^See \d+ products?$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'Remove the filter Colour: Blue' }),
    ).toBeVisible();
  });
});
