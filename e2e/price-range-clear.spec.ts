import { expect, test } from '@playwright/test';
import { priceFieldLanguages, SearchPage } from './support/search-page.ts';

/*
 * A price field can be emptied (select all, delete) and an empty field, once applied, is no bound on that
 * side: the field used to refuse being empty, putting back the old value on every keystroke.
 */

const languages = priceFieldLanguages;

for (const language of languages) {
  test(`an emptied price field removes its bound (${language.locale})`, async ({ page }) => {
    const search = new SearchPage(page, language.locale);
    await search.goto(`${language.path}?q=jacket`);
    const everything = await search.resultCount();
    const form = search.filters.getByRole('form', { name: /Price|Prix/ });
    const min = form.getByRole('spinbutton', { name: language.min });
    const max = form.getByRole('spinbutton', { name: language.max });
    const apply = form.getByRole('button', { name: language.apply });

    await min.fill('40');
    await max.fill('60');
    await apply.click();
    await search.expectAddress(/price=40-60(&|$)/);
    await search.settle();
    const between = await search.resultCount();
    expect(between).toBeLessThan(everything);

    // Select all and delete, as a shopper does: the field stays empty while typing.
    await max.click();
    await max.press('ControlOrMeta+a');
    await max.press('Backspace');
    await expect(max).toHaveValue('');
    await apply.click();
    await search.expectAddress(/price=40-(&|$)/);
    await search.settle();
    const fromForty = await search.resultCount();
    expect(fromForty).toBeGreaterThan(between);
    for (const price of await search.priceValues()) expect(price).toBeGreaterThanOrEqual(40);
    // Applied, the empty field shows the highest price of the results again, as before any choice.
    expect(Number(await max.inputValue())).toBeGreaterThan(60);

    // The other side too, with Enter: no bound at all, every result back and no price in the address.
    await min.click();
    await min.press('ControlOrMeta+a');
    await min.press('Delete');
    await expect(min).toHaveValue('');
    await min.press('Enter');
    await expect(page).not.toHaveURL(/price=/);
    await search.settle();
    expect(await search.resultCount()).toBe(everything);
    await expect(form.locator(':invalid')).toHaveCount(0);
  });
}
