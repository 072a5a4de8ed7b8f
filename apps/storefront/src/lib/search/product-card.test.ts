import { describe, expect, it } from 'vitest';
import { toProductCard } from './product-card.ts';

const hit = {
  objectID: 'MH01-Gray',
  productId: 'MH01',
  slug: 'chaz-kangeroo-hoodie',
  name: 'Chaz Kangeroo Hoodie',
  price: 52,
  color: 'Gray',
  colorVariants: [
    { color: 'Black', image: '/images/mh01-black.jpg' },
    { color: 'Gray', image: '/images/mh01-gray.jpg' },
    { color: 'Orange', image: null },
  ],
  image: '/images/mh01-gray.jpg',
  rating: 4.3,
  reviewCount: 3,
  sale: true,
  new: false,
  eco: true,
  _highlightResult: {},
};

describe('a hit as a product card', () => {
  it('names and links the product in the page’s language', () => {
    const bilingual = { ...hit, nameFr: 'Sweat à capuche Chaz Kangeroo', slugFr: 'sweat-chaz' };
    expect(toProductCard(bilingual, 'fr')).toMatchObject({
      name: 'Sweat à capuche Chaz Kangeroo',
      href: '/produit/sweat-chaz',
    });
    expect(toProductCard(bilingual, 'en')).toMatchObject({
      name: 'Chaz Kangeroo Hoodie',
      href: '/product/chaz-kangeroo-hoodie',
    });
  });

  it('shows the hit’s colour among every colour of the product, in the page’s language', () => {
    const card = toProductCard(hit, 'fr');
    expect(card).toMatchObject({
      id: 'MH01-Gray',
      href: '/produit/chaz-kangeroo-hoodie',
      name: 'Chaz Kangeroo Hoodie',
      price: '52,00\u00a0€',
      rating: 4.3,
      reviewCount: 3,
      badges: ['sale', 'eco'],
      selectedColor: 'Gray',
      imageUrl: '/images/mh01-gray.jpg',
    });
    expect(card.colors.map((color) => color.label)).toEqual(['Noir', 'Gris', 'Orange']);
  });

  it('opens on a colour the shopper filtered on', () => {
    const card = toProductCard(hit, 'en', ['Red', 'Black']);
    expect(card.selectedColor).toBe('Black');
    expect(card.imageUrl).toBe('/images/mh01-black.jpg');
    expect(toProductCard(hit, 'en', ['Orange']).imageUrl).toBe('/images/mh01-gray.jpg');
  });

  it('copes with a hit that lacks optional fields', () => {
    expect(toProductCard({ objectID: '24-WG080' }, 'en')).toEqual({
      id: '24-WG080',
      href: '/product/24-WG080',
      name: '',
      price: '€0.00',
      rating: null,
      reviewCount: 0,
      badges: [],
      colors: [],
      selectedColor: null,
      imageUrl: null,
    });
  });
});
