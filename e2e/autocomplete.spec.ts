import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { waitForSuggestions } from './support/suggestions.ts';

/**
 * The header's autocomplete, as a shopper uses it: keyboard only on a desktop, touch on a phone, in both
 * languages; and the plain form without JavaScript. Suggestions come from the suggestions index of the page's
 * language, which the search service builds (seeded from the catalogue on a new shop).
 */

const languages = [
  {
    locale: 'en',
    home: '/',
    typed: 'jacke',
    searchPath: '/search',
    productPath: '/product/',
    scope: /\bin [A-Z]/,
    recentTitle: 'Recent searches',
    productsTitle: 'Products',
    consentRegion: 'Cookie consent',
    accept: 'Accept',
  },
  {
    locale: 'fr',
    home: '/fr',
    typed: 'veste',
    searchPath: '/recherche',
    productPath: '/produit/',
    scope: /\bdans [A-ZÉ]/,
    recentTitle: 'Recherches récentes',
    productsTitle: 'Produits',
    consentRegion: 'Consentement aux cookies',
    accept: 'Accepter',
  },
] as const;

/** Tabs from the top of the page to the header's search field (the skip link, the menu and the logo first). */
async function tabToSearch(page: Page): Promise<Locator> {
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('type'));
    if (focused === 'search')
      return page.locator('header input[type="search"]:focus, .aa-Input:focus');
  }
  throw new Error('Tab never reached the header search field');
}

/** The panel's listbox options, once the autocomplete has taken the plain field's place. */
function options(page: Page): Locator {
  return page.locator('.aa-Panel').getByRole('option');
}

/** The section of the panel whose title is `title`. */
function section(page: Page, title: string): Locator {
  return page.locator('.aa-Panel .aa-Source', { has: page.getByText(title, { exact: true }) });
}

/**
 * Presses ArrowDown until the active option is a query suggestion whose text matches `name` (categories and
 * products are options too); returns its text.
 */
async function arrowTo(page: Page, name: RegExp): Promise<string> {
  const input = page.locator('.aa-Input');
  for (let step = 0; step < 20; step++) {
    const before = await input.getAttribute('aria-activedescendant');
    await page.keyboard.press('ArrowDown');
    // The option the key made active (not the one before it, still shown until the panel re-renders).
    await expect(input).not.toHaveAttribute('aria-activedescendant', before ?? '');
    const id = await input.getAttribute('aria-activedescendant');
    // The options' ids name their source: `autocomplete-0-querySuggestionsPlugin-item-2`.
    if (!id?.includes('-querySuggestionsPlugin-')) continue;
    const active = page.locator(`[id="${id}"]`);
    await expect(active).toHaveAttribute('aria-selected', 'true');
    const text = ((await active.textContent()) ?? '').trim();
    if (name.test(text)) return text;
  }
  throw new Error(`no option matching ${name}`);
}

/** Types `text` into the focused field and waits for the panel's suggestions. */
async function typeAndWait(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 30 });
  await expect(page.locator('.aa-Input')).toHaveValue(text);
  // The items of this query, not of one typed on the way (`data-query` is set once they are in).
  await expect(page.locator('.aa-Panel [data-query]')).toHaveAttribute('data-query', text);
  await expect(options(page).first()).toBeVisible();
}

/** axe's serious and critical findings on the page as it is (panel open), as `rule: first element`. */
async function severeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

test.beforeAll(async () => {
  await waitForSuggestions();
});

