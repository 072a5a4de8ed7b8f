import { describe, expect, it } from 'vitest';
import { readRuleBanners } from './rule-banners.ts';

describe('query rule banners', () => {
  it('reads our userData shape in the page’s language', () => {
    const userData = {
      title: { en: 'Rain ready', fr: 'Paré pour la pluie' },
      text: 'Jackets that keep you dry.',
      link: '/category/men/tops/jackets',
      linkText: { en: 'Shop jackets', fr: 'Voir les vestes' },
    };
    expect(readRuleBanners([userData], 'fr')).toEqual([
      {
        key: '0-Paré pour la pluie',
        title: 'Paré pour la pluie',
        text: 'Jackets that keep you dry.',
        href: '/category/men/tops/jackets',
        linkLabel: 'Voir les vestes',
      },
    ]);
  });

  it('reads Algolia’s banner widget and refuses unsafe links', () => {
    const banner = {
      image: { urls: [{ url: 'https://cdn.example/sale.png' }], title: 'Sale' },
      link: { url: 'javascript:alert(1)' },
    };
    expect(readRuleBanners([banner, 'nonsense', { other: 1 }], 'en')).toEqual([
      { key: '0-Sale', title: 'Sale', imageUrl: 'https://cdn.example/sale.png' },
    ]);
  });
});
