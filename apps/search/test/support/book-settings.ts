/** Index settings a stranger would write for the books catalogue (`books.ts`). */
export const bookSettings: {
  searchableAttributes: string[];
  attributesForFaceting: string[];
  customRanking: string[];
  attributeForDistinct: string;
} = {
  searchableAttributes: ['title', 'author.name', 'unordered(description)', 'genres,publisher'],
  attributesForFaceting: [
    'searchable(genres)',
    'searchable(author.name)',
    'filterOnly(isbn)',
    'publisher',
    'author.country',
    'categories.lvl0',
    'categories.lvl1',
    'categories.lvl2',
    'language',
    'available',
    'pages',
    'ratings',
    'price',
    'series',
    'editions.format',
  ],
  customRanking: ['desc(stats.reviews)'],
  attributeForDistinct: 'series',
};

/** The facet attributes a `facets: ['*']` search returns (every one except `filterOnly(isbn)`). */
export const displayedFacets = [
  'genres',
  'author.name',
  'publisher',
  'author.country',
  'categories.lvl0',
  'categories.lvl1',
  'categories.lvl2',
  'language',
  'available',
  'pages',
  'ratings',
  'price',
  'series',
  'editions.format',
] as const;