for (const language of languages) {
  test.describe(`header autocomplete (${language.locale}, desktop, keyboard)`, () => {
    test('a suggestion chosen with the arrows and Enter opens its search', async ({ page }) => {
      await page.goto(language.home);
      await tabToSearch(page);
      await typeAndWait(page, language.typed);
      await expect(page.locator('.aa-Input')).toBeFocused();
      await expect(page.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
      // A plain suggestion: one scoped to a category ("… in Jackets (Women)") opens another address (next test).
      const chosen = await arrowTo(page, new RegExp(`^(?!.*${language.scope.source})[^\\n]+$`));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(
        new RegExp(
          `${language.searchPath}\\?q=${encodeURIComponent(chosen).replace(/%20/g, '(\\+|%20)')}`,
        ),
      );
    });

    test('Esc closes the panel and keeps the typed words', async ({ page }) => {
      await page.goto(language.home);
      await tabToSearch(page);
      await typeAndWait(page, language.typed);
      await page.keyboard.press('Escape');
      await expect(page.locator('.aa-Panel')).toHaveCount(0);
      await expect(page.locator('.aa-Input')).toHaveValue(language.typed);
      await expect(page.locator('.aa-Input')).toBeFocused();
    });

    test('accepting cookies after typing keeps the typed words', async ({ page }) => {
      // The consent changes how the autocomplete searches (click analytics): it is set up anew, with the
      // field as the shopper left it.
      await page.goto(language.home);
      await tabToSearch(page);
      await typeAndWait(page, language.typed);
      const banner = page.getByRole('region', { name: language.consentRegion });
      await banner.getByRole('button', { name: language.accept }).click();
      await expect(banner).toBeHidden();
      await expect(page.locator('.aa-Input')).toHaveValue(language.typed);
      await page.locator('.aa-Input').press('Enter');
      await expect(page).toHaveURL(new RegExp(`${language.searchPath}\\?q=${language.typed}(&|$)`));
    });

    test('Tab leaves the field and closes the panel', async ({ page }) => {
      await page.goto(language.home);
      await tabToSearch(page);
      await typeAndWait(page, language.typed);
      await page.keyboard.press('Tab');
      await expect(page.locator('.aa-Panel')).toHaveCount(0);
      await expect(page.locator('.aa-Input')).not.toBeFocused();
    });

    test('a suggestion scoped to a category opens the search in that category', async ({
      page,
    }) => {
      await page.goto(language.home);
      await tabToSearch(page);
      await typeAndWait(page, language.typed);
      await arrowTo(page, language.scope);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(
        new RegExp(`${language.searchPath}\\?q=[^&]+&category=[a-z-]+/`),
      );
    });

    test('a product opens its page', async ({ page }) => {
      await page.goto(language.home);
      await tabToSearch(page);
      await typeAndWait(page, language.typed);
      await expect(section(page, language.productsTitle).getByRole('option').first()).toBeVisible();
      const product = section(page, language.productsTitle).getByRole('option').first();
      // The option reads "Juno Jacket €77.00" / "Veste Juno 77,00 €": its name is before the price.
      const name = ((await product.textContent()) ?? '').replace(
        /\s*(€\s?[\d.,]+|[\d.,]+\s?€)\s*$/,
        '',
      );
      // Arrow to the first product (after the suggestions and categories, as the panel shows them).
      const productId = await product.getAttribute('id');
      const input = page.locator('.aa-Input');
      for (let step = 0; step < 20; step++) {
        const before = await input.getAttribute('aria-activedescendant');
        await page.keyboard.press('ArrowDown');
        await expect(input).not.toHaveAttribute('aria-activedescendant', before ?? '');
        if ((await input.getAttribute('aria-activedescendant')) === productId) break;
      }
      await expect(product).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(language.productPath));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    });

    test('a search made from the field comes back as a recent search', async ({ page }) => {
      await page.goto(language.home);
      await tabToSearch(page);
      // Once the page's scripts run (a form submitted before them is the browser's own: nothing is kept).
      await expect(page.locator('.aa-Input')).toBeFocused();
      await page.keyboard.type(language.typed);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${language.searchPath}\\?q=${language.typed}`));
      await page.goto(language.home);
      await tabToSearch(page);
      const recent = section(page, language.recentTitle);
      await expect(recent.getByRole('option', { name: language.typed })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${language.searchPath}\\?q=${language.typed}`));
    });

    test('axe finds no serious or critical violation with the panel open', async ({ page }) => {
      await page.goto(language.home);
      await tabToSearch(page);
      await typeAndWait(page, language.typed);
      await page.keyboard.press('ArrowDown');
      expect(await severeViolations(page)).toEqual([]);
    });
  });

  test.describe(`header autocomplete (${language.locale}, phone, touch)`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('opens full-screen on a tap and a tapped suggestion opens its search', async ({
      page,
    }) => {
      await page.goto(language.home);
      await page.locator('header input[type="search"]').tap();
      const detached = page.locator('.aa-DetachedContainer');
      await expect(detached).toBeVisible();
      const box = await detached.boundingBox();
      expect(box?.width).toBe(390);
      expect(box?.height).toBeGreaterThan(800);
      await expect(page.locator('.aa-DetachedContainer .aa-Input')).toBeFocused();
      await typeAndWait(page, language.typed);
      const first = options(page).first();
      const text = ((await first.textContent()) ?? '').trim();
      await first.tap();
      await expect(page).toHaveURL(
        new RegExp(
          `${language.searchPath}\\?q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`,
        ),
      );
    });

    test('axe finds no serious or critical violation with the full-screen panel open', async ({
      page,
    }) => {
      await page.goto(language.home);
      await page.locator('header input[type="search"]').tap();
      await expect(page.locator('.aa-DetachedContainer')).toBeVisible();
      await typeAndWait(page, language.typed);
      expect(await severeViolations(page)).toEqual([]);
    });
  });

  test.describe(`header search without JavaScript (${language.locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test('the form still submits to the search page of the language', async ({ page }) => {
      await page.goto(language.home);
      const field = page.locator('header input[type="search"]');
      await field.fill(language.typed);
      await field.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${language.searchPath}\\?q=${language.typed}`));
      await expect(page.locator('main').getByRole('link').first()).toBeVisible();
    });
  });
}
