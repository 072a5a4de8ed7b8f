import { expect, test } from '@playwright/test';
import { holdScripts } from './support/interactive.ts';
import { SearchPage } from './support/search-page.ts';

/**
 * The server's HTML is on screen before the page's scripts are even requested (decision 0011), and the page
 * still becomes interactive: the search field searches as you type once the listing has loaded.
 */
test.describe('scripts after the first paint', () => {
  test('the HTML names no script file for the browser to fetch before it paints', async ({
    request,
  }) => {
    const html = await (await request.get('/search?q=jacket')).text();
    expect(html).not.toMatch(/<script[^>]+src="\/_next\//);
    // The chunks are named in the loader, in Next's order, the framework's runtime among them.
    expect(html).toMatch(/PerformanceObserver[^<]+\/_next\/static\/chunks\/turbopack-[^"]+\.js/);
  });

  test('a page that arrives slowly runs its scripts once it is parsed, even when they are cached', async ({
    page,
    context,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // A first visit puts the scripts in the browser's cache: the next page finds them at once.
    await page.goto('/search?q=jacket');
    await expect(page.locator('html[data-interactive]')).toBeAttached();
    // Then the document trickles in (~16 kB/s): the browser paints what it has before the body's end, where
    // Next's data and the rest of the page are.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 16 * 1024,
      uploadThroughput: 64 * 1024,
    });
    await page.goto('/recherche?q=veste', { waitUntil: 'commit' });
    await expect(page.locator('html[data-interactive]')).toBeAttached({ timeout: 30_000 });
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      parsed: performance.getEntriesByType('navigation')[0]?.toJSON().domInteractive ?? null,
    }));
    // The case this test is about: a paint before the document was parsed.
    expect(timing.paint).toBeLessThan(timing.parsed ?? Number.NaN);
    expect(errors).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('a button clicked before the page is interactive does its job once it is', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/fr', { waitUntil: 'commit' });
    const banner = page.getByRole('region', { name: 'Consentement aux cookies' });
    await banner.getByRole('button', { name: 'Refuser' }).click();
    await expect(page.locator('html[data-interactive]')).not.toBeAttached();
    release();
    await expect(banner).toBeHidden();
    const consent = (await page.context().cookies()).find((c) => c.name === 'vitrine_consent');
    expect(consent?.value).toBe('refused');
  });

  test('a listing button clicked before the listing is live opens what it opens', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdScripts(page);
    await page.goto('/search?q=jacket', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.locator('main [data-ready]')).not.toBeAttached();
    release();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  });

  for (const { locale, path, query } of [
    { locale: 'en', path: '/search?q=jacket', query: 'pants' },
    { locale: 'fr', path: '/recherche?q=veste', query: 'pantalon' },
  ] as const) {
    test(`${path}: every script starts after the first contentful paint, then the page searches as you type`, async ({
      page,
    }) => {
      const search = new SearchPage(page, locale);
      await search.goto(path);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ name: entry.name, start: entry.startTime })),
      }));
      expect(timing.paint).not.toBeNull();
      expect(timing.scripts.length).toBeGreaterThan(3);
      for (const script of timing.scripts) {
        expect(script.start, script.name).toBeGreaterThanOrEqual(timing.paint ?? Number.NaN);
      }
      await expect(page.locator('html[data-interactive]')).toBeAttached();
      await search.searchBox.fill(query);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${query}(&|$)`));
      await expect(search.hits.first()).toContainText(new RegExp(query.slice(0, 4), 'i'));
    });
  }
});
