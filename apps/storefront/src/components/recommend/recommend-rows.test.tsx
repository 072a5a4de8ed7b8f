import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderPage, sampleCategories } from '../../../test/support/render-page.tsx';
import { I18nProvider } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { buildCategoryTree } from '../../lib/catalogue/category-tree.ts';
import { SiteProvider } from '../../lib/site/site-context.tsx';
import { BoughtTogetherBox } from './bought-together-box.tsx';
import { HomeRecommendations } from './home-recommendations.tsx';
import { ProductRow } from './product-row.tsx';
import { RecommendCarousel } from './recommend-carousel.tsx';
import { TrendingCategoriesList } from './trending-categories-list.tsx';

const labels = { previous: 'Previous', next: 'Next' };
const noEvents = () => undefined;

function withConfig(ui: ReactNode, locale: Locale, searchKey: string | null) {
  const site = {
    navigation: buildCategoryTree(sampleCategories),
    publicConfig: {
      searchUrl: 'http://127.0.0.1:9',
      appId: 'vitrine',
      searchKey,
      indexName: 'products',
    },
    origin: 'https://shop.test',
  };
  return renderToString(
    <I18nProvider locale={locale}>
      <SiteProvider value={site}>{ui}</SiteProvider>
    </I18nProvider>,
  );
}

describe('a recommendation row', () => {
  it('names its list by its heading and lists one item per product', () => {
    const html = renderToString(
      <RecommendCarousel
        id="related"
        title="You may also like"
        state="ready"
        labels={labels}
        items={[
          { key: 'MJ01-Red', content: <a href="/product/mj01">Beaumont</a> },
          { key: 'MJ02-Blue', content: <a href="/product/mj02">Hyperion</a> },
        ]}
      />,
    );
    expect(html).toContain('<h2 id="related"');
    expect(html).toMatch(/<ol id="related-list"[^>]*aria-labelledby="related"/);
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain('aria-label="Next"');
    expect(html).toContain('aria-controls="related-list"');
  });

  it('draws placeholders without a heading while its model has not answered', () => {
    const html = renderToString(
      <RecommendCarousel
        id="related"
        title="You may also like"
        state="loading"
        labels={labels}
        items={[]}
      />,
    );
    expect(html).not.toContain('You may also like');
    expect(html).not.toContain('<h2');
    expect(html).toContain('aria-hidden="true"');
    expect(html.match(/<li /g)).toHaveLength(4);
  });

  it('renders nothing at all when the model answered with no items', () => {
    const html = renderPage(
      <ProductRow id="x" title="Trending now" state="empty" items={[]} sendEvent={noEvents} />,
      { locale: 'en', path: '/' },
    );
    expect(html).toBe('');
  });
});

describe('the home page recommendations', () => {
  it('keep their room in the server render, with no heading yet', () => {
    const html = withConfig(<HomeRecommendations />, 'fr', 'search-key');
    expect(html).toContain('data-testid="recommend-loading"');
    expect(html).not.toContain('Tendances du moment');
    expect(html).not.toContain('<h2');
  });

  it('render nothing without a search-only key', () => {
    expect(withConfig(<HomeRecommendations />, 'en', null)).toBe('');
  });
});

describe('trending categories', () => {
  it('link to their listings with their department', () => {
    const html = renderToString(
      <TrendingCategoriesList
        id="trending-categories"
        title="Catégories tendance"
        state="ready"
        categories={[
          {
            value: 'Men > Tops > Jackets',
            label: 'Vestes',
            department: 'Homme',
            href: '/categorie/men/tops/jackets',
            imageUrl: null,
          },
        ]}
      />,
    );
    expect(html).toContain('Catégories tendance</h2>');
    expect(html).toMatch(/href="\/categorie\/men\/tops\/jackets"[^>]*>.*Vestes.*Homme/);
  });
});

describe('frequently bought together', () => {
  const item = {
    caption: 'This item',
    name: 'Strive Shoulder Pack',
    price: '€32.00',
    imageUrl: null,
  };
  const partner = {
    ...item,
    caption: 'Luma',
    name: 'Zing Jump Rope',
    price: '€12.00',
    href: '/product/zing',
  };

  it('offers both products, their total and one button for both', () => {
    const html = renderToString(
      <BoughtTogetherBox
        id="fbt"
        title="Frequently bought together"
        current={item}
        partner={partner}
        total="Total: €44.00"
        action={{ kind: 'add', label: 'Add both to cart', disabled: false, onAdd: noEvents }}
      />,
    );
    expect(html).toContain('Strive Shoulder Pack');
    expect(html).toContain('href="/product/zing">Zing Jump Rope</a>');
    expect(html).toContain('Total: €44.00');
    expect(html).toMatch(/<button type="button"[^>]*>Add both to cart<\/button>/);
  });

  it('sends the shopper to choose a size instead of guessing one, and says why it waits', () => {
    const html = renderToString(
      <BoughtTogetherBox
        id="fbt"
        title="Frequently bought together"
        current={item}
        partner={partner}
        total="Total: €44.00"
        action={{
          kind: 'choose',
          label: 'Choose a size for Zing Jump Rope',
          href: '/product/zing',
        }}
        hint="Choose a colour and a size above to add both."
      />,
    );
    expect(html).not.toContain('<button');
    expect(html).toContain('Choose a size for Zing Jump Rope</a>');
    expect(html).toContain('Choose a colour and a size above to add both.');
  });
});
