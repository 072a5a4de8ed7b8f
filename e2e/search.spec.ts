import { expect, test } from '@playwright/test';
import { SearchPage } from './support/search-page.ts';
import { saveRule } from './support/search-service.ts';

test.describe('the search page', () => {
  test('shows results as the shopper types, and writes the query to the address', async ({
    page,
  }) => {
    const search = new SearchPage(page);
    await search.goto('/search');
    const everything = await search.resultCount();
    expect(everything).toBeGreaterThan(100);
    await search.searchBox.pressSequentially('hoodie', { delay: 30 });
    await expect(search.hits.first()).toContainText(/hoodie/i);
    await search.expectAddress(/\/search\?q=hoodie$/);
    expect(await search.resultCount()).toBeLessThan(everything);
    await expect(search.hits.first().locator('mark').first()).toHaveText(/hood/i);
  });

  test('still finds jackets when the query has a typo', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=jakcet');
    expect(await search.resultCount()).toBeGreaterThan(5);
    await expect(search.hits.first()).toContainText(/jacket/i);
  });

  test('refines by each kind of facet, with counts that match the results', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=jacket');
    for (const [facet, value, param] of [
      ['Colour', 'Blue', 'color=Blue'],
      ['Size', 'XL', 'size=XL'],
      ['Gender', 'Women', 'gender=Women'],
      ['Material', 'Polyester', 'material=Polyester'],
    ] as const) {
      const expected = await search.facetCount(facet, value);
      expect(expected, `${facet}: ${value}`).toBeGreaterThan(0);
      await search.facetOption(facet, value).check();
      await expect(search.count).toHaveText(new RegExp(`^${expected} products?$`));
      await search.expectAddress(new RegExp(param));
      await search.facetOption(facet, value).uncheck();
      await expect(search.facetOption(facet, value)).not.toBeChecked();
    }
    const men = search.filters.getByRole('link', { name: /^Men\s*\d+$/ });
    const menCount = Number(((await men.textContent()) ?? '').replace(/\D/g, ''));
    await men.click();
    await expect(search.count).toHaveText(`${menCount} products`);
    await search.expectAddress(/category=men/);
    await search.filters.getByRole('switch', { name: /On sale/ }).check();
    await search.expectAddress(/sale=1/);
    await expect(
      search.page.getByRole('button', { name: 'Remove the filter On sale' }),
    ).toBeVisible();
  });

  test('keeps prices within the chosen range, and sorts by price', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=jacket');
    await search.filters.getByRole('spinbutton', { name: 'Minimum price' }).fill('50');
    await search.filters.getByRole('spinbutton', { name: 'Maximum price' }).fill('70');
    await search.filters.getByRole('button', { name: 'Apply' }).click();
    await search.expectAddress(/price=50-70/);
    await expect(
      search.page.getByRole('button', { name: /Remove the filter From €50/ }),
    ).toBeVisible();
    for (const price of await search.priceValues()) expect(price).toBeGreaterThanOrEqual(50);
    for (const price of await search.priceValues()) expect(price).toBeLessThanOrEqual(70);

    await search.page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await search.expectAddress(/sort=price-asc/);
    await search.settle();
    const ascending = await search.priceValues();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await search.page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await search.expectAddress(/sort=price-desc/);
    await search.settle();
    const descending = await search.priceValues();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  test('pages through the results and changes the page size', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('/search');
    await expect(search.hits).toHaveCount(20);
    const first = await search.hitIds();
    await search.page.getByRole('link', { name: 'Page 2' }).first().click();
    await search.expectAddress(/page=2/);
    await search.settle();
    const second = await search.hitIds();
    expect(second).toHaveLength(20);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await expect(search.page.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await search.page.getByLabel('Products per page').selectOption('40');
    await expect(search.hits).toHaveCount(40);
    await search.expectAddress(/perPage=40/);
    await expect(search.page).not.toHaveURL(/page=2/);
  });

  test('offers a shorter search and clearing the filters when nothing matches', async ({
    page,
  }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=jacket+zzqxw&color=Blue');
    await expect(search.count).toHaveText('0 products');
    await expect(
      search.page.getByRole('heading', { name: 'No products match “jacket zzqxw”' }),
    ).toBeVisible();
    const relaxed = search.page.getByRole('region', { name: /Results for/ });
    await expect(relaxed.locator('li[data-id]').first()).toContainText(/jacket/i);
    await search.page.getByRole('button', { name: 'Clear all filters' }).click();
    await search.expectAddress(/\/search\?q=jacket\+zzqxw$/);
    await search.page.getByRole('button', { name: 'Search for “jacket” instead' }).click();
    await search.expectAddress(/\/search\?q=jacket$/);
    await expect(search.searchBox).toHaveValue('jacket');
    // The address follows the query after its 400 ms write delay, the results when the service answers.
    await expect.poll(() => search.resultCount()).toBeGreaterThan(0);
  });

  test('offers the search without its first words when dropping the last ones finds nothing', async ({
    page,
  }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=zzqxw+jacket');
    await expect(search.count).toHaveText('0 products');
    const relaxed = search.page.getByRole('region', { name: 'Results for “jacket”' });
    await expect(relaxed.locator('li[data-id]').first()).toContainText(/jacket/i);
    await search.page.getByRole('button', { name: 'Search for “jacket” instead' }).click();
    await search.expectAddress(/\/search\?q=jacket$/);
    await expect.poll(() => search.resultCount()).toBeGreaterThan(0);
  });

  test('offers to clear a one-word search that finds nothing', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('/search?q=zzzz');
    await expect(search.count).toHaveText('0 products');
    const notice = page.locator('section').filter({
      has: page.getByRole('heading', { name: 'No products match “zzzz”' }),
    });
    await notice.getByRole('button', { name: 'Clear the search' }).click();
    await search.expectAddress(/\/search$/);
    await expect(search.searchBox).toHaveValue('');
    await expect.poll(() => search.resultCount()).toBeGreaterThan(100);
  });

  test('shows a loading bar when search is slow, a localized error when it fails, and retries', async ({
    page,
  }) => {
    const search = new SearchPage(page);
    const queries = '**/1/indexes/*/queries**';
    await search.goto('/search?q=jacket');
    // Slower than the 200 ms after which a search counts as stalled, within the client's 1 s connect timeout.
    await page.route(queries, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await search.searchBox.fill('hoodie');
    await expect(page.getByRole('status').filter({ hasText: 'Loading results…' })).toBeAttached();
    await expect(search.hits.first()).toContainText(/hood/i);
    await page.unroute(queries);

    await page.route(queries, (route) =>
      route.fulfill({ status: 500, body: JSON.stringify({ message: 'Down', status: 500 }) }),
    );
    await search.searchBox.fill('shorts');
    const alert = page.getByRole('alert').filter({ hasText: 'Search is unavailable right now' });
    await expect(alert).toBeVisible();
    await expect(search.hits.first()).toBeHidden();
    await page.unroute(queries);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(search.hits.first()).toContainText(/short/i);
  });

  test('shows the banner a query rule attaches to a search, in the page’s language', async ({
    page,
  }) => {
    await saveRule({
      objectID: 'e2e-windbreaker-banner',
      conditions: [{ pattern: 'windbreaker', anchoring: 'contains' }],
      consequence: {
        userData: {
          title: { en: 'Wind ready', fr: 'Paré pour le vent' },
          link: '/category/men/tops/jackets',
        },
      },
    });
    const search = new SearchPage(page);
    await search.goto('/search?q=windbreaker');
    const banner = page.getByRole('complementary').filter({ hasText: 'Wind ready' });
    await expect(banner.getByRole('link', { name: 'Find out more' })).toHaveAttribute(
      'href',
      '/category/men/tops/jackets',
    );
    await search.goto('/recherche?q=windbreaker');
    const french = page.getByRole('complementary').filter({ hasText: 'Paré pour le vent' });
    // The merchant wrote the link once, in English: on the French page it leads to the French category page.
    const frenchLink = french.getByRole('link', { name: 'En savoir plus' });
    await expect(frenchLink).toHaveAttribute('href', '/categorie/homme/hauts/vestes');
    await frenchLink.click();
    await expect(page).toHaveURL(/\/categorie\/homme\/hauts\/vestes$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test.describe('the French search page', () => {
  test('speaks French, with French prices and labels, under the same parameters', async ({
    page,
  }) => {
    const search = new SearchPage(page, 'fr');
    await search.goto('/recherche?q=veste&color=Black');
    await expect(page).toHaveTitle(/« veste » : résultats de recherche/);
    // No-break spaces inside « »: on a phone the closing one never starts a line of its own.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^Résultats pour «\u00a0veste\u00a0»$/,
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(search.count).toHaveText(/^\d+ produits?$/);
    await expect(search.prices.first()).toHaveText(/^\d+,\d{2}\u00a0€$/);
    await expect(search.facetOption('Couleur', 'Noir')).toBeChecked();
    await expect(
      page.getByRole('button', { name: 'Retirer le filtre Couleur : Noir' }),
    ).toBeVisible();
    await page.getByLabel('Trier par').selectOption({ label: 'Prix croissant' });
    await search.expectAddress(/\/recherche\?q=veste&color=Black&sort=price-asc$/);
  });

  test('finds facet values by their French names: "noir" in the colour facet', async ({ page }) => {
    const search = new SearchPage(page, 'fr');
    await search.goto('/recherche?q=veste');
    const colours = search.filters.getByRole('group', { name: 'Couleur', exact: true });
    const field = search.filters.getByRole('searchbox', { name: 'Rechercher (couleur)' });
    const shown = await colours.getByRole('checkbox').count();
    expect(shown).toBeGreaterThan(1);
    await field.pressSequentially('noir');
    await expect(colours.getByRole('checkbox')).toHaveCount(1);
    const black = search.facetOption('Couleur', 'Noir');
    const count = await search.facetCount('Couleur', 'Noir');
    expect(count).toBeGreaterThan(0);
    await black.check();
    // The address keeps the language-neutral key, and choosing a value empties the facet's search.
    await search.expectAddress(/\/recherche\?q=veste&color=Black$/);
    await expect(field).toHaveValue('');
    await expect(colours.getByRole('checkbox')).toHaveCount(shown);
    await expect(search.count).toHaveText(new RegExp(`^${count} produits?$`));
    // A name that is no colour says so.
    await field.fill('zzz');
    await expect(search.filters.getByText('Aucune valeur ne correspond')).toBeVisible();
  });

  test('lists a category with its category chosen, and 404s an unknown one', async ({ page }) => {
    const search = new SearchPage(page, 'fr');
    await search.goto('/categorie/homme/hauts/vestes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vestes');
    await expect(page.getByRole('navigation', { name: 'Chemin de la catégorie' })).toContainText(
      'Homme',
    );
    const jackets = await search.resultCount();
    await search.facetOption('Taille', 'M').check();
    await search.expectAddress(/\/categorie\/homme\/hauts\/vestes\?size=M$/);
    expect(await search.resultCount()).toBeLessThanOrEqual(jackets);
    const missing = await page.goto('/categorie/homme/nothing-here');
    expect(missing?.status()).toBe(404);
  });
});
