import { expect, type Page, test } from '@playwright/test';
import { holdScripts } from './support/interactive.ts';
import { SearchPage } from './support/search-page.ts';

/** Marks the current document: the mark is gone once the browser loads another one. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { vitrineSameDocument?: boolean }).vitrineSameDocument = true;
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as { vitrineSameDocument?: boolean }).vitrineSameDocument === true,
  );
}

test.describe('the listing is part of the page', () => {
  test('a product link in the listing opens the product without reloading, as the header links do', async ({
    page,
  }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=jacket');
    await markDocument(page);
    const card = search.hits.first();
    const name = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await sameDocument(page)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=jacket/);
    await expect(search.hits.first()).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  test('what a shopper types in the listing before it is live is kept and searched once it is', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/search?q=jacket', { waitUntil: 'commit' });
    const search = new SearchPage(page);
    await search.searchBox.fill('pants');
    const serverField = await search.searchBox.elementHandle();
    release();
    await expect(page.locator('main [data-ready]')).toBeAttached();
    // The server's listing was hydrated, not drawn again: the same field, with the typed text still in it.
    expect(await serverField?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(search.searchBox).toHaveValue('pants');
    await expect(page).toHaveURL(/[?&]q=pants/);
  });

  for (const path of ['/search?q=jacket', '/recherche?q=veste', '/category/men/tops/jackets']) {
    test(`${path} hydrates without a React error and then searches as you type`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const search = new SearchPage(page, path.startsWith('/recherche') ? 'fr' : 'en');
      await search.goto(path);
      const before = await search.resultCount();
      await search.searchBox.fill('pants');
      await expect(page).toHaveURL(/[?&]q=pants/);
      await expect.poll(() => search.resultCount()).not.toBe(before);
      expect(errors).toEqual([]);
    });
  }
});
