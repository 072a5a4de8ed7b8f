import { describe, expect, it } from 'vitest';
import type { Locale } from '../../i18n/locale.ts';
import { buildCategoryTree, type CategorySummary } from '../catalogue/category-tree.ts';
import { createCategoryLookup } from './category-lookup.ts';
import { readRuleBanners } from './rule-banners.ts';

const summaries: CategorySummary[] = [
  ['Men'],
  ['Men', 'Tops'],
  ['Men', 'Tops', 'Jackets'],
  ['Gear'],
  ['Gear', 'Bags'],
].map((path) => ({ path, productCount: 1, imageUrl: null }));
const categories = createCategoryLookup(buildCategoryTree(summaries));

/** The address a banner whose userData `link` is `link` leads to on a page in `locale`. */
const hrefOf = (link: unknown, locale: Locale) =>
  readRuleBanners([{ title: 'Offer', link }], locale, categories)[0]?.href;

describe('query rule banners', () => {
  it('reads our userData shape in the page’s language', () => {
    const userData = {
      title: { en: 'Rain ready', fr: 'Paré pour la pluie' },
      text: 'Jackets that keep you dry.',
      link: '/category/men/tops/jackets',
      linkText: { en: 'Shop jackets', fr: 'Voir les vestes' },
    };
    expect(readRuleBanners([userData], 'fr', categories)).toEqual([
      {
        key: '0-Paré pour la pluie',
        title: 'Paré pour la pluie',
        text: 'Jackets that keep you dry.',
        href: '/categorie/homme/hauts/vestes',
        linkLabel: 'Voir les vestes',
      },
    ]);
    expect(readRuleBanners([userData], 'en', categories)[0]?.href).toBe(
      '/category/men/tops/jackets',
    );
  });

  it('leads a link to one of the shop’s pages to the page’s language, query string kept', () => {
    expect(hrefOf('/category/men/tops/jackets?color=Black&sort=price-asc', 'fr')).toBe(
      '/categorie/homme/hauts/vestes?color=Black&sort=price-asc',
    );
    expect(hrefOf('/categorie/equipement/sacs?q=sac#top', 'en')).toBe(
      '/category/gear/bags?q=sac#top',
    );
    expect(hrefOf('/search?q=rain%20coat', 'fr')).toBe('/recherche?q=rain%20coat');
    expect(hrefOf('/panier', 'en')).toBe('/cart');
    expect(hrefOf('/product/proteus-fitness-jackshirt', 'fr')).toBe(
      '/produit/proteus-fitness-jackshirt',
    );
    expect(hrefOf('/', 'fr')).toBe('/fr');
  });

  it('takes the link written for the page’s language, else the other one translated', () => {
    const link = { en: '/category/men', fr: '/categorie/homme/hauts?sale=1' };
    expect(hrefOf(link, 'fr')).toBe('/categorie/homme/hauts?sale=1');
    expect(hrefOf(link, 'en')).toBe('/category/men');
    expect(hrefOf({ en: '/category/men/tops' }, 'fr')).toBe('/categorie/homme/hauts');
    expect(hrefOf({ fr: '/categorie/homme' }, 'en')).toBe('/category/men');
  });

  it('keeps web links and site paths that are not one of the shop’s pages as written', () => {
    expect(hrefOf('https://blog.example/category/men', 'fr')).toBe(
      'https://blog.example/category/men',
    );
    expect(hrefOf({ en: 'https://example.com/en', fr: 'https://example.com/fr' }, 'fr')).toBe(
      'https://example.com/fr',
    );
    expect(hrefOf('/sale/summer?x=1', 'fr')).toBe('/sale/summer?x=1');
    // A category the shop lacks keeps its segments: its page redirects or answers 404 as it would in English.
    expect(hrefOf('/category/men/hats', 'fr')).toBe('/categorie/men/hats');
  });

  it('drops links that are not https:// links or site paths, in any language', () => {
    for (const link of [
      'javascript:alert(1)',
      { fr: 'javascript:alert(1)', en: '/category/men' },
      '//evil.example/category/men',
      '/\\evil.example',
      '/\t/evil.example',
      'data:text/html,hi',
      'http://example.com/sale',
      'HTTP://example.com/sale',
      { fr: 'http://example.com/fr', en: '/category/men' },
    ]) {
      expect(hrefOf(link, 'fr'), JSON.stringify(link)).toBeUndefined();
    }
  });

  it('drops the links and images the merchant console would refuse to save', () => {
    for (const link of [
      'https://',
      'https:///evil.example',
      'https://shop.example/sale now',
      '/category/men tops',
      'https://shop.example/"><script>alert(1)</script>',
      "/sale'><img src=x onerror=alert(1)>",
      '/\u00a0/evil.example',
    ]) {
      expect(hrefOf(link, 'en'), JSON.stringify(link)).toBeUndefined();
    }
    const imageOf = (image: string) => readRuleBanners([{ title: 'Sale', image }], 'en')[0];
    expect(imageOf('https://cdn.example/a b.png')).toEqual({ key: '0-Sale', title: 'Sale' });
    expect(imageOf('https://"onerror="alert(1)')).toEqual({ key: '0-Sale', title: 'Sale' });
  });

  it('shows an https:// or site image and drops an http:// one, for both banner shapes', () => {
    const imageOf = (banner: unknown) => readRuleBanners([banner], 'en')[0]?.imageUrl;
    expect(imageOf({ title: 'Sale', image: 'https://cdn.example/sale.png' })).toBe(
      'https://cdn.example/sale.png',
    );
    expect(imageOf({ title: 'Sale', image: '/images/sale.png' })).toBe('/images/sale.png');
    expect(imageOf({ title: 'Sale', image: 'http://cdn.example/sale.png' })).toBeUndefined();
    expect(imageOf({ title: 'Sale', banner: 'http://cdn.example/sale.png' })).toBeUndefined();
    expect(
      imageOf({ image: { urls: [{ url: 'http://cdn.example/sale.png' }], title: 'Sale' } }),
    ).toBeUndefined();
  });

  it('reads Algolia’s banner widget and refuses unsafe links', () => {
    const banner = {
      image: { urls: [{ url: 'https://cdn.example/sale.png' }], title: 'Sale' },
      link: { url: 'javascript:alert(1)' },
    };
    expect(readRuleBanners([banner, 'nonsense', { other: 1 }], 'en')).toEqual([
      { key: '0-Sale', title: 'Sale', imageUrl: 'https://cdn.example/sale.png' },
    ]);
    const french = { ...banner, link: { url: '/category/gear' } };
    expect(readRuleBanners([french], 'fr', categories)[0]?.href).toBe('/categorie/equipement');
  });
});
