import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { HighlightValue, IndexSettings, SearchQuery, SynonymEntry } from '../types.ts';

const record = {
  objectID: 'p1',
  name: 'Biscuit Chocolat Noir',
  brand: 'LU',
  tags: ['chocolat', 'goûter'],
  specs: { flavour: 'chocolat intense', weight: 200 },
  cost: 3,
  description:
    'Un biscuit croquant nappé de chocolat noir, fabriqué en Bretagne depuis des générations.',
};

function firstHit(query: SearchQuery, settings: Partial<IndexSettings> = {}) {
  const index = new SearchIndex({
    searchableAttributes: ['name', 'brand', 'tags', 'specs', 'description'],
    unretrievableAttributes: ['cost'],
    ...settings,
  });
  index.saveObjects([record]);
  return index.search(query).hits[0];
}

describe('hit formatting', () => {
  it('highlights strings, arrays and nested objects of the searchable attributes', () => {
    const hit = firstHit({ text: 'chocolat' });
    expect(hit?.highlight?.['name']).toMatchObject({
      value: 'Biscuit <em>Chocolat</em> Noir',
      matchLevel: 'full',
    });
    expect(hit?.highlight?.['tags']).toEqual([
      {
        value: '<em>chocolat</em>',
        matchLevel: 'full',
        matchedWords: ['chocolat'],
        fullyHighlighted: true,
      },
      { value: 'goûter', matchLevel: 'none', matchedWords: [] },
    ]);
    expect(hit?.highlight?.['specs']).toMatchObject({
      flavour: { value: '<em>chocolat</em> intense', matchLevel: 'full' },
      weight: { value: '200', matchLevel: 'none' },
    });
    expect(hit?.highlight?.['brand']).toEqual({
      value: 'LU',
      matchLevel: 'none',
      matchedWords: [],
    });
  });

  it('follows attributesToHighlight, custom tags and restrictHighlightAndSnippetArrays', () => {
    const hit = firstHit({
      text: 'choc',
      attributesToHighlight: ['tags'],
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      restrictHighlightAndSnippetArrays: true,
    });
    expect(hit?.highlight).toEqual({
      tags: [
        {
          value: '__ais-highlight__choc__/ais-highlight__olat',
          matchLevel: 'full',
          matchedWords: ['choc'],
          fullyHighlighted: false,
        },
      ],
    });
  });

  it('snippets attr:N with the ellipsis text', () => {
    const hit = firstHit({
      text: 'bretagne',
      attributesToSnippet: ['description:3'],
      snippetEllipsisText: '...',
    });
    expect(hit?.snippet).toEqual({
      description: { value: '...en <em>Bretagne</em> depuis...', matchLevel: 'full' },
    });
  });

  it('retrieves attributes, never the unretrievable ones unless allowed', () => {
    expect(Object.keys(firstHit({ text: '' })?.record ?? {})).not.toContain('cost');
    expect(firstHit({ text: '', canSeeUnretrievable: true })?.record['cost']).toBe(3);
    expect(firstHit({ text: '', attributesToRetrieve: ['brand'] })?.record).toEqual({
      objectID: 'p1',
      brand: 'LU',
    });
    expect(
      firstHit({ text: '', attributesToRetrieve: ['*', '-description', '-specs'] })?.record,
    ).toEqual({
      objectID: 'p1',
      name: 'Biscuit Chocolat Noir',
      brand: 'LU',
      tags: ['chocolat', 'goûter'],
    });
    const hidden = firstHit({ text: 'chocolat' }, { searchableAttributes: ['cost', 'name'] });
    expect(Object.keys(hidden?.highlight ?? {})).toEqual(['name']);
  });

  it('mirrors arrays of objects, nested in objects, in the highlight and snippet trees', () => {
    const index = new SearchIndex({
      searchableAttributes: ['title', 'editions.format', 'shop.offers.label'],
    });
    index.saveObjects([
      {
        objectID: 'b1',
        title: 'River',
        editions: [
          { format: 'Paperback', year: 1990 },
          { format: 'Hardcover ebook', year: 2001 },
        ],
        shop: {
          name: 'Main',
          offers: [{ label: 'Ebook sale', price: 3 }, { label: 'Gift wrap' }, { price: 9 }],
        },
        tags: ['ebook', 'x'],
      },
    ]);
    const hit = index.search({
      text: 'ebook',
      attributesToSnippet: ['editions.format:1', 'shop.offers.label'],
    }).hits[0];
    const none = (value: string) => ({ value, matchLevel: 'none', matchedWords: [] });
    const full = (value: string) => expect.objectContaining({ value, matchLevel: 'full' });
    expect(hit?.highlight).toEqual({
      title: none('River'),
      editions: [{ format: none('Paperback') }, { format: full('Hardcover <em>ebook</em>') }],
      shop: {
        offers: [{ label: full('<em>Ebook</em> sale') }, { label: none('Gift wrap') }, {}],
      },
    });
    expect(hit?.snippet).toEqual({
      editions: [
        { format: { value: 'Paperback', matchLevel: 'none' } },
        { format: { value: '…<em>ebook</em>', matchLevel: 'full' } },
      ],
      shop: {
        offers: [
          { label: { value: '<em>Ebook</em> sale', matchLevel: 'full' } },
          { label: { value: 'Gift wrap', matchLevel: 'none' } },
          {},
        ],
      },
    });
    const listed = index.search({ text: 'ebook', attributesToHighlight: ['editions', 'tags'] })
      .hits[0];
    expect(listed?.highlight?.['editions']).toEqual([
      { format: none('Paperback'), year: none('1990') },
      { format: full('Hardcover <em>ebook</em>'), year: none('2001') },
    ]);
  });
});

