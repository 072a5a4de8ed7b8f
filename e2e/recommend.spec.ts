import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { waitForInteractive } from './support/interactive.ts';
import { slugsOfCategory } from './support/search-service.ts';

/**
 * Recommendation rows against the real stack with the sample catalogue and no events yet: what the models
 * answer then comes from the catalogue (curated links, cross-sells, categories, popularity).
 */

/** A bag: no size to choose, so "add both" can add it with what is bought with it. */
const bag = 'strive-shoulder-pack';

/** The product pages the cards of a row link to. */
async function cardLinks(row: Locator): Promise<string[]> {
  const links = row.getByRole('listitem').getByRole('heading').getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) =>
    elements.map((element) => new URL((element as HTMLAnchorElement).href).pathname),
  );
}

/** The recommendation sections, by the ids of their headings. */
const recommendSections = [
  'trending-items-title',
  'trending-categories-title',
  'related-products-title',
  'looking-similar-title',
  'bought-together-title',
]
  .map((id) => `section[aria-labelledby="${id}"]`)
  .join(', ');

/** A recommendation row, found by its heading. */
function row(page: Page, heading: string | RegExp): Locator {
  return page.getByRole('region', { name: heading });
}

/** The address of the photo an `<img>` shows (next/image serves it as `/_next/image?url=…`). */
async function photoOf(image: Locator): Promise<string> {
  const src = (await image.getAttribute('src')) ?? '';
  return new URL(src, 'http://x').searchParams.get('url') ?? src;
}

/** The product gallery's main photo. */
function galleryPhoto(page: Page): Promise<string> {
  return photoOf(
    page
      .getByRole('region', { name: /^Photos of / })
      .locator('img')
      .first(),
  );
}

/** The photo of "this item" in frequently bought together. */
function bundlePhoto(bundle: Locator): Promise<string> {
  return photoOf(bundle.getByRole('listitem').first().locator('img'));
}

