import { expect, type Page, test } from '@playwright/test';
import {
  previewIds,
  previewItems,
  signInAsMerchant,
  utcMinute,
} from './support/merchant-console.ts';
import { SearchPage } from './support/search-page.ts';
import { clearRules } from './support/search-service.ts';

/** Opens a new rule for a search and waits for the preview of its results. */
async function newRuleFor(page: Page, query: string): Promise<void> {
  await page.goto('/admin/merchandising');
  await page.getByRole('button', { name: 'New rule' }).click();
  await page.getByLabel('Search text').fill(query);
  await expect(previewItems(page).first()).toBeVisible();
}

/** Moves the preview's second card up with its button, and waits until the preview shows it first. */
async function moveSecondToFirst(page: Page, objectID: string): Promise<void> {
  await page
    .locator(`li[data-id="${objectID}"]`)
    .getByRole('button', { name: /^Move .* up$/ })
    .click();
  await expect.poll(async () => (await previewIds(page))[0]).toBe(objectID);
}

async function saveRule(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save the rule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rule saved' })).toBeVisible();
}

/** The shop's results for a search, as a shopper loads them. */
async function shopperHits(page: Page, path: string, locale: 'en' | 'fr'): Promise<string[]> {
  const search = new SearchPage(page, locale);
  await search.goto(path);
  return search.hitIds();
}

test.describe.configure({ mode: 'serial' });
// The rules made here (pins, hides, banners, a redirect) must not reach the specs that run after this one.
test.afterAll(clearRules);

