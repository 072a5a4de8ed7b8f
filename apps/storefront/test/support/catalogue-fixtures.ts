import type { CatalogueProduct } from '@vitrine/catalogue';

/** English texts given as the plain fields of a catalogue file from before languages existed. */
export interface EnglishTextOverrides {
  readonly name?: string;
  readonly slug?: string;
  readonly description?: string;
}

/**
 * A small valid product with English texts only; `overrides` replace whole fields, and `name`, `slug` or
 * `description` replace that English text.
 */
export function makeProduct(
  id: string,
  overrides: Partial<CatalogueProduct> & EnglishTextOverrides = {},
): CatalogueProduct {
  const { name, slug, description, ...fields } = overrides;
  return {
    id,
    texts: {
      en: {
        name: name ?? `${id} Trail Jacket`,
        slug: slug ?? `${id.toLowerCase()}-trail-jacket`,
        description: description ?? 'A light jacket for windy ridges.',
      },
    },
    brand: 'Luma',
    categories: [['Men', 'Tops', 'Jackets']],
    attributes: {
      material: ['Nylon'],
      pattern: 'Solid',
      climate: ['Windy'],
      activity: ['Hiking'],
      gender: ['Men'],
      style: ['Windbreaker'],
      eco: false,
      sale: false,
      new: true,
    },
    variants: [
      { sku: `${id}-M-Black`, color: 'Black', size: 'M', priceCents: 7900, stock: 12 },
      { sku: `${id}-L-Black`, color: 'Black', size: 'L', priceCents: 7900, stock: 0 },
    ],
    images: [{ url: `/images/luma/m/j/${id.toLowerCase()}-black_main.jpg`, color: 'Black' }],
    reviews: [{ author: 'Ana', title: 'Warm enough', text: 'Kept the wind out.', rating: 4 }],
    related: [],
    upsell: [],
    crossSell: [],
    createdAt: '2024-03-01T10:00:00.000Z',
    popularity: 50,
    ...fields,
  };
}

/** Sorts products by id, the order `loadProducts` returns. */
export function byId(products: readonly CatalogueProduct[]): CatalogueProduct[] {
  return [...products].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
