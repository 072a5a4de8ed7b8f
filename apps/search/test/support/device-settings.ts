/** Index settings a stranger would write for the electronics catalogue (`devices.ts`). */
export const deviceSettings = {
  searchableAttributes: ['name', 'brand.name', 'specs.screen.panel', 'unordered(description)'],
  attributesForFaceting: [
    'searchable(brand.name)',
    'brand.country',
    'specs.screen.size',
    'specs.screen.panel',
    'filterOnly(specs.ports)',
    'resolutions',
    'afterDistinct(colors)',
    'inStock',
    'price',
    'warranty',
    'modelId',
    'categories.lvl0',
    'categories.lvl1',
    'categories.lvl2',
  ],
  customRanking: ['desc(stats.sales)'],
  attributeForDistinct: 'modelId',
} satisfies Record<string, unknown>;
