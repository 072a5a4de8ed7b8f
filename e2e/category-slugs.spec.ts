import { expect, type Page, test } from '@playwright/test';
import { waitForInteractive } from './support/interactive.ts';
import { SearchPage } from './support/search-page.ts';
import { slugsOfCategory } from './support/search-service.ts';

/*
 * Issue #5: French category pages have French addresses, made from the French category names
 * (`/categorie/homme/hauts/vestes`); every French link goes there, the language switch maps them to the
 * English ones and back, and the English segments under `/categorie/…` (links from before) redirect.
 */

const frenchJackets = '/categorie/homme/hauts/vestes';
const englishJackets = '/category/men/tops/jackets';
const frenchDepartments = ['homme', 'femme', 'equipement'];

/** The product slugs of the result cards (`/produit/<slug>?color=…`). */
async function hitSlugs(search: SearchPage): Promise<string[]> {
  const hrefs = await search.hits
    .locator('h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/(product|produit)\//, '').replace(/\?.*$/, ''));
}

/**
 * The paths of every category link of the page (menus, entry points, breadcrumbs, category filter), relative
 * or absolute; the language switch, which leads to the other language on purpose, is left out.
 */
async function categoryLinks(page: Page): Promise<string[]> {
  const paths = await page
    .locator('a[href]:not([hreflang])')
    .evaluateAll((links) =>
      links.map((link) => new URL(link.getAttribute('href') ?? '', window.location.href).pathname),
    );
  return paths.filter((path) => /^\/(categorie|category)\//.test(path));
}

test.describe('French category addresses', () => {
  // No warm-up: the first visit after the search service starts (the category's trending model is built on
  // first use, over a second) must show the listing, not its error state (lib/recommend/recommend-client.ts).
  test('a French category opens by its French address and lists that category', async ({
    page,
  }) => {
    expect((await page.request.get(frenchJackets, { maxRedirects: 0 })).status()).toBe(200);
    const search = new SearchPage(page, 'fr');
    await search.goto(frenchJackets);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vestes');
    await expect(page.getByRole('navigation', { name: 'Chemin de la catégorie' })).toContainText(
      'Homme',
    );
    // The French page links each product by its French slug.
    const jackets = await slugsOfCategory(
      'hierarchicalCategories.lvl2:Men > Tops > Jackets',
      'slugFr',
    );
    const shown = await hitSlugs(search);
    expect(shown.length).toBeGreaterThan(0);
    expect(await search.resultCount()).toBe(jackets.size);
    for (const slug of shown) expect(jackets.has(slug), slug).toBe(true);

    // Canonical and language alternates follow the French address.
    const head = page.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${frenchJackets}$`),
    );
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      'href',
      new RegExp(`${englishJackets}$`),
    );
    await expect(head.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
      'href',
      new RegExp(`${frenchJackets}$`),
    );

    // Every category link of a French page is a French address: breadcrumb, category filter, and the
    // menu once opened.
    const filterLinks = await categoryLinks(page);
    expect(filterLinks).toContain('/categorie/homme/hauts');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
    const links = await categoryLinks(page);
    expect(links).toContain(frenchJackets);
    expect(links).toContain('/categorie/femme/hauts/brassieres-et-debardeurs');
    for (const link of links) {
      expect(link, link).toMatch(/^\/categorie\//);
      expect(frenchDepartments, link).toContain(link.split('/')[2]);
    }
  });

  test('the home page and a product page link French categories by their French address', async ({
    page,
  }) => {
    await page.goto('/fr');
    const home = await categoryLinks(page);
    expect(home).toContain('/categorie/equipement');
    expect(home).toContain('/categorie/femme');
    for (const link of home) expect(frenchDepartments, link).toContain(link.split('/')[2]);

    const search = new SearchPage(page, 'fr');
    await search.goto(frenchJackets);
    const [slug] = await hitSlugs(search);
    await page.goto(`/produit/${slug}`);
    const trail = page.getByRole('navigation', { name: 'Vous êtes ici' });
    await expect(trail.getByRole('link', { name: 'Vestes' })).toHaveAttribute(
      'href',
      frenchJackets,
    );
    await expect(trail.getByRole('link', { name: 'Homme' })).toHaveAttribute(
      'href',
      '/categorie/homme',
    );
  });

  test('the language switch keeps the category and the refinements, both ways', async ({
    page,
  }) => {
    const french = new SearchPage(page, 'fr');
    await french.goto(frenchJackets);
    await french.facetOption('Taille', 'M').check();
    await french.expectAddress(new RegExp(`${frenchJackets}\\?size=M$`));
    await french.settle();
    const withSizeM = await french.resultCount();

    await page.getByRole('link', { name: 'Read in English' }).click();
    const english = new SearchPage(page, 'en');
    await english.expectAddress(new RegExp(`${englishJackets}\\?size=M$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jackets');
    await expect(english.facetOption('Size', 'M')).toBeChecked();
    await expect(english.count).toHaveText(new RegExp(`^${withSizeM} products?$`));

    await page.getByRole('link', { name: 'Lire en français' }).click();
    await french.expectAddress(new RegExp(`${frenchJackets}\\?size=M$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vestes');
    await expect(french.facetOption('Taille', 'M')).toBeChecked();
    await expect(french.count).toHaveText(new RegExp(`^${withSizeM} produits?$`));
  });

  test('an old English-slug French link redirects permanently to the French address', async ({
    page,
    request,
  }) => {
    const old = await request.get('/categorie/men/tops/jackets?color=Black', { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe(`${frenchJackets}?color=Black`);
    // And the other way: French segments under the English prefix.
    const mixed = await request.get('/category/homme/hauts/vestes', { maxRedirects: 0 });
    expect(mixed.status()).toBe(301);
    expect(mixed.headers()['location']).toBe(englishJackets);

    // A shopper following the old link lands on the French page with the colour still chosen.
    const search = new SearchPage(page, 'fr');
    await search.goto('/categorie/men/tops/jackets?color=Black');
    await expect(page).toHaveURL(new RegExp(`${frenchJackets}\\?color=Black$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vestes');
    await expect(search.facetOption('Couleur', 'Noir')).toBeChecked();

    // A category the shop does not have is still a 404.
    expect((await request.get('/categorie/homme/nulle-part', { maxRedirects: 0 })).status()).toBe(
      404,
    );
  });

  // The redirect must give the same destination when the page is reached by a client-side navigation: Next
  // fetches the page's data from `/_next/data/…json?slug=…`, whose query string carries the route's own segments.
  test('an old English-segment address reached by a client-side navigation lands on the French address, its query kept and nothing added', async ({
    page,
  }) => {
    await page.goto('/categorie/homme');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Next's router exists once the page's scripts have run (after the first paint, decision 0011).
    await waitForInteractive(page);
    await page.evaluate(() => {
      const router = (
        window as unknown as { next: { router: { push(url: string): Promise<boolean> } } }
      ).next.router;
      void router.push('/categorie/men/tops/jackets?color=Black');
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vestes');
    const address = new URL(page.url());
    expect(`${address.pathname}${address.search}`).toBe(`${frenchJackets}?color=Black`);
  });
});