describe('replaceSynonymsInHighlight', () => {
  const records = [
    {
      objectID: 'plant',
      name: 'House plant',
      description: 'A sturdy house plant for shaded rooms and offices.',
    },
    { objectID: 'houses', name: 'Houses of Paris' },
    { objectID: 'guide', name: 'New York City guide' },
    { objectID: 'map', name: 'NYC map' },
    { objectID: 'tablets', name: 'Tablets bundle' },
    { objectID: 'crisps', name: 'Crisps paprika' },
  ];
  const synonyms: SynonymEntry[] = [
    { objectID: 's1', type: 'synonym', synonyms: ['home', 'house'] },
    { objectID: 's2', type: 'synonym', synonyms: ['nyc', 'new york city'] },
    { objectID: 's3', type: 'onewaysynonym', input: 'slate', synonyms: ['tablet'] },
    { objectID: 's4', type: 'altcorrection1', word: 'chips', corrections: ['crisps'] },
  ];
  function hitOf(objectID: string, query: SearchQuery, settings: Partial<IndexSettings> = {}) {
    const index = new SearchIndex({
      searchableAttributes: ['name', 'description'],
      queryType: 'prefixNone',
      ...settings,
    });
    index.saveObjects(records);
    index.setSynonyms(synonyms);
    return index.search(query).hits.find((hit) => hit.record.objectID === objectID);
  }
  const name = (objectID: string, query: SearchQuery, settings?: Partial<IndexSettings>) =>
    (hitOf(objectID, query, settings)?.highlight?.['name'] as HighlightValue | undefined)?.value;
  const on = { replaceSynonymsInHighlight: true };

  it('keeps the record word by default and shows the query word when on, snippets included', () => {
    expect(name('plant', { text: 'home' })).toBe('<em>House</em> plant');
    const hit = hitOf('plant', { text: 'home', attributesToSnippet: ['description:3'], ...on });
    expect(hit?.highlight?.['name']).toEqual({
      value: '<em>home</em> plant',
      matchLevel: 'full',
      matchedWords: ['home'],
      fullyHighlighted: false,
    });
    expect(hit?.snippet?.['description']).toEqual({
      value: '…sturdy <em>home</em> plant…',
      matchLevel: 'full',
    });
    expect(hit?.record['name']).toBe('House plant');
  });

  it('is an index setting a query can override', () => {
    expect(name('plant', { text: 'home' }, on)).toBe('<em>home</em> plant');
    expect(name('plant', { text: 'home', replaceSynonymsInHighlight: false }, on)).toBe(
      '<em>House</em> plant',
    );
  });

  it('replaces a multi-word synonym of a one-word query, never a synonym of a multi-word query', () => {
    expect(name('guide', { text: 'nyc', ...on })).toBe('<em>nyc</em> guide');
    expect(name('guide', { text: 'nyc' })).toBe('<em>New</em> <em>York</em> <em>City</em> guide');
    expect(name('map', { text: 'new york city', ...on })).toBe('<em>NYC</em> map');
  });

  it('replaces one-way synonyms and plural forms of synonyms, not alternative corrections', () => {
    const plurals = { ignorePlurals: ['en'], ...on };
    expect(name('tablets', { text: 'slate', ...plurals })).toBe('<em>slate</em> bundle');
    expect(name('houses', { text: 'home', ...plurals })).toBe('<em>home</em> of Paris');
    expect(name('crisps', { text: 'chips', ...on })).toBe('<em>Crisps</em> paprika');
  });
});
