import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The search and category listings, through what a shopper sees and assistive technology reads. */
export class SearchPage {
  readonly page: Page;
  readonly locale: 'en' | 'fr';

  constructor(page: Page, locale: 'en' | 'fr' = 'en') {
    this.page = page;
    this.locale = locale;
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', {
      name: this.locale === 'en' ? 'Search products' : 'Rechercher des produits',
    });
  }

  /** The sidebar of filters (wide screens). */
  get filters(): Locator {
    return this.page.getByRole('complementary', {
      name: this.locale === 'en' ? 'Filters' : 'Filtres',
    });
  }

  /** The live region with the number of products. */
  get count(): Locator {
    return this.page.getByRole('status').filter({ hasText: /\d/ }).first();
  }

  get hits(): Locator {
    return this.page.locator('#search-results ol > li[data-id]');
  }

  get prices(): Locator {
    return this.hits.locator('p').filter({ hasText: /€/ });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.count).toBeVisible();
    // The server's HTML shows the results at once; the filters respond once the listing's script has run.
    await expect(this.page.locator('main [data-ready]')).toBeAttached();
  }

  /** The number the live region announces. */
  async resultCount(): Promise<number> {
    const text = (await this.count.textContent()) ?? '';
    return Number(text.replace(/\D/g, ''));
  }

  async hitIds(): Promise<string[]> {
    return this.hits.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-id') ?? ''),
    );
  }

  /** Prices of the shown products, in euros. */
  async priceValues(): Promise<number[]> {
    const texts = await this.prices.allTextContents();
    return texts.map((text) => Number(text.replace(/[^\d,.]/g, '').replace(',', '.')));
  }

  /** A checkbox or swatch of a facet in the sidebar; its name is the value then its count. */
  facetOption(facet: string, value: string): Locator {
    return this.filters
      .getByRole('group', { name: facet, exact: true })
      .getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(value)}\\s*[\\d\\s\u202f]+$`) });
  }

  /** The count shown beside a facet value. */
  async facetCount(facet: string, value: string): Promise<number> {
    const label = await this.facetOption(facet, value).evaluate(accessibleText);
    return Number(label.slice(value.length).replace(/\D/g, ''));
  }

  /** Waits until the address says what the search state is (it is written 400 ms after a change). */
  async expectAddress(pattern: RegExp | string): Promise<void> {
    await expect(this.page).toHaveURL(pattern);
  }

  /** Waits for the results to settle after a change: the count stops moving. */
  async settle(): Promise<void> {
    await this.page.waitForLoadState('networkidle');
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text of the label around a checkbox. */
function accessibleText(input: Element): string {
  return input.closest('label')?.textContent?.trim() ?? '';
}

/** Both search pages with the labels of their price fields (the price range filter). */
export const priceFieldLanguages = [
  { locale: 'en', path: '/search', apply: 'Apply', max: 'Maximum price', min: 'Minimum price' },
  {
    locale: 'fr',
    path: '/recherche',
    apply: 'Appliquer',
    max: 'Prix maximum',
    min: 'Prix minimum',
  },
] as const;
