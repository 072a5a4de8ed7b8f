import type { SearchClient } from 'instantsearch.js';
import { renderToString } from 'react-dom/server';
import { getServerState, InstantSearchSSRProvider } from 'react-instantsearch';
import { describe, expect, it } from 'vitest';
import { sampleCategories } from '../../../test/support/render-page.tsx';
import { I18nProvider } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { buildCategoryTree } from '../../lib/catalogue/category-tree.ts';
import { createCategoryLookup } from '../../lib/search/category-lookup.ts';
import { SiteProvider } from '../../lib/site/site-context.tsx';
import { SearchExperience } from './search-experience.tsx';

const jacket = {
  objectID: 'MJ01-Black',
  productId: 'MJ01',
  slug: 'beaumont-summit-kit',
  name: 'Beaumont Summit Kit',
  description: 'A light jacket.',
  // A product without French texts: the French attributes hold its English name and slug.
  slugFr: 'beaumont-summit-kit',
  nameFr: 'Beaumont Summit Kit',
  price: 42,
  color: 'Black',
  colorVariants: [
    { color: 'Black', image: '/images/luma/m/j/mj01-black_main.jpg' },
    { color: 'Red', image: '/images/luma/m/j/mj01-red_main.jpg' },
  ],
  image: '/images/luma/m/j/mj01-black_main.jpg',
  rating: 4.5,
  reviewCount: 2,
  sale: true,
  // The French page highlights the French name.
  _highlightResult: {
    nameFr: { value: 'Beaumont Summit __ais-highlight__Kit__/ais-highlight__', matchLevel: 'full' },
  },
  _snippetResult: { description: { value: 'A light jacket.', matchLevel: 'none' } },
};

/**
 * Answers every query of the fan-out with the same single hit and facet counts, like the service would;
 * `materials` are the material facet's values.
 */
const clientWith = (materials: Record<string, number>): SearchClient =>
  ({
    search: async (requests: readonly unknown[]) => ({
      results: requests.map(() => ({
        hits: [jacket],
        nbHits: 1,
        page: 0,
        nbPages: 1,
        hitsPerPage: 20,
        processingTimeMS: 1,
        query: 'kit',
        params: '',
        exhaustiveNbHits: true,
        facets: {
          'hierarchicalCategories.lvl0': { Men: 1 },
          colors: { Black: 1, Red: 1 },
          sizes: { M: 1 },
          price: { '42': 1 },
          rating: { '4.5': 1 },
          material: materials,
          eco: { false: 1 },
          sale: { true: 1 },
          new: { false: 1 },
        },
        facets_stats: { price: { min: 42, max: 42, avg: 42, sum: 42 } },
        renderingContent: {
          facetOrdering: {
            facets: {
              order: [
                'hierarchicalCategories.lvl0',
                'colors',
                'sizes',
                'price',
                'rating',
                'material',
              ],
            },
          },
        },
      })),
    }),
  }) as unknown as SearchClient;

async function renderOnServer(
  locale: Locale,
  url: string,
  materials: Record<string, number> = { Nylon: 1 },
): Promise<string> {
  const navigation = buildCategoryTree(sampleCategories);
  const site = { navigation, publicConfig: null, origin: 'https://shop.test' };
  const screen = (
    <I18nProvider locale={locale}>
      <SiteProvider value={site}>
        <SearchExperience
          searchClient={clientWith(materials)}
          serverUrl={`https://shop.test${url}`}
          locale={locale}
          listing="search"
          categories={createCategoryLookup(navigation)}
          unavailable={false}
        />
      </SiteProvider>
    </I18nProvider>
  );
  const serverState = await getServerState(screen, { renderToString });
  return renderToString(
    <InstantSearchSSRProvider {...serverState}>{screen}</InstantSearchSSRProvider>,
  );
}

describe('the search screen rendered on the server', () => {
  it('contains the hits, the facet counts, the count and the state of the address, in French', async () => {
    const html = await renderOnServer('fr', '/recherche?q=kit&color=Black&sort=price-asc');
    expect(html).toContain('Résultats pour «\u00a0kit\u00a0»');
    expect(html).toMatch(/role="status"[^>]*>1 produit</);
    expect(html).toContain(
      'Beaumont Summit </span><mark class="ais-Highlight-highlighted">Kit</mark>',
    );
    expect(html).toContain('42,00\u00a0€');
    expect(html).toContain('Voir en rouge');
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""/);
    expect(html).toContain('>Noir<');
    expect(html).toContain('Couleur : Noir');
    expect(html).toMatch(/<option value="products_price_asc" selected="">Prix croissant</);
    expect(html).toContain('href="/produit/beaumont-summit-kit?color=Black"');
  });

  it('links the categories and pages to readable addresses', async () => {
    const html = await renderOnServer('en', '/search?q=kit');
    expect(html).toContain('href="https://shop.test/search?q=kit&amp;category=men"');
    expect(html).toContain('1 product');
  });

  it('offers to search a facet’s values only when it has more than the list shows', async () => {
    const few = await renderOnServer('en', '/search?q=kit');
    expect(few).toContain('>Nylon<');
    expect(few).not.toContain('aria-label="Search material"');
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [`Material ${index + 1}`, 12 - index]),
    );
    const html = await renderOnServer('en', '/search?q=kit', many);
    expect(html).toContain('aria-label="Search material"');
  });
});