test.describe('merchandising in the merchant console', () => {
  test('is behind the merchant session, pages and API alike', async ({ page }) => {
    await page.goto('/admin/merchandising');
    await expect(page).toHaveURL(/\/admin\/login$/);
    for (const path of ['/api/admin/rules', '/api/admin/synonyms', '/api/admin/synonyms/export']) {
      const answer = await page.request.get(path);
      expect(answer.status(), path).toBe(401);
      expect(await answer.json()).toMatchObject({ status: 401 });
    }
    const forged = await page.request.post('/api/admin/rules', {
      data: { trigger: { kind: 'query', query: 'jacket' }, hidden: ['MJ01-Black'] },
    });
    expect(forged.status()).toBe(401);
  });

  test('pins a product first for "jacket" with the keyboard alone, seen on /search and /recherche', async ({
    page,
  }) => {
    await signInAsMerchant(page);
    await newRuleFor(page, 'jacket');
    const before = await previewIds(page);
    const chosen = before[2] ?? '';
    expect(chosen).not.toBe('');
    // Keyboard only: focus the card's "Move … up" button and press Enter, twice.
    for (const expected of [1, 0]) {
      const item = page.locator(`li[data-id="${chosen}"]`);
      await item.getByRole('button', { name: /^Move .* up$/ }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await previewIds(page)).indexOf(chosen)).toBe(expected);
    }
    await expect(page.locator(`li[data-id="${chosen}"]`)).toContainText('Pinned');
    await saveRule(page);

    expect((await shopperHits(page, '/search?q=jacket', 'en'))[0]).toBe(chosen);
    const french = await shopperHits(page, '/recherche?q=jacket', 'fr');
    expect(french[0]).toBe(chosen);
    // Shown once: its other colours do not come back further down.
    const product = chosen.split('-')[0] ?? chosen;
    expect(french.filter((id) => id.startsWith(`${product}-`))).toHaveLength(1);
  });

  test('hides a product for "jacket": shoppers no longer see it', async ({ page }) => {
    await signInAsMerchant(page);
    const shown = await shopperHits(page, '/search?q=jacket', 'en');
    const hidden = shown[1] ?? '';
    await page.goto('/admin/merchandising');
    await page
      .getByRole('button', { name: /^Edit When the search/ })
      .first()
      .click();
    await expect(page.locator(`li[data-id="${hidden}"]`)).toBeVisible();
    await page
      .locator(`li[data-id="${hidden}"]`)
      .getByRole('button', { name: /^Hide / })
      .click();
    await expect.poll(() => previewIds(page)).not.toContain(hidden);
    await saveRule(page);
    const product = hidden.split('-')[0] ?? hidden;
    for (const [path, locale] of [
      ['/search?q=jacket', 'en'],
      ['/recherche?q=jacket', 'fr'],
    ] as const) {
      const ids = await shopperHits(page, path, locale);
      expect(ids.some((id) => id.startsWith(`${product}-`))).toBe(false);
    }
    // The rule list says what the rule does, in words.
    await page.goto('/admin/merchandising');
    const rule = page.locator('li[data-rule^="console-"]').first();
    await expect(rule).toContainText('When the search is “jacket”');
    await expect(rule).toContainText(/pins .+ at position 1/);
    await expect(rule).toContainText(/hides /);
  });

  test('shows a banner in both languages while its dates apply', async ({ page }) => {
    await signInAsMerchant(page);
    await newRuleFor(page, 'hoodie');
    await page.getByRole('button', { name: 'Add a banner' }).click();
    await page
      .getByLabel('Title (EN)', { exact: true })
      .fill('Hoodie week <script>alert(1)</script>');
    await page.getByLabel('Text (EN)', { exact: true }).fill('Every hoodie, every colour.');
    await page.getByLabel('Title (FR)', { exact: true }).fill('Semaine du sweat');
    await page
      .getByLabel('Text (FR)', { exact: true })
      .fill('Tous les sweats, toutes les couleurs.');
    await page.getByLabel('Link (https:// or a path of the shop)').fill('/category/men/tops');
    await page.getByLabel('From', { exact: true }).fill(utcMinute(-1));
    await page.getByLabel('Until', { exact: true }).fill(utcMinute(1));
    await expect(page.getByTestId('preview-frame')).toContainText('Hoodie week');
    await saveRule(page);

    const english = new SearchPage(page, 'en');
    await english.goto('/search?q=hoodie');
    const banner = page.getByRole('complementary').filter({ hasText: 'Hoodie week' });
    await expect(banner).toContainText('Hoodie week <script>alert(1)</script>');
    await expect(banner.getByRole('link')).toHaveAttribute('href', '/category/men/tops');
    const french = new SearchPage(page, 'fr');
    await french.goto('/recherche?q=hoodie');
    const banniere = page.getByRole('complementary').filter({ hasText: 'Semaine du sweat' });
    await expect(banniere).toContainText('Tous les sweats, toutes les couleurs.');
    await expect(banniere.getByRole('link')).toHaveAttribute('href', '/categorie/homme/hauts');

    // Dates that have passed: the banner is gone.
    await page.goto('/admin/merchandising');
    await page
      .locator('li[data-rule]')
      .filter({ hasText: 'Hoodie week' })
      .getByRole('button', { name: /^Edit / })
      .click();
    await page.getByLabel('From', { exact: true }).fill(utcMinute(-3));
    await page.getByLabel('Until', { exact: true }).fill(utcMinute(-2));
    await saveRule(page);
    await english.goto('/search?q=hoodie');
    await expect(page.getByText('Hoodie week')).toHaveCount(0);
  });

  test('the preview says when a rule with dates to come applies, and shows the shop now on request', async ({
    page,
  }) => {
    await signInAsMerchant(page);
    await newRuleFor(page, 'hoodie');
    await page.getByRole('button', { name: 'Add a banner' }).click();
    await page.getByLabel('Title (EN)', { exact: true }).fill('Next week only');
    const [from, until] = [utcMinute(7), utcMinute(8)];
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('Until', { exact: true }).fill(until);
    const frame = page.getByTestId('preview-frame');
    await expect(frame).toContainText('Next week only');
    await expect(page.getByTestId('preview-timing')).toContainText(
      `Not active yet: shoppers will see this rule from ${from.replace('T', ' ')}`,
    );
    await page.getByRole('radio', { name: 'Now, once saved' }).check();
    await expect(page.getByTestId('preview-timing')).toContainText('without this rule');
    await expect(frame).not.toContainText('Next week only');
    await page.getByRole('radio', { name: 'While the rule applies' }).check();
    await expect(frame).toContainText('Next week only');
  });

  test('refuses a banner link that is not https:// or a path of the shop, saying why', async ({
    page,
  }) => {
    await signInAsMerchant(page);
    await newRuleFor(page, 'bag');
    await page.getByRole('button', { name: 'Add a banner' }).click();
    await page.getByLabel('Title (EN)', { exact: true }).fill('Bags');
    await page.getByLabel('Link (https:// or a path of the shop)').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save the rule' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
      'banner.link: give an https:// address or a path of the shop',
    );
  });

  test('drags a product onto the first place with the mouse', async ({ page }) => {
    // Both cards on screen: a mouse drags only what it can reach.
    await page.setViewportSize({ width: 1280, height: 2000 });
    await signInAsMerchant(page);
    await newRuleFor(page, 'hoodie');
    const before = await previewIds(page);
    const chosen = before[3] ?? '';
    // A mouse drag as a merchant makes it: press on the card's handle, move a little, then onto the first card.
    const from = await page.locator(`li[data-id="${chosen}"] [data-drag-handle]`).boundingBox();
    const to = await page.locator(`li[data-id="${before[0]}"]`).boundingBox();
    if (!from || !to) throw new Error('the preview cards are not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10);
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await previewIds(page))[0]).toBe(chosen);
  });

  test('pins a product on a category page, seen on its English and French addresses', async ({
    page,
  }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/merchandising');
    await page.getByRole('button', { name: 'New rule' }).click();
    await page.getByRole('radio', { name: 'A category page' }).check();
    await page.getByLabel('Category (e.g. Men > Tops > Jackets)').fill('Men > Tops > Jackets');
    await expect(previewItems(page).first()).toBeVisible();
    const before = await previewIds(page);
    const chosen = before[1] ?? '';
    await moveSecondToFirst(page, chosen);
    await saveRule(page);
    expect((await shopperHits(page, '/category/men/tops/jackets', 'en'))[0]).toBe(chosen);
    expect((await shopperHits(page, '/categorie/homme/hauts/vestes', 'fr'))[0]).toBe(chosen);
  });

  test('buries the products on sale for "jacket" in the preview', async ({ page }) => {
    await signInAsMerchant(page);
    await newRuleFor(page, 'jacket');
    // The position of the first card with the "Sale" badge.
    const firstOnSale = () =>
      previewItems(page).evaluateAll((items) =>
        items.findIndex((item) =>
          Array.from(item.querySelectorAll('span')).some((badge) => badge.textContent === 'Sale'),
        ),
      );
    const before = await firstOnSale();
    expect(before).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: 'Add a bury' }).click();
    await page.getByLabel('Attribute').selectOption('sale');
    await page.getByLabel('Value').fill('true');
    await expect.poll(firstOnSale).toBeGreaterThan(before);
  });

  test('turns a rule off, then deletes it after asking', async ({ page }) => {
    await signInAsMerchant(page);
    const shown = await shopperHits(page, '/search?q=backpack', 'en');
    const chosen = shown[1] ?? '';
    await newRuleFor(page, 'backpack');
    await moveSecondToFirst(page, chosen);
    await saveRule(page);
    expect((await shopperHits(page, '/search?q=backpack', 'en'))[0]).toBe(chosen);

    await page.goto('/admin/merchandising');
    const rule = page.locator('li[data-rule]').filter({ hasText: '“backpack”' });
    await rule.getByRole('button', { name: /^Disable / }).click();
    await expect(rule).toContainText('Disabled');
    expect((await shopperHits(page, '/search?q=backpack', 'en'))[0]).toBe(shown[0]);

    await page.goto('/admin/merchandising');
    await rule.getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('This cannot be undone');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted.' })).toBeVisible();
    await expect(rule).toHaveCount(0);
  });

  test('sends a submitted search to the redirect a rule names', async ({ page }) => {
    await signInAsMerchant(page);
    await newRuleFor(page, 'duffle');
    await page.getByLabel('Redirect (https:// or a path of the shop)').fill('/cart');
    await saveRule(page);
    await page.goto('/search?q=duffle');
    await expect(page).toHaveURL(/\/cart$/);
    await page.goto('/recherche?q=duffle');
    await expect(page).toHaveURL(/\/cart$/);
  });
});
