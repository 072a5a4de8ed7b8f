import { expect, test } from '@playwright/test';
import { loggedSearch } from './support/search-service.ts';

/**
 * The merchant's analytics count what shoppers search: one server-rendered results page is one search (the
 * server searches once, every facet at once: `every-facet-context.ts`), and the "search for … instead" offer
 * of a no-results page is not a search of the shopper's.
 */
test.describe('searches counted in the merchant analytics', () => {
  test('a results page loaded in either language counts once', async ({ request }) => {
    const query = 'overnight duffle';
    const before = await loggedSearch(query);
    expect((await request.get(`/search?q=${encodeURIComponent(query)}`)).status()).toBe(200);
    await expect.poll(async () => (await loggedSearch(query)).count).toBe(before.count + 1);
    expect((await request.get(`/recherche?q=${encodeURIComponent(query)}`)).status()).toBe(200);
    await expect.poll(async () => (await loggedSearch(query)).count).toBe(before.count + 2);
    expect((await loggedSearch(query)).nbHits).toBeGreaterThan(0);
  });

  test('a search without results counts once, with no results, whatever the page offers instead', async ({
    request,
  }) => {
    const query = `duffle zqxw${Date.now().toString(36)}`;
    const page = await request.get(`/search?q=${encodeURIComponent(query)}`);
    expect(page.status()).toBe(200);
    // The page offers the results of "duffle" (the relaxed search) …
    expect(await page.text()).toContain('Duffle');
    // … but the shopper's search is the one counted, once, with its 0 results.
    await expect.poll(async () => (await loggedSearch(query)).count).toBe(1);
    expect(await loggedSearch(query)).toEqual({ count: 1, nbHits: 0 });
    // Counted by its text: a second load is a second search.
    await request.get(`/search?q=${encodeURIComponent(query)}`);
    await expect.poll(async () => (await loggedSearch(query)).count).toBe(2);
  });
});
