/**
 * Query-text parameters and parameter encodings on a furniture catalogue shaped unlike ours
 * (`furniture.ts`), through the official v5 client only: advanced syntax, optional words, removing words when
 * nothing matches, `fullyHighlighted`, elisions with straight and typographic apostrophes, every accepted form of
 * a list parameter (§3.1), enum errors naming the parameter, and the default pagination limit. Expectations come
 * from docs/api.md (§3.1, §3.2, §3.5, §5.1, §5.2, §8) and Algolia's parameter docs; ids from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import { failureOf } from '../../support/failure-of.ts';
import {
  byPopularity,
  type Furniture,
  furniture,
  furnitureSettings,
} from '../../support/furniture.ts';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'maison_params';

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({
    indexName,
    settings: furnitureSettings,
    records: furniture,
  }));
});
afterAll(async () => server.close());

const search = (searchParams: Record<string, unknown>) =>
  admin.searchSingleIndex<Furniture>({ indexName, searchParams: searchParams as never });
const inName = (word: string) => (item: Furniture) =>
  item.name.fr
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .includes(word);

describe('query text parameters (§3.2, §3.5)', () => {
  it('requires a quoted phrase and drops excluded words with advancedSyntax', async () => {
    const result = await search({ query: '"table basse" -noyer', advancedSyntax: true });
    expect(ids(result.hits)).toEqual(
      byPopularity(
        (item) => /table basse/i.test(item.name.fr) && !item.materials.includes('noyer'),
      ),
    );
    expect(ids(result.hits)).toEqual(['f11']);
    // Without advancedSyntax, quotes and the dash are separators: the query is the three words.
    const plain = await search({ query: '"table basse" -noyer' });
    expect(ids(plain.hits)).toEqual(
      byPopularity((item) => /table basse/i.test(item.name.fr) && item.materials.includes('noyer')),
    );
    expect(ids(plain.hits)).toEqual(['f12']);
  });

  it('ranks records with every word first when a word is optional', async () => {
    const result = await search({ query: 'chaise noire', optionalWords: ['noire'] });
    const chairs = byPopularity(inName('chaise'));
    const black = chairs.filter((id) =>
      furniture.find((i) => i.objectID === id)?.name.fr.includes('noire'),
    );
    expect(ids(result.hits)).toEqual([...black, ...chairs.filter((id) => !black.includes(id))]);
    expect((await search({ query: 'chaise noire' })).nbHits).toBe(black.length);
  });

  it('drops the last words when nothing matches and reports queryAfterRemoval', async () => {
    const result = await search({ query: 'chaise zzzz', removeWordsIfNoResults: 'lastWords' });
    expect(ids(result.hits)).toEqual(byPopularity(inName('chaise')));
    expect(result).toMatchObject({ queryAfterRemoval: 'chaise' });
    expect((await search({ query: 'chaise zzzz' })).nbHits).toBe(0);
  });

  it('finds a word after a straight or a typographic apostrophe', async () => {
    const straight = await search({ query: 'armoire', attributesToHighlight: ['name.fr'] });
    expect(ids(straight.hits)).toEqual(['f15', 'f16']);
    const curly = await search({ query: 'alpaga', attributesToHighlight: ['name.fr'] });
    expect(ids(curly.hits)).toEqual(['f29']);
    expect(curly.hits[0]?._highlightResult).toMatchObject({
      name: { fr: { value: 'Plaid en laine d’<em>alpaga</em>', matchLevel: 'full' } },
    });
  });

  it('flags fullyHighlighted only when the whole value is highlighted', async () => {
    const result = await search({
      query: 'chêne',
      filters: 'family:eole',
      attributesToHighlight: ['name.fr', 'materials'],
      hitsPerPage: 1,
    });
    expect(result.hits[0]?._highlightResult).toMatchObject({
      name: {
        fr: { matchLevel: 'full', fullyHighlighted: false, matchedWords: [expect.any(String)] },
      },
      materials: [{ value: '<em>chêne</em>', matchLevel: 'full', fullyHighlighted: true }],
    });
  });

  it('counts groups in nbHits with distinct true', async () => {
    const result = await search({ distinct: true, hitsPerPage: 0 });
    expect(result.nbHits).toBe(new Set(furniture.map((item) => item.family)).size);
  });
});

describe('list parameter forms (§3.1)', () => {
  const expected = furniture.filter((item) => ['Hay', 'Gubi'].includes(item.brand) && item.inStock);
  const nested = [['brand:Hay', 'brand:Gubi'], 'inStock:true'];

  it('accepts facetFilters as an array, a JSON string and a URL-encoded JSON string', async () => {
    for (const facetFilters of [
      nested,
      JSON.stringify(nested),
      encodeURIComponent(JSON.stringify(nested)),
    ]) {
      const result = await search({ facetFilters, hitsPerPage: 100 });
      expect(ids(result.hits), String(facetFilters)).toEqual(
        byPopularity((item) => expected.includes(item)),
      );
    }
  });

  it('accepts facets and attributesToRetrieve as comma-separated strings', async () => {
    const result = await search({
      facets: 'brand,inStock',
      attributesToRetrieve: 'brand,name.fr',
      attributesToHighlight: [],
      filters: 'family:eole',
    });
    const eole = furniture.filter((item) => item.family === 'eole');
    expect(result.facets).toEqual({
      brand: countFacet(eole, 'brand'),
      inStock: countFacet(eole, 'inStock'),
    });
    expect(result.hits[0]).toEqual({
      objectID: 'f01',
      brand: 'Hay',
      name: { fr: 'Chaise Éole en chêne' },
    });
  });

  it('accepts numericFilters and tagFilters as comma-separated strings (AND)', async () => {
    const numeric = await search({
      numericFilters: 'price.value>100,rating>4.7',
      hitsPerPage: 100,
    });
    expect(ids(numeric.hits)).toEqual(
      byPopularity((item) => item.price.value > 100 && item.rating > 4.7),
    );
    const tags = await search({ tagFilters: 'sale,eco', hitsPerPage: 100 });
    expect(ids(tags.hits)).toEqual(
      byPopularity((item) => item._tags.includes('sale') && item._tags.includes('eco')),
    );
  });

  it('accepts booleans sent as the string "true"', async () => {
    const result = await search({ getRankingInfo: 'true', hitsPerPage: 1 });
    expect(result.hits[0]?._rankingInfo).toMatchObject({ nbTypos: 0 });
  });

  it('rejects a facet filter without "attribute:value", naming facetFilters', async () => {
    for (const facetFilters of [['brandHay'], ['']]) {
      const error = await failureOf(search({ facetFilters }));
      expect(error.status, JSON.stringify(facetFilters)).toBe(400);
      expect(error.message, JSON.stringify(facetFilters)).toMatch(/facetFilters/);
    }
  });
});

describe('enum and integer errors name the parameter', () => {
  it.each([
    [{ typoTolerance: 'bogus' }, 'typoTolerance'],
    [{ queryType: 'prefixSome' }, 'queryType'],
    [{ sortFacetValuesBy: 'random', facets: ['brand'] }, 'sortFacetValuesBy'],
    [{ removeWordsIfNoResults: 'some' }, 'removeWordsIfNoResults'],
    [{ exactOnSingleWordQuery: 'sometimes' }, 'exactOnSingleWordQuery'],
    [{ hitsPerPage: 2.5 }, 'hitsPerPage'],
    [{ offset: -1, length: 3 }, 'offset'],
    [{ offset: 0, length: -3 }, 'length'],
    [{ maxValuesPerFacet: -1, facets: ['brand'] }, 'maxValuesPerFacet'],
  ])('%j → 400 naming %s', async (params, name) => {
    const error = await failureOf(search(params));
    expect(error.status).toBe(400);
    expect(error.message).toContain(name);
  });
});

describe('the default pagination limit (§8)', () => {
  it('answers a page past hit 1,000 with 200, no hits, the exact nbHits and a message', async () => {
    const result = await search({ page: 1001, hitsPerPage: 1 });
    expect(result.hits).toEqual([]);
    expect(result.nbHits).toBe(furniture.length);
    expect(result.nbPages).toBe(furniture.length);
    expect(result.message).toMatch(/1000/);
  });
});
