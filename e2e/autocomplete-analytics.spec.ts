import { expect, type Page, test } from '@playwright/test';
import { listStoredEvents, searchService } from './support/search-service.ts';
import { waitForSuggestions } from './support/suggestions.ts';

/**
 * What the header's autocomplete tells the search service: with the shopper's consent, a suggestion or a
 * product chosen in the panel is a click event carrying the panel search's queryID; and the panel's searches
 * are tagged so that the merchant's reports (segment `lang:en OR lang:fr`) count what shoppers searched, not
 * each keystroke.
 */

interface ListedEvent {
  readonly eventType: string;
  readonly event: {
    readonly eventName?: string;
    readonly queryID?: string;
    readonly objectIDs?: string[];
    readonly positions?: number[];
  };
}

const storedEvents = (index: string) => listStoredEvents<ListedEvent>(index);

/** The merchant's top searches of today, as the analytics page asks for them. */
async function shopperSearches(): Promise<string[]> {
  const { url, adminHeaders: headers } = searchService();
  const tags = encodeURIComponent('lang:en OR lang:fr');
  const response = await fetch(`${url}/2/searches?index=products&limit=1000&tags=${tags}`, {
    headers,
  });
  if (!response.ok) throw new Error(`GET /2/searches: HTTP ${response.status}`);
  const { searches } = (await response.json()) as { searches: { search: string }[] };
  return searches.map((entry) => entry.search);
}

async function acceptAnalytics(page: Page) {
  await page
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: 'Accept' })
    .click();
}

/** Focuses the header's field, types `text` and waits for the panel's options. */
async function typeInHeader(page: Page, text: string) {
  await page.locator('header input[type="search"]').click();
  await expect(page.locator('.aa-Input')).toBeFocused();
  await page.keyboard.type(text, { delay: 30 });
  await expect(page.locator('.aa-Input')).toHaveValue(text);
  await expect(page.locator('.aa-Panel').getByRole('option').first()).toBeVisible();
}

test.beforeAll(async () => {
  await waitForSuggestions();
});

test.describe('autocomplete analytics', () => {
  test('with consent, a product chosen in the panel is a click with the queryID of the panel search', async ({
    page,
  }) => {
    await page.goto('/');
    await acceptAnalytics(page);
    await typeInHeader(page, 'jacke');
    const product = page
      .locator('.aa-Panel .aa-Source', { has: page.getByText('Products', { exact: true }) })
      .getByRole('option')
      .first();
    await expect(product).toBeVisible();
    const before = (await storedEvents('products')).length;
    await product.click();
    await expect(page).toHaveURL(/\/product\//);
    await expect
      .poll(async () => (await storedEvents('products')).length, { timeout: 10_000 })
      .toBeGreaterThan(before);
    const click = (await storedEvents('products')).find(
      (event) => event.eventType === 'click' && event.event.queryID !== undefined,
    );
    expect(click?.event.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(click?.event.positions?.[0]).toBeGreaterThan(0);
  });

  test('with consent, a suggestion chosen by keyboard is a click on the suggestions index', async ({
    page,
  }) => {
    await page.goto('/');
    await acceptAnalytics(page);
    await typeInHeader(page, 'jacke');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect
      .poll(async () =>
        (await storedEvents('products_query_suggestions_en')).some(
          (event) =>
            event.eventType === 'click' && /^[0-9a-f]{32}$/.test(event.event.queryID ?? ''),
        ),
      )
      .toBe(true);
  });

  test("the panel's keystrokes are not the merchant's top searches; a listing search is", async ({
    page,
  }) => {
    await page.goto('/');
    await typeInHeader(page, 'pullov');
    await page.keyboard.press('Escape');
    await page.goto('/search?q=waterproof');
    await expect(page.locator('main [data-ready]')).toBeAttached();
    await expect.poll(shopperSearches, { timeout: 15_000 }).toContain('waterproof');
    const searches = await shopperSearches();
    // From the third letter on (one or two letters may be other searches typed in a listing).
    for (const keystroke of ['pul', 'pull', 'pullo', 'pullov']) {
      expect(searches).not.toContain(keystroke);
    }
  });
});
