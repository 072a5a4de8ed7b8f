import { describe, expect, it } from 'vitest';
import { locales } from './locale.ts';
import { equivalentPath, localeOfPath, parsePath, pathFor, type Route } from './routes.ts';

const routes: Route[] = [
  { name: 'home' },
  { name: 'search' },
  { name: 'cart' },
  { name: 'checkout' },
  { name: 'category', slug: ['men', 'tops', 'jackets'] },
  { name: 'category', slug: ['gear'] },
  { name: 'product', slug: 'chaz-kangeroo-hoodie' },
  { name: 'order', id: 'c3a1f0e2-9b' },
];

describe('the route map', () => {
  it('gives each page its English and French path', () => {
    expect(routes.map((route) => [pathFor(route, 'en'), pathFor(route, 'fr')])).toEqual([
      ['/', '/fr'],
      ['/search', '/recherche'],
      ['/cart', '/panier'],
      ['/checkout', '/commande'],
      ['/category/men/tops/jackets', '/categorie/men/tops/jackets'],
      ['/category/gear', '/categorie/gear'],
      ['/product/chaz-kangeroo-hoodie', '/produit/chaz-kangeroo-hoodie'],
      ['/order/c3a1f0e2-9b', '/commande/c3a1f0e2-9b'],
    ]);
  });

  it.each(routes)('round-trips %o through both languages', (route) => {
    for (const locale of locales) {
      expect(parsePath(pathFor(route, locale))).toEqual({ route, locale });
      const other = locale === 'en' ? 'fr' : 'en';
      expect(equivalentPath(equivalentPath(pathFor(route, locale), other), locale)).toBe(
        pathFor(route, locale),
      );
    }
  });

  it('keeps the search state when switching language', () => {
    expect(equivalentPath('/search?q=veste', 'fr')).toBe('/recherche?q=veste');
    expect(equivalentPath('/recherche?q=veste&page=2#results', 'en')).toBe(
      '/search?q=veste&page=2#results',
    );
    expect(equivalentPath('/search?q=veste', 'en')).toBe('/search?q=veste');
  });

  it('encodes and decodes path segments', () => {
    const route: Route = { name: 'product', slug: 'été 2024' };
    expect(pathFor(route, 'fr')).toBe('/produit/%C3%A9t%C3%A9%202024');
    expect(parsePath('/produit/%C3%A9t%C3%A9%202024')).toEqual({ route, locale: 'fr' });
  });

  it('recognizes only our pages', () => {
    expect(parsePath('/fr/')).toEqual({ route: { name: 'home' }, locale: 'fr' });
    for (const path of [
      '/about',
      '/product',
      '/product/a/b',
      '/category',
      '/category//x',
      '/produit/%E0%A4%A',
    ]) {
      expect(parsePath(path)).toBeUndefined();
    }
  });

  it('sends an unknown address to the home page of the other language', () => {
    expect(equivalentPath('/nothing-here?x=1', 'fr')).toBe('/fr');
    expect(equivalentPath('/rien/ici', 'en')).toBe('/');
  });

  it('finds the language of any address, for error pages', () => {
    expect(localeOfPath('/fr')).toBe('fr');
    expect(localeOfPath('/recherche?q=x')).toBe('fr');
    expect(localeOfPath('/produit/x/y/z')).toBe('fr');
    expect(localeOfPath('/fr/inconnu')).toBe('fr');
    expect(localeOfPath('/commande/abc')).toBe('fr');
    expect(localeOfPath('/produit/%E0%A4%A')).toBe('fr');
    expect(localeOfPath('/product/x/y')).toBe('en');
    expect(localeOfPath('/french-fries')).toBe('en');
    expect(localeOfPath('/')).toBe('en');
  });
});
