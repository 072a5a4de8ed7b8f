import { expect, test } from '@playwright/test';
import { fillCheckoutDetails } from './support/checkout-form.ts';
import { waitForInteractive } from './support/interactive.ts';
import { SearchPage } from './support/search-page.ts';
import { listStoredEvents } from './support/search-service.ts';

/** An event as `GET /1/events` (Vitrine extension, admin key) lists it. */
interface ListedEvent {
  readonly eventType: string;
  readonly event: {
    readonly eventSubtype?: string;
    readonly userToken?: string;
    readonly queryID?: string;
    readonly objectIDs?: string[];
    readonly positions?: number[];
    readonly objectData?: { queryID?: string; price?: number; quantity?: number }[];
    readonly value?: number;
    readonly currency?: string;
  };
}

/** The events the search service stored for the `products` index, most recent first. */
const storedEvents = () => listStoredEvents<ListedEvent>('products');

const labels = {
  en: {
    search: '/search',
    addToCart: 'Add to cart',
    cartTitle: 'Your cart',
    checkout: 'Checkout',
    placeOrder: 'Place order',
    confirmed: 'Thank you! Your order is confirmed.',
    accept: 'Accept',
    consentRegion: 'Cookie consent',
  },
  fr: {
    search: '/recherche',
    addToCart: 'Ajouter au panier',
    cartTitle: 'Votre panier',
    checkout: 'Commander',
    placeOrder: 'Passer la commande',
    confirmed: 'Merci ! Votre commande est confirmée.',
    accept: 'Accepter',
    consentRegion: 'Consentement aux cookies',
  },
} as const;

