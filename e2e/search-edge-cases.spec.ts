import { expect, type Locator, type Page, test } from '@playwright/test';
import { priceFieldLanguages, SearchPage } from './support/search-page.ts';

/*
 * What a shopper-review pass found on the listings (issue #5): long accented queries, price fields out of
 * range or too narrow, the phone filter panel, the no-results page's width, and the search service going down.
 */

const languages = priceFieldLanguages;

/** 300 × "é": 300 characters (the field allows 512) but 600 bytes (the service allows 512). */
const longAccented = 'é'.repeat(300);
/** What the storefront searches for instead: 512 bytes of UTF-8. */
const fitted = 'é'.repeat(256);

for (const language of languages) {
  test.describe(`a long accented query (${language.locale})`, () => {
    test('is cut to what the search service accepts, in the address and in the field', async ({
      page,
    }) => {
      const errors = watchErrors(page);
      const response = await page.goto(`${language.path}?q=${longAccented}`);
      expect(response?.status()).toBe(200);
      const search = new SearchPage(page, language.locale);
      await expect(search.count).toHaveText(/^0 produ/);
      await expect(page.locator('main [data-ready]')).toBeAttached();
      await expect(search.searchBox).toHaveValue(fitted);
      // The address is rewritten to the query searched for.
      await search.expectAddress(new RegExp(`\\?q=${encodeURIComponent(fitted)}$`));
      await expectWithinViewport(page.getByRole('heading', { level: 1 }));
      await expectWithinViewport(page.getByRole('heading', { level: 2, name: /é{20}/ }));

      // Typed (here pasted) into the field: the field, the search and the address agree.
      await search.goto(language.path);
      expect(await search.resultCount()).toBeGreaterThan(0);
      await search.searchBox.fill(longAccented);
      await expect(search.searchBox).toHaveValue(fitted);
      await expect(search.count).toHaveText(/^0 produ/);
      await search.expectAddress(new RegExp(`\\?q=${encodeURIComponent(fitted)}$`));
      await expectWithinViewport(page.getByRole('heading', { level: 2, name: /é{20}/ }));
      expect(errors).toEqual([]);
    });
  });

  test.describe(`the price fields (${language.locale})`, () => {
    test('apply a value beyond the range as the range’s end, with no browser bubble', async ({
      page,
    }) => {
      const search = new SearchPage(page, language.locale);
      await search.goto(`${language.path}?q=jacket`);
      const form = search.filters.getByRole('form', { name: /Price|Prix/ });
      const min = form.getByRole('spinbutton', { name: language.min });
      const max = form.getByRole('spinbutton', { name: language.max });
      const highest = Number(await max.inputValue());
      expect(highest).toBeGreaterThan(50);

      await max.fill(String(highest + 400));
      // The slider's filled bar stays inside its track while the value is typed.
      await expectFillInsideTrack(form);
      await min.fill('50');
      await form.getByRole('button', { name: language.apply }).click();
      // The maximum is the range's end: only the minimum filters.
      await search.expectAddress(/price=50-(&|$)/);
      await expect(max).toHaveValue(String(highest));
      await expect(form.locator(':invalid')).toHaveCount(0);
      for (const price of await search.priceValues()) expect(price).toBeGreaterThanOrEqual(50);

      // A minimum above the maximum: the two are swapped.
      await min.fill('70');
      await max.fill('55');
      await max.press('Enter');
      await search.expectAddress(/price=55-70(&|$)/);
      await expect(min).toHaveValue('55');
      await expect(max).toHaveValue('70');
    });

    test('show four-digit prices whole beside the apply button', async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      const search = new SearchPage(page, language.locale);
      await search.goto(`${language.path}?q=jacket`);
      const form = search.filters.getByRole('form', { name: /Price|Prix/ });
      for (const name of [language.min, language.max]) {
        const field = form.getByRole('spinbutton', { name });
        await field.fill('1000');
        await field.focus();
        expect(await textRoom(field), name).toBeGreaterThanOrEqual(0);
      }
    });
  });
}

