import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { fillCheckoutDetails } from './support/checkout-form.ts';
import { waitForInteractive } from './support/interactive.ts';

/**
 * The recommendations learn from what shoppers do in the real storefront: each test reads a row, lets a few
 * shoppers (one browser context each, analytics accepted, so each has its own `_ALGOLIA` token for the whole
 * visit) browse, buy or view through the real pages, and reads the row again. The models learn from an event
 * before the service answers its `POST /1/events` (apps/search/src/recommend/README.md, "When models
 * refresh"), so the next page load shows the change: no waiting beyond the events' own answers.
 *
 * Products are chosen so that the "before" state cannot already show the change (sample catalogue, fresh data
 * folder): watches have no curated `related` or `crossSell` links, and the sample's popularity ranks them
 * below the clothes on the home page.
 */

/** Not among the most popular products: absent from "Trending now" until shoppers buy it. */
const trendingProduct = { slug: 'endurance-watch', name: 'Endurance Watch' };
/** No curated cross-sells, so "Frequently bought together" has nothing to show for it before any order. */
const boughtSource = { slug: 'aim-analog-watch', name: 'Aim Analog Watch' };
const boughtPartner = { slug: 'joust-duffle-bag', name: 'Joust Duffle Bag' };
/** Another order in the store, so that the two orders of watch and bag together stand out (see the test). */
const otherPurchase = { slug: 'fusion-backpack', name: 'Fusion Backpack' };
/** A watch whose "You may also like" holds other watches (content similarity) before any browsing… */
const viewedSource = { slug: 'didi-sport-watch', name: 'Didi Sport Watch' };
/** …and a tee, in another department: only co-views can bring it there. */
const viewedNext = { slug: 'layla-tee', name: 'Layla Tee' };

/** A recommendation row, found by its heading. */
function row(page: Page, heading: string): Locator {
  return page.getByRole('region', { name: heading });
}

/** The product pages the cards of a row link to, in row order. */
async function cardLinks(rowLocator: Locator): Promise<string[]> {
  const links = rowLocator.getByRole('listitem').getByRole('heading').getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) =>
    elements.map((element) => new URL((element as HTMLAnchorElement).href).pathname),
  );
}

/**
 * Waits for the service to accept the Insights event named `eventName` (search-insights sends each event as
 * soon as the page asks; the service answers 200 once the models have learnt from it).
 */
function eventAccepted(page: Page, eventName: string): Promise<unknown> {
  return page.waitForResponse(
    (response) =>
      response.url().includes('/1/events') &&
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes(`"eventName":"${eventName}"`) &&
      response.status() === 200,
  );
}

/** A new shopper: their own browser context, analytics accepted on the home page. */
async function newShopper(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? '' });
  const page = await context.newPage();
  await page.goto('/');
  await waitForInteractive(page);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  const token = (await context.cookies()).find((cookie) => cookie.name === '_ALGOLIA')?.value;
  expect(token).toMatch(/^anonymous-/);
  return { context, page };
}

/** Opens a product page and waits until its "Product Viewed" event is accepted. */
async function viewProduct(page: Page, product: { slug: string; name: string }): Promise<void> {
  const viewed = eventAccepted(page, 'Product Viewed');
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await viewed;
}

/** Adds the product of the page (first size on offer, if it has sizes) and waits for its event. */
async function addToCart(page: Page): Promise<void> {
  await waitForInteractive(page);
  const size = page.locator('[data-option^="size-"]:not([disabled])');
  if ((await size.count()) > 0) await size.first().click();
  const added = eventAccepted(page, 'Product Added To Cart');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  await added;
}

/** Checks the cart out from the drawer and waits for the confirmation page's purchase event. */
async function checkOut(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Your cart' })
    .getByRole('link', { name: 'Checkout' })
    .click();
  // Typing before the form is interactive would be lost when it hydrates.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await waitForInteractive(page);
  await fillCheckoutDetails(page);
  const purchased = eventAccepted(page, 'Order Completed');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('order-confirmed')).toHaveText(
    'Thank you! Your order is confirmed.',
  );
  await purchased;
}

/** One shopper views, adds to cart and buys each product, in one order. */
async function buy(
  browser: Browser,
  products: readonly { slug: string; name: string }[],
): Promise<void> {
  const { context, page } = await newShopper(browser);
  for (const product of products) {
    await viewProduct(page, product);
    await addToCart(page);
  }
  await checkOut(page);
  await context.close();
}

test.describe('recommendations learn from shoppers', () => {
  test('what shoppers buy rises to the top of "Trending now"', async ({ page, browser }) => {
    const productPath = `/product/${trendingProduct.slug}`;
    await page.goto('/');
    const before = await cardLinks(row(page, 'Trending now'));
    expect(before.length).toBeGreaterThan(3);
    expect(before).not.toContain(productPath);

    // Five shoppers, five tokens: each views, adds and buys the watch, a trend weight of 0.25 + 2 + 4 each
    // (apps/search/src/recommend/README.md), against 1 for the most popular product of the catalogue, and at
    // most about 27 for a jacket the commerce and insights specs might both buy twice when the whole suite
    // shares the service.
    test.setTimeout(120_000);
    for (let shopper = 0; shopper < 5; shopper++) await buy(browser, [trendingProduct]);

    await page.goto('/');
    const after = await cardLinks(row(page, 'Trending now'));
    expect(after[0]).toBe(productPath);
  });

  test('products ordered together appear in "Frequently bought together"', async ({
    page,
    browser,
  }) => {
    const bundle = page.getByTestId('bought-together');
    await page.goto(`/product/${boughtSource.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(boughtSource.name);
    await expect(page.getByRole('region', { name: 'You may also like' })).toBeVisible();
    await expect(page.getByTestId('recommend-loading')).toHaveCount(0);
    // Before any order: the watch has no curated cross-sell, so the box has no partner to show.
    await expect(bundle).toHaveCount(0);

    // Two orders hold the watch and the bag; a third order, of something else, is the store's background
    // (two baskets out of two would say nothing about association: every basket would hold both).
    await buy(browser, [boughtSource, boughtPartner]);
    await buy(browser, [boughtSource, boughtPartner]);
    await buy(browser, [otherPurchase]);

    await page.goto(`/product/${boughtSource.slug}`);
    await expect(bundle.getByRole('heading', { name: 'Frequently bought together' })).toBeVisible();
    await expect(bundle.getByRole('link', { name: boughtPartner.name })).toHaveAttribute(
      'href',
      `/product/${boughtPartner.slug}`,
    );
  });

  test('products viewed one after the other in a visit appear in "You may also like"', async ({
    page,
    browser,
  }) => {
    const nextPath = `/product/${viewedNext.slug}`;
    await page.goto(`/product/${viewedSource.slug}`);
    const before = await cardLinks(row(page, 'You may also like'));
    expect(before.length).toBeGreaterThan(3);
    expect(before).not.toContain(nextPath);

    // Two shoppers each view the watch, then the tee, in one visit (same token, minutes apart at most).
    for (let shopper = 0; shopper < 2; shopper++) {
      const { context, page: shopperPage } = await newShopper(browser);
      await viewProduct(shopperPage, viewedSource);
      await viewProduct(shopperPage, viewedNext);
      await context.close();
    }

    await page.goto(`/product/${viewedSource.slug}`);
    const after = await cardLinks(row(page, 'You may also like'));
    expect(after).toContain(nextPath);
  });
});
