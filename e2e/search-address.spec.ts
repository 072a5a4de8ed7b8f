import { expect, test } from '@playwright/test';
import { SearchPage } from './support/search-page.ts';

/** What a state looks like on screen: the address and the products shown, in order. */
async function snapshot(search: SearchPage) {
  await search.settle();
  return { address: new URL(search.page.url()).search, hits: await search.hitIds() };
}

test.describe('the search state in the address', () => {
  test('survives reload, back, forward and the language switch', async ({ page }) => {
    // A query, two OR refinements, a second-level category, a price range, a sort, page 2 of 40 per page.
    // (A third-level category holds at most 15 products here: too few for a second page of 40.)
    const search = new SearchPage(page);
    await search.goto('/search');
    await search.searchBox.fill('luma');
    await search.expectAddress(/q=luma/);
    await search.filters.getByRole('link', { name: /^Women\s*\d+$/ }).click();
    await search.filters.getByRole('link', { name: /^Tops\s*\d+$/ }).click();
    await search.expectAddress(/category=women\/tops/);
    await search.facetOption('Size', 'M').check();
    await search.facetOption('Size', 'L').check();
    await search.filters.getByRole('spinbutton', { name: 'Minimum price' }).fill('25');
    await search.filters.getByRole('spinbutton', { name: 'Maximum price' }).fill('80');
    await search.filters.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await page.getByLabel('Products per page').selectOption('40');
    await search.expectAddress(/perPage=40/);
    await search.settle();
    await page.getByRole('link', { name: 'Page 2' }).click();
    const expected =
      '?q=luma&category=women/tops&size=M&size=L&price=25-80&sort=price-desc&page=2&perPage=40';
    await search.expectAddress(new RegExp(`/search${escapeRegExp(expected)}$`));
    const original = await snapshot(search);
    expect(original.hits.length).toBeGreaterThan(0);

    await page.reload();
    expect(await snapshot(search)).toEqual(original);

    await page.goBack();
    await search.expectAddress(/perPage=40$/);
    expect((await snapshot(search)).hits).not.toEqual(original.hits);
    await page.goForward();
    expect(await snapshot(search)).toEqual(original);

    await page.getByRole('link', { name: 'Lire en français' }).click();
    await search.expectAddress(new RegExp(`/recherche${escapeRegExp(expected)}$`));
    expect(await snapshot(search)).toEqual(original);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats pour « luma »');

    await page.getByRole('link', { name: 'Read in English' }).click();
    await search.expectAddress(new RegExp(`/search${escapeRegExp(expected)}$`));
    expect(await snapshot(search)).toEqual(original);
  });

  test('restores the state after back and forward within the page', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=shorts');
    const first = await snapshot(search);
    await search.facetOption('Size', '28').check();
    await search.expectAddress(/size=28/);
    const refined = await snapshot(search);
    expect(refined.hits).not.toEqual(first.hits);
    await page.goBack();
    expect(await snapshot(search)).toEqual(first);
    await expect(search.facetOption('Size', '28')).not.toBeChecked();
    await page.goForward();
    expect(await snapshot(search)).toEqual(refined);
    await expect(search.facetOption('Size', '28')).toBeChecked();
    await expect(page.getByRole('link', { name: 'Lire en français' })).toHaveAttribute(
      'href',
      '/recherche?q=shorts&size=28',
    );
  });

  test('a product opened right after a filter stays open', async ({ page }) => {
    // The address is written 400 ms after a change: that write must not cancel the product's page, nor
    // bring the listing back once the product's page is open.
    const search = new SearchPage(page);
    await search.goto('/search?q=shorts');
    await search.facetOption('Size', '28').check();
    await search.hits.first().locator('h3 a').click();
    await expect(page).toHaveURL(/\/product\/[^?]+/);
    const product = page.url();
    // Longer than the write's delay: what would have been written by now has been.
    await page.waitForTimeout(1_000);
    expect(page.url()).toBe(product);
    // Back leads to the listing (the filter chosen in the last 400 ms is not in its address, as with
    // InstantSearch's own router when a link is followed that soon).
    await page.goBack();
    await search.expectAddress(/\/search\?q=shorts/);
    await expect(search.hits.first()).toBeVisible();
  });

  test('renders the first page on the server, readable without scripts', async ({ request }) => {
    const response = await request.get('/search?q=jacket&color=Black');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title[^>]*>“jacket”: search results · Vitrine<\/title>/);
    expect(html).toMatch(/role="status"[^>]*>\d+ products</);
    expect(html).toContain('Jacket</mark>');
    expect(html).toMatch(/Black<\/span><span[^>]*>\d+</);
    expect(html).toContain('rel="canonical" href="http://localhost:');
    expect(html).toMatch(/hrefLang="fr" href="[^"]*\/recherche\?q=jacket"/);
    const french = await (await request.get('/categorie/femme/hauts')).text();
    expect(french).toMatch(/<h1[^>]*>Hauts<\/h1>/);
    expect(french).toMatch(/hrefLang="en" href="[^"]*\/category\/women\/tops"/);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