test.describe('recommendations', () => {
  test('a product page shows related products, bought together and looking similar', async ({
    page,
  }) => {
    await page.goto(`/product/${bag}`);
    for (const heading of ['You may also like', 'Looking similar']) {
      const links = await cardLinks(row(page, heading));
      expect(links.length).toBeGreaterThan(1);
      for (const link of links) {
        expect(link).toMatch(/^\/product\/[a-z0-9-]+$/);
        expect(link).not.toBe(`/product/${bag}`);
      }
    }
    const bundle = page.getByTestId('bought-together');
    await expect(bundle.getByRole('heading', { name: 'Frequently bought together' })).toBeVisible();
    await expect(bundle).toContainText('Strive Shoulder Pack');
    await expect(bundle.getByRole('button', { name: 'Add both to cart' })).toBeEnabled();
    // No placeholder is left once the models answered.
    await expect(page.getByTestId('recommend-loading')).toHaveCount(0);
  });

  test('"add both to cart" puts both products in the cart drawer', async ({ page }) => {
    await page.goto(`/product/${bag}`);
    await waitForInteractive(page);
    const bundle = page.getByTestId('bought-together');
    const partner = (await bundle.getByRole('link').first().textContent()) ?? '';
    expect(partner).not.toBe('');
    await bundle.getByRole('button', { name: 'Add both to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId('cart-button')).toContainText('2');
    await expect(drawer.getByRole('button', { name: 'Remove Strive Shoulder Pack' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: `Remove ${partner}` })).toBeVisible();
    // What goes with the cart, without what is already in it.
    const suggestions = await cardLinks(row(page, 'Goes well with your cart'));
    expect(suggestions).not.toContain(`/product/${bag}`);
    // Opening a suggestion leaves the drawer for that product's page.
    const suggestion = row(page, 'Goes well with your cart')
      .getByRole('listitem')
      .first()
      .getByRole('heading')
      .getByRole('link');
    const name = (await suggestion.textContent()) ?? '';
    await suggestion.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('"this item" in frequently bought together shows the chosen colour', async ({ page }) => {
    await page.goto('/product/juno-jacket?color=Blue');
    await waitForInteractive(page);
    const bundle = page.getByTestId('bought-together');
    await expect(bundle).toBeVisible();
    const blue = await galleryPhoto(page);
    expect(await bundlePhoto(bundle)).toBe(blue);
    await page.locator('[data-option="color-Green"]').click();
    await expect.poll(() => galleryPhoto(page)).not.toBe(blue);
    const green = await galleryPhoto(page);
    await expect.poll(() => bundlePhoto(bundle)).toBe(green);
    // A colour but no size chosen: the box says only the size is missing.
    await expect(bundle).toContainText('Choose a size above to add both.');
  });

  test('"add both" with one item already in the cart adds a second one, says so and sends both events', async ({
    page,
  }) => {
    await page.goto(`/product/${bag}`);
    await waitForInteractive(page);
    await page.getByRole('button', { name: 'Accept' }).click();
    const productId =
      (await page.getByRole('button', { name: 'Add to cart' }).getAttribute('data-product')) ?? '';
    expect(productId).not.toBe('');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer).toBeVisible();
    // A first add makes a new line: nothing to point out.
    await expect(page.getByTestId('cart-added-again')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const addedToCart: { objectIDs: string[] }[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/1/events')) return;
      const body = JSON.parse(request.postData() ?? '{}') as {
        events?: { eventType: string; eventSubtype?: string; objectIDs: string[] }[];
      };
      for (const event of body.events ?? [])
        if (event.eventType === 'conversion' && event.eventSubtype === 'addToCart')
          addedToCart.push(event);
    });
    const bundle = page.getByTestId('bought-together');
    const partner = (await bundle.getByRole('link').first().textContent()) ?? '';
    await bundle.getByRole('button', { name: 'Add both to cart' }).click();
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId('cart-button')).toContainText('3');
    await expect(page.getByTestId('cart-added-again')).toHaveText(
      'Strive Shoulder Pack was already in your cart: you now have 2.',
    );
    await expect(page.getByTestId('cart-added-again')).not.toContainText(partner);
    await expect(
      drawer.getByRole('combobox', { name: 'Quantity of Strive Shoulder Pack' }),
    ).toHaveValue('2');
    // One add-to-cart event per item added: the page's product and its partner.
    await expect.poll(() => addedToCart.length).toBe(2);
    const objectIDs = addedToCart.flatMap((event) => event.objectIDs);
    expect(
      objectIDs.filter((id) => id === productId || id.startsWith(`${productId}-`)),
    ).toHaveLength(1);
    expect(objectIDs.filter((id) => !id.startsWith(productId))).toHaveLength(1);
    // Closing the drawer forgets the notice.
    await page.keyboard.press('Escape');
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-added-again')).toHaveCount(0);
  });

  for (const { locale, home, heading, categories, prefix, productPrefix } of [
    {
      locale: 'en',
      home: '/',
      heading: 'Trending now',
      categories: 'Trending categories',
      prefix: '/category/',
      productPrefix: '/product/',
    },
    {
      locale: 'fr',
      home: '/fr',
      heading: 'Tendances du moment',
      categories: 'Catégories tendance',
      prefix: '/categorie/',
      productPrefix: '/produit/',
    },
  ]) {
    test(`the home page shows trending items and categories (${locale})`, async ({ page }) => {
      await page.goto(home);
      const items = await cardLinks(row(page, heading));
      expect(items.length).toBeGreaterThan(3);
      for (const link of items) expect(link.startsWith(productPrefix)).toBe(true);
      const trending = row(page, categories).getByRole('link');
      await expect(trending.first()).toBeVisible();
      const hrefs = await trending.evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('href') ?? ''),
      );
      expect(hrefs.length).toBeGreaterThan(2);
      for (const href of hrefs) expect(href.startsWith(prefix)).toBe(true);
      // Labels in the page's language, not facet values (`Women > Tops > Jackets`).
      const texts = await trending.allTextContents();
      for (const text of texts) expect(text).not.toContain('>');
      if (locale === 'fr') expect(texts.join(' ')).toMatch(/Femme|Homme/);
      // A trending category opens its listing.
      const first = hrefs[0] ?? '';
      await trending.first().click();
      await expect(page).toHaveURL(new RegExp(`${first}$`));
    });
  }

  test('a category page shows trending items of that category', async ({ page }) => {
    await page.goto('/category/men/tops/jackets');
    const links = await cardLinks(row(page, 'Trending in Jackets'));
    const jackets = await slugsOfCategory('hierarchicalCategories.lvl2:Men > Tops > Jackets');
    expect(jackets.size).toBeGreaterThan(0);
    for (const link of links) expect(jackets.has(link.replace('/product/', ''))).toBe(true);
  });

  test('a search without results offers trending items', async ({ page }) => {
    await page.goto('/recherche?q=zzqxv');
    const links = await cardLinks(row(page, 'Tendances du moment'));
    expect(links.length).toBeGreaterThan(0);
  });

  test('opening a recommended product sends its click event and shows its page', async ({
    page,
  }) => {
    await page.goto('/');
    // Events are sent only with the shopper's consent.
    await page.getByRole('button', { name: 'Accept' }).click();
    const trending = row(page, 'Trending now');
    const card = trending.getByRole('listitem').first().getByRole('heading').getByRole('link');
    await expect(card).toBeVisible();
    await waitForInteractive(page);
    const name = (await card.textContent()) ?? '';
    const href = (await card.getAttribute('href')) ?? '';
    const clicked = page.waitForRequest(
      (request) =>
        request.url().includes('/1/events') &&
        (request.postData() ?? '').includes('"eventType":"click"'),
    );
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const event = JSON.parse((await clicked).postData() ?? '{}') as {
      events: { eventName: string; index: string; objectIDs: string[] }[];
    };
    expect(event.events[0]).toMatchObject({
      eventName: 'Recommendation Clicked',
      index: 'products',
    });
  });

  test('a row scrolls with its buttons and brings the card reached with Tab into view', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Refuse' }).click();
    const trending = row(page, 'Trending now');
    const cards = trending.getByRole('listitem').getByRole('heading').getByRole('link');
    await expect(cards.nth(5)).toBeAttached();
    await trending.scrollIntoViewIfNeeded();
    await expect(cards.first()).toBeInViewport();
    await expect(cards.nth(5)).not.toBeInViewport();
    const previous = trending.getByRole('button', { name: 'Scroll to previous products' });
    const next = trending.getByRole('button', { name: 'Scroll to next products' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(previous).toBeEnabled();
    await expect(cards.nth(5)).toBeInViewport();
    await previous.click();
    await expect(previous).toBeDisabled();
    // Keyboard only: Tab from the arrows through the cards (and their colour buttons) to the sixth card.
    await next.focus();
    const sixth = (await cards.nth(5).getAttribute('href')) ?? '';
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('href'))) === sixth)
        break;
    }
    await expect(cards.nth(5)).toBeFocused();
    await expect(cards.nth(5)).toBeInViewport();
  });

  for (const path of ['/fr', `/product/${bag}`]) {
    test(`axe finds no serious or critical violation in the rows of ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('recommend-loading')).toHaveCount(0);
      await expect(
        page
          .getByRole('region')
          .filter({ has: page.getByRole('list') })
          .first(),
      ).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).include(recommendSections).analyze();
      const severe = violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(
        severe.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`),
      ).toEqual([]);
    });
  }
});