test.describe('the filter panel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const language of languages) {
    test(`keeps its buttons on one line and the swatches clear of their field (${language.locale})`, async ({
      page,
    }) => {
      const search = new SearchPage(page, language.locale);
      await search.goto(`${language.path}?q=jacket&size=M`);
      await page.getByRole('button', { name: /^(Filters|Filtres)/ }).click();
      const dialog = page.getByRole('dialog');
      const done = dialog.getByRole('button', { name: /^(See|Voir) \d+ produ/ });
      await expect(done).toBeVisible();
      expect(await textLines(done)).toBe(1);
      const field = dialog.getByRole('searchbox', { name: /colour|couleur/i });
      const swatches = dialog.locator('fieldset', {
        has: page.locator('legend', { hasText: /^(Colour|Couleur)$/ }),
      });
      const fieldBox = await field.boundingBox();
      const swatchesBox = await swatches.boundingBox();
      expect(
        swatchesBox && fieldBox && swatchesBox.y - (fieldBox.y + fieldBox.height),
      ).toBeGreaterThanOrEqual(6);
    });
  }
});

test.describe('no results and no filters on a wide screen', () => {
  for (const language of languages) {
    test(`use the page’s full width (${language.locale})`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      const search = new SearchPage(page, language.locale);
      await search.goto(`${language.path}?q=zzqxwvy`);
      await expect(search.count).toHaveText(/^0 produ/);
      await expect(search.filters).toBeHidden();
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      const results = await page.locator('#search-results').boundingBox();
      expect(results?.x).toBeCloseTo(heading?.x ?? -1, 0);
      // With a filter in force the filters stay, to take it off there.
      await search.goto(`${language.path}?q=zzqxwvy&color=Blue`);
      await expect(search.count).toHaveText(/^0 produ/);
      await expect(search.filters).toBeVisible();
    });
  }
});

test.describe('the search service going down while typing', () => {
  test('replaces the heading, the count and the filters with the error, with no uncaught error', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const errors = watchErrors(page);
    const search = new SearchPage(page);
    await search.goto('/search?q=watch');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “watch”');
    await expect(search.filters).toBeVisible();
    await page.route('**/1/indexes/*/queries**', (route) => route.abort());
    await search.searchBox.fill('bottle');
    const alert = page.getByRole('alert').filter({ hasText: 'Search is unavailable right now' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/watch/);
    await expect(page.getByRole('status').filter({ hasText: /\d+ products?/ })).toBeHidden();
    await expect(search.filters).toBeHidden();
    await expect(search.searchBox).toHaveValue('bottle');
    await page.unrouteAll();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “bottle”');
    await expect(search.filters).toBeVisible();
    expect(errors).toEqual([]);
  });
});

/** Uncaught errors of the page, and failed responses of the storefront itself. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

async function expectWithinViewport(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const overflow = await locator.evaluate(
    (element) => element.getBoundingClientRect().right - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The slider's filled bar (`::after`) lies within the slider's box. */
async function expectFillInsideTrack(form: Locator): Promise<void> {
  const sides = await form
    .locator('input[type="range"]')
    .first()
    .evaluate((input) => {
      const style = getComputedStyle(input.parentElement as Element, '::after');
      return { left: Number.parseFloat(style.left), right: Number.parseFloat(style.right) };
    });
  expect(sides.left).toBeGreaterThanOrEqual(0);
  expect(sides.right).toBeGreaterThanOrEqual(0);
}

/** Room left in a number field once its value and the browser's spin buttons (~15 px) are drawn. */
function textRoom(field: Locator): Promise<number> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const inner =
      input.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    return inner - 15 - context.measureText(input.value).width;
  });
}

/** How many lines a button's text takes. */
function textLines(button: Locator): Promise<number> {
  return button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return tops.size;
  });
}