for (const locale of ['en', 'fr'] as const) {
  const text = labels[locale];
  // English: accept on the home page, then search from the header (the results page is rendered by the server,
  // so its queryID comes from the server's search). French: accept on the search page, then type.
  const fromHeader = locale === 'en';
  test(`search → click → view → add to cart → purchase, each event tied to the search (${locale})`, async ({
    page,
    context,
  }) => {
    const queryIDs = new Set<string>();
    page.on('response', async (response) => {
      if (!response.url().includes('/1/indexes/*/queries') || !response.ok()) return;
      const body = (await response.json().catch(() => ({}))) as {
        results?: { queryID?: string }[];
      };
      for (const result of body.results ?? []) if (result.queryID) queryIDs.add(result.queryID);
    });
    const search = new SearchPage(page, locale);
    await page.goto(fromHeader ? '/' : text.search);
    await waitForInteractive(page);
    const banner = page.getByRole('region', { name: text.consentRegion });
    await banner.getByRole('button', { name: text.accept }).click();
    await expect(banner).toBeHidden();
    const cookieToken = (await context.cookies()).find(
      (cookie) => cookie.name === '_ALGOLIA',
    )?.value;
    expect(cookieToken).toMatch(/^anonymous-/);
    if (fromHeader) {
      // Typed as a shopper types: the keys reach the field that has the focus, the plain one or the
      // autocomplete that takes its place, with what was typed, once its code is in.
      await page.getByRole('searchbox').first().click();
      await page.keyboard.type('jacket');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=jacket/);
      await waitForInteractive(page);
    } else {
      await search.searchBox.pressSequentially('jacket', { delay: 30 });
      await search.expectAddress(/q=jacket/);
    }
    await search.settle();
    await expect(search.hits.first()).toContainText(/jacket|veste/i);
    const [objectID] = await search.hitIds();
    expect(objectID).toBeTruthy();

    await search.hits.first().locator('h3 a').click();
    await expect(page).toHaveURL(/\/(product|produit)\/[^?]+/);
    // The product page's address and canonical link stay free of any search id.
    expect(page.url()).not.toContain('queryID');
    await expect(page.locator('link[rel="canonical"]')).not.toHaveAttribute('href', /[?&]/);
    await waitForInteractive(page);
    await page.locator('[data-option^="size-"]:not([disabled])').first().click();
    await page.getByRole('button', { name: text.addToCart }).click();
    const drawer = page.getByRole('dialog', { name: text.cartTitle });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: text.checkout }).click();
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: text.placeOrder }).click();
    await expect(page.getByTestId('order-confirmed')).toHaveText(text.confirmed);

    // The click names the hit, its position and the queryID of a search the page received.
    let click: ListedEvent | undefined;
    await expect
      .poll(async () => {
        click = (await storedEvents()).find(
          (listed) =>
            listed.eventType === 'click' &&
            listed.event.objectIDs?.[0] === objectID &&
            listed.event.queryID !== undefined &&
            // Typed on the page: a search the browser made; from the header: the server's search.
            (fromHeader
              ? /^[0-9a-f]{32}$/.test(listed.event.queryID)
              : queryIDs.has(listed.event.queryID)),
        );
        return click;
      })
      .toBeDefined();
    const queryID = click?.event.queryID ?? '';
    const userToken = click?.event.userToken ?? '';
    expect(click?.event.positions).toEqual([1]);
    expect(userToken).toBe(cookieToken);

    const purchaseOfThisSearch = (listed: ListedEvent) =>
      listed.eventType === 'conversion' &&
      listed.event.eventSubtype === 'purchase' &&
      (listed.event.objectData ?? []).some((data) => data.queryID === queryID);
    await expect
      .poll(async () => (await storedEvents()).filter(purchaseOfThisSearch).length)
      .toBe(1);
    const events = (await storedEvents()).filter((listed) => listed.event.userToken === userToken);
    expect(
      events.some(
        (listed) => listed.eventType === 'view' && listed.event.objectIDs?.includes(objectID ?? ''),
      ),
    ).toBe(true);
    const addToCart = events.find(
      (listed) =>
        listed.eventType === 'conversion' &&
        listed.event.eventSubtype === 'addToCart' &&
        listed.event.queryID === queryID,
    );
    expect(addToCart?.event.objectIDs).toEqual([objectID]);
    expect(addToCart?.event.objectData).toEqual([
      { queryID, price: expect.any(Number), quantity: 1 },
    ]);
    // With the _ALGOLIA cookie every event of the journey carries the same token.
    const purchase = (await storedEvents()).find(purchaseOfThisSearch);
    expect(purchase?.event.userToken).toBe(cookieToken);
    expect(purchase?.event.objectIDs).toEqual([objectID]);
    expect(purchase?.event.objectData).toEqual([
      { queryID, price: addToCart?.event.objectData?.[0]?.price, quantity: 1 },
    ]);
    expect(purchase?.event).toMatchObject({
      currency: 'EUR',
      value: addToCart?.event.objectData?.[0]?.price,
    });

    // A reload of the confirmation sends no second purchase event.
    await page.reload();
    await expect(page.getByTestId('order-confirmed')).toBeVisible();
    await waitForInteractive(page);
    await page.waitForTimeout(1000);
    expect((await storedEvents()).filter(purchaseOfThisSearch)).toHaveLength(1);
  });
}

test('before a choice and after "refuse", no event is sent and nothing is kept in the browser', async ({
  page,
}) => {
  const eventPosts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/1/events')) eventPosts.push(request.postData() ?? '');
  });
  const browse = async () => {
    const search = new SearchPage(page, 'en');
    await search.goto('/search?q=jacket');
    await waitForInteractive(page);
    await search.hits.first().locator('h3 a').click();
    await expect(page).toHaveURL(/\/product\//);
    await waitForInteractive(page);
    await page.locator('[data-option^="size-"]:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
    await waitForInteractive(page);
  };
  const browserStorage = () =>
    page.evaluate(() => ({
      session: Object.keys(window.sessionStorage),
      local: Object.keys(window.localStorage),
    }));

  await browse();
  expect(eventPosts).toEqual([]);
  expect(await browserStorage()).toEqual({ session: [], local: [] });

  await page.keyboard.press('Escape'); // the cart drawer is modal: close it to reach the banner
  await page.getByRole('button', { name: 'Refuse' }).click();
  await browse();
  expect(eventPosts).toEqual([]);
  expect(await browserStorage()).toEqual({ session: [], local: [] });
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('_ALGOLIA');
});
