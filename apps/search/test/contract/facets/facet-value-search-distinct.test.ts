/**
 * Facet-value search with distinct, through the official v5 client: when the search's facets are counted after
 * distinct (`facetingAfterDistinct`, or `afterDistinct(attr)` in `attributesForFaceting`), so are the counts of
 * `searchForFacetValues`, so the shopper who searches a facet list sees the counts the list showed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;

// Three products, one record per colour variant: the shirt in Red twice (two sizes) and in Rose.
const variants = [
  { objectID: 'shirt-red-s', product: 'shirt', title: 'Shirt', colour: 'Red', rank: 1 },
  { objectID: 'shirt-red-m', product: 'shirt', title: 'Shirt', colour: 'Red', rank: 2 },
  { objectID: 'scarf-red', product: 'scarf', title: 'Scarf', colour: 'Red', rank: 3 },
  { objectID: 'scarf-rose', product: 'scarf', title: 'Scarf', colour: 'Rose', rank: 4 },
  { objectID: 'cap-rose', product: 'cap', title: 'Cap', colour: 'Rose', rank: 5 },
];
const settings = (facet: string) => ({
  attributesForFaceting: [facet],
  attributeForDistinct: 'product',
  distinct: true,
  customRanking: ['asc(rank)'],
});

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({
    indexName: 'variants_after',
    settings: settings('afterDistinct(searchable(colour))'),
    records: variants,
  }));
  await seedIndex(admin, 'variants_plain', settings('searchable(colour)'), variants);
});
afterAll(async () => server.close());

async function counts(indexName: string, facetingAfterDistinct: boolean) {
  const searched = await admin.searchSingleIndex({
    indexName,
    searchParams: { facets: ['colour'], facetingAfterDistinct },
  });
  const found = await admin.searchForFacetValues({
    indexName,
    facetName: 'colour',
    searchForFacetValuesRequest: {
      facetQuery: 'r',
      params: `facetingAfterDistinct=${facetingAfterDistinct}`,
    },
  });
  return {
    listed: searched.facets?.['colour'],
    found: Object.fromEntries(found.facetHits.map((hit) => [hit.value, hit.count])),
  };
}

describe('searchForFacetValues with distinct', () => {
  it('counts the record distinct keeps per product when the facet is declared afterDistinct', async () => {
    // Kept: shirt-red-s, scarf-red, cap-rose (best rank of each product).
    expect(await counts('variants_after', false)).toEqual({
      listed: { Red: 2, Rose: 1 },
      found: { Red: 2, Rose: 1 },
    });
  });

  it('counts after distinct with facetingAfterDistinct, and every record without it', async () => {
    expect(await counts('variants_plain', true)).toEqual({
      listed: { Red: 2, Rose: 1 },
      found: { Red: 2, Rose: 1 },
    });
    expect(await counts('variants_plain', false)).toEqual({
      listed: { Red: 3, Rose: 2 },
      found: { Red: 3, Rose: 2 },
    });
  });
});
