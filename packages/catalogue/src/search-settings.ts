/** Name of the one index that serves both languages. */
export const productsIndex = 'products';

/** Sort replicas (standard replicas: exhaustive sort), keyed by the sort the storefront offers. */
export const productReplicas = {
  priceAsc: 'products_price_asc',
  priceDesc: 'products_price_desc',
  ratingDesc: 'products_rating_desc',
  newest: 'products_newest',
} as const;

const facets = [
  'hierarchicalCategories.lvl0',
  'hierarchicalCategories.lvl1',
  'hierarchicalCategories.lvl2',
  'searchable(categories)',
  'searchable(color)',
  'searchable(colors)',
  'searchable(sizes)',
  'searchable(material)',
  'searchable(activity)',
  'searchable(gender)',
  'searchable(productId)',
  'pattern',
  'climate',
  'style',
  'brand',
  'eco',
  'sale',
  'new',
  'inStock',
  'price',
  'rating',
];

/**
 * Settings of the `products` index, in Algolia's vocabulary (sent with `setSettings`). French labels are
 * searchable after the English text; names and descriptions stay English (the sample data has no French).
 */
export const productIndexSettings = {
  searchableAttributes: [
    'name',
    'categories,labelsFr',
    'color,material,style,activity',
    'brand',
    'unordered(description)',
  ],
  attributesForFaceting: facets,
  customRanking: ['desc(popularity)', 'desc(rating)'],
  attributeForDistinct: 'productId',
  distinct: true,
  queryLanguages: ['fr', 'en'],
  indexLanguages: ['fr', 'en'],
  ignorePlurals: true,
  attributesToSnippet: ['description:24'],
  attributesToHighlight: ['name', 'description', 'categories', 'color'],
  unretrievableAttributes: [],
  replicas: Object.values(productReplicas),
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
          'activity',
          'gender',
        ],
      },
      values: { sizes: { order: ['XS', 'S', 'M', 'L', 'XL'], sortRemainingBy: 'alpha' } },
    },
  },
} as const;

/** Replica settings: each puts its sort criterion first, then Algolia's default ranking. */
export const replicaSettings: Readonly<Record<string, { ranking: string[] }>> = {
  [productReplicas.priceAsc]: { ranking: ['asc(price)', ...defaultRanking()] },
  [productReplicas.priceDesc]: { ranking: ['desc(price)', ...defaultRanking()] },
  [productReplicas.ratingDesc]: { ranking: ['desc(rating)', ...defaultRanking()] },
  [productReplicas.newest]: { ranking: ['desc(createdAt)', ...defaultRanking()] },
};

function defaultRanking(): string[] {
  return ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];
}
