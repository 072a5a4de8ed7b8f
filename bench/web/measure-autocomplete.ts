import type { Browser } from 'playwright-core';
import { type KeystrokeTiming, timeKeystroke } from './measure-page.ts';

/** Words typed one key at a time into the header's field: 43 keystrokes in all. */
export const typedSuggestionQueries = [
  'jacket',
  'hoodie',
  'yoga pants',
  'backpack',
  'tank top',
  'veste',
];

/**
 * Types `typedSuggestionQueries` into the header's autocomplete on `path` (after its code has loaded: the
 * first focus loads it), one key at a time, and measures for each key the time from the key press to the
 * paint of the frame in which the panel shows the items of the new query (its `data-query`, set once the
 * suggestions, products and categories of that query are in), in the page's own clock. The next key waits.
 */
export async function measureSuggestionKeystrokes(
  browser: Browser,
  baseUrl: string,
  path: string,
): Promise<KeystrokeTiming[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.locator('header input[type="search"]').click();
  const field = page.locator('.aa-Input');
  await field.waitFor();
  const samples: KeystrokeTiming[] = [];
  for (const query of typedSuggestionQueries) {
    await field.fill('');
    for (const key of query) {
      const expected = (await field.inputValue()) + key;
      const result = field.evaluate(timeKeystroke, {
        expected,
        selector: '.aa-Panel [data-query]',
        attribute: 'data-query',
      });
      await page.waitForFunction(
        () => (window as { keystrokeArmed?: boolean }).keystrokeArmed === true,
      );
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      const timing = await result;
      if (timing === null) throw new Error(`no suggestions for "${expected}" after 5 s`);
      samples.push(timing);
    }
  }
  await context.close();
  return samples;
}
