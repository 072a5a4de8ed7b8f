/** Small hand-made catalogue for the service tests (until the real catalogue package lands). */
export type TestProduct = {
  readonly objectID: string;
  readonly name: string;
  readonly brand: string;
  readonly price: number;
  readonly color: readonly string[];
  readonly rank: number;
  readonly hierarchicalCategories: {
    readonly lvl0: string;
    readonly lvl1: string;
    readonly lvl2?: string;
  };
};

const categories = [
  ['TV & Home Theater', 'TV & Home Theater > TVs', 'TV & Home Theater > TVs > OLED'],
  ['TV & Home Theater', 'TV & Home Theater > TVs', 'TV & Home Theater > TVs > 4K'],
  ['TV & Home Theater', 'TV & Home Theater > Audio', 'TV & Home Theater > Audio > Soundbars'],
  ['Clothing', 'Clothing > Jackets', 'Clothing > Jackets > Rain'],
  ['Clothing', 'Clothing > Shoes', 'Clothing > Shoes > Running'],
] as const;
const brands = ['LG', 'Sony', 'Samsung', 'Acme', 'Tommy Hilfiger'] as const;
const colors = ['red', 'blue', 'black', 'white', 'green'] as const;
const nouns = ['television', 'soundbar', 'jacket', 'shoe', 'speaker', 'screen'] as const;

/**
 * Deterministic products: `count` records cycling through brands, categories and colours, with prices from
 * 10 to 2,000 and one or two colours each.
 */
export function makeProducts(count: number): TestProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const [lvl0, lvl1, lvl2] = categories[index % categories.length] ?? categories[0];
    // Different periods, so brands, colours and categories combine in every way.
    const brand = brands[Math.floor(index / 5) % brands.length] ?? 'LG';
    const first = colors[Math.floor(index / 3) % colors.length] ?? 'red';
    const second = colors[(index * 3 + 1) % colors.length] ?? 'blue';
    const noun = nouns[index % nouns.length] ?? 'television';
    return {
      objectID: `sku-${index}`,
      name: `${brand} ${noun} ${index}`,
      brand,
      price: 10 + ((index * 137) % 1990),
      color: index % 2 === 0 ? [first] : [...new Set([first, second])],
      rank: (index * 31) % 100,
      hierarchicalCategories: index % 4 === 3 ? { lvl0, lvl1 } : { lvl0, lvl1, lvl2 },
    };
  });
}

/** Settings that make every test facet usable. */
export const productSettings = {
  searchableAttributes: ['name', 'brand'],
  attributesForFaceting: [
    'searchable(brand)',
    'color',
    'price',
    'hierarchicalCategories.lvl0',
    'hierarchicalCategories.lvl1',
    'hierarchicalCategories.lvl2',
  ],
  customRanking: ['desc(rank)'],
};
