import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { waitForInteractive } from './support/interactive.ts';

const labels = {
  en: {
    path: '/',
    region: 'Cookie consent',
    accept: 'Accept',
    refuse: 'Refuse',
    preferences: 'Cookie preferences',
  },
  fr: {
    path: '/fr',
    region: 'Consentement aux cookies',
    accept: 'Accepter',
    refuse: 'Refuser',
    preferences: 'Préférences cookies',
  },
} as const;

const day = 24 * 60 * 60;

async function cookieNamed(context: BrowserContext, name: string) {
  return (await context.cookies()).find((cookie) => cookie.name === name);
}

/** The link of the first search result's card. */
function firstHitLink(page: Page) {
  return page.locator('#search-results ol > li[data-id]').first().getByRole('link').first();
}

/** The keys of the tab's session and local storage, sorted. */
async function tabStorage(page: Page): Promise<{ session: string[]; local: string[] }> {
  return page.evaluate(() => ({
    session: Object.keys(sessionStorage).sort(),
    local: Object.keys(localStorage).sort(),
  }));
}

/** Goes to a search page, where the insights client runs, and waits until it is interactive. */
async function openSearch(page: Page, path: string) {
  await page.goto(path);
  await waitForInteractive(page);
}

for (const locale of ['en', 'fr'] as const) {
  const text = labels[locale];

  test(`no analytics cookie before a choice; "accept" writes _ALGOLIA for 180 days, SameSite=Lax (${locale})`, async ({
    page,
    context,
  }) => {
    await openSearch(page, `${locale === 'en' ? '/search' : '/recherche'}?q=jacket`);
    const banner = page.getByRole('region', { name: text.region });
    await expect(banner).toBeVisible();
    const accept = banner.getByRole('button', { name: text.accept });
    const refuse = banner.getByRole('button', { name: text.refuse });
    // Equal prominence: same size and look.
    const [acceptBox, refuseBox] = [await accept.boundingBox(), await refuse.boundingBox()];
    expect(acceptBox?.height).toBe(refuseBox?.height);
    expect(await accept.evaluate((element) => element.className)).toBe(
      await refuse.evaluate((element) => element.className),
    );
    // The banner is not a modal: the page behind it still works; it sits at the window's bottom, off the header.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
    const [header, region] = [
      await page.getByRole('banner').boundingBox(),
      await banner.boundingBox(),
    ];
    const viewport = page.viewportSize();
    expect(header?.y).toBe(0);
    expect((region?.y ?? 0) + (region?.height ?? 0)).toBeCloseTo(viewport?.height ?? 0, 0);
    expect(region?.y).toBeGreaterThan((header?.y ?? 0) + (header?.height ?? 0));
    expect(await cookieNamed(context, '_ALGOLIA')).toBeUndefined();
    const { violations } = await new AxeBuilder({ page })
      .include(`section[aria-label="${text.region}"]`)
      .analyze();
    expect(
      violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
        .map((violation) => violation.id),
    ).toEqual([]);

    await accept.click();
    await expect(banner).toBeHidden();
    const cookie = await cookieNamed(context, '_ALGOLIA');
    expect(cookie?.value).toMatch(/^anonymous-[0-9a-f-]{36}$/);
    expect(cookie?.sameSite).toBe('Lax');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(179 * day);
    expect(lifetime).toBeLessThan(181 * day);
    const choice = await cookieNamed(context, 'vitrine_consent');
    expect(choice?.value).toBe('accepted');

    // The choice holds on the next page, and the token is the same one.
    await openSearch(page, text.path);
    await expect(page.getByRole('region', { name: text.region })).toHaveCount(0);
    expect((await cookieNamed(context, '_ALGOLIA'))?.value).toBe(cookie?.value);
  });

  test(`"refuse" writes no analytics cookie, and the footer reopens the choice (${locale})`, async ({
    page,
    context,
  }) => {
    await openSearch(page, `${locale === 'en' ? '/search' : '/recherche'}?q=jacket`);
    const banner = page.getByRole('region', { name: text.region });
    await banner.getByRole('button', { name: text.refuse }).click();
    await expect(banner).toBeHidden();
    expect(await cookieNamed(context, '_ALGOLIA')).toBeUndefined();
    expect((await cookieNamed(context, 'vitrine_consent'))?.value).toBe('refused');
    // Searching still works after a refusal, and still writes nothing.
    await page.reload();
    await waitForInteractive(page);
    await expect(banner).toHaveCount(0);
    expect(await cookieNamed(context, '_ALGOLIA')).toBeUndefined();

    // Changing one's mind from the footer: the banner comes back with the focus, "accept" then writes the cookie…
    await page.getByRole('contentinfo').getByRole('button', { name: text.preferences }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: text.accept })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    expect(await cookieNamed(context, '_ALGOLIA')).toBeDefined();
    // …and "refuse" deletes it again.
    await page.getByRole('contentinfo').getByRole('button', { name: text.preferences }).click();
    await banner.getByRole('button', { name: text.refuse }).click();
    expect(await cookieNamed(context, '_ALGOLIA')).toBeUndefined();
    expect((await cookieNamed(context, 'vitrine_consent'))?.value).toBe('refused');
  });

  test(`the tab keeps nothing for analytics before a choice, and forgets it on "refuse" after "accept" (${locale})`, async ({
    page,
  }) => {
    const searchPath = `${locale === 'en' ? '/search' : '/recherche'}?q=jacket`;
    await openSearch(page, searchPath);
    const banner = page.getByRole('region', { name: text.region });
    // Before a choice: a search and a product opened from it leave nothing in the tab's storage.
    await firstHitLink(page).click();
    await waitForInteractive(page);
    expect(await tabStorage(page)).toEqual({ session: [], local: [] });

    await banner.getByRole('button', { name: text.accept }).click();
    await expect(banner).toBeHidden();
    // Accepted: InstantSearch's usage session id, and the search a product was opened from.
    await openSearch(page, searchPath);
    await expect
      .poll(async () => (await tabStorage(page)).session)
      .toContain('ais.usage.sessionId');
    await firstHitLink(page).click();
    await waitForInteractive(page);
    const accepted = (await tabStorage(page)).session;
    expect(accepted.some((key) => key.startsWith('vitrine.queryID.'))).toBe(true);

    await page.getByRole('contentinfo').getByRole('button', { name: text.preferences }).click();
    await banner.getByRole('button', { name: text.refuse }).click();
    await expect(banner).toBeHidden();
    expect(await tabStorage(page)).toEqual({ session: [], local: [] });
    // Searching after the refusal stores nothing again.
    await openSearch(page, searchPath);
    expect(await tabStorage(page)).toEqual({ session: [], local: [] });
  });

  test(`a choice made with the keyboard leaves the focus on the page (${locale})`, async ({
    page,
  }) => {
    await openSearch(page, text.path);
    const banner = page.getByRole('region', { name: text.region });
    // First visit: the banner is last in the page, so Shift+Tab from the top reaches "Refuse".
    await page.keyboard.press('Shift+Tab');
    await expect(banner.getByRole('button', { name: text.refuse })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect(page.locator('main#main')).toBeFocused();
    // Reopened from the footer: the choice gives the focus back to "Cookie preferences".
    const preferences = page
      .getByRole('contentinfo')
      .getByRole('button', { name: text.preferences });
    await preferences.focus();
    await page.keyboard.press('Enter');
    await expect(banner.getByRole('button', { name: text.accept })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect(preferences).toBeFocused();
    // And once more, with Tab to "Refuse".
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: text.refuse })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(banner).toBeHidden();
    await expect(preferences).toBeFocused();
  });
}
