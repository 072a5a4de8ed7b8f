/**
 * A books catalogue shaped unlike our products (nested objects, numeric arrays, nulls, missing attributes,
 * numbers stored as strings, odd objectIDs), indexed and searched only through the official v5 client, with
 * every count compared with a brute-force count over the fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { bookSettings, displayedFacets } from '../../support/book-settings.ts';
import { type Book, books, countFacet, numbersAt, valuesAt } from '../../support/books.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
  const settings = await client.setSettings({
    indexName: 'books',
    indexSettings: { ...bookSettings, replicas: ['books_price_asc', 'virtual(books_newest)'] },
  });
  await client.waitForTask({ indexName: 'books', taskID: settings.taskID });
  await client.saveObjects({ indexName: 'books', objects: [...books], waitForTasks: true });
  const ascending = await client.setSettings({
    indexName: 'books_price_asc',
    indexSettings: {
      ranking: ['asc(price)', 'typo', 'words', 'filters', 'proximity', 'attribute', 'exact'],
    },
  });
  await client.waitForTask({ indexName: 'books_price_asc', taskID: ascending.taskID });
  const newest = await client.setSettings({
    indexName: 'books_newest',
    indexSettings: { customRanking: ['desc(published)'] },
  });
  await client.waitForTask({ indexName: 'books_newest', taskID: newest.taskID });
});
afterAll(async () => server.close());

const ids = (records: readonly { objectID: string }[]) => records.map((record) => record.objectID);
const where = (predicate: (book: Book) => boolean) => books.filter(predicate);
const hasWord = (book: Book, word: string) => book.title.split(' ').includes(word);
const byReviews = (a: Book, b: Book) => b.stats.reviews - a.stats.reviews;
const bookById = (objectID: string) => {
  const book = books.find((candidate) => candidate.objectID === objectID);
  if (book === undefined) throw new Error(`No book ${objectID}`);
  return book;
};

async function searchAll(params: Record<string, unknown>, indexName = 'books') {
  return client.searchSingleIndex<Book>({
    indexName,
    searchParams: { hitsPerPage: 1000, ...params },
  });
}

async function expectMatches(
  params: Record<string, unknown>,
  predicate: (book: Book) => boolean,
): Promise<void> {
  const result = await searchAll(params);
  const expected = where(predicate);
  expect(result.nbHits, JSON.stringify(params)).toBe(expected.length);
  expect(ids(result.hits).sort(), JSON.stringify(params)).toEqual(ids(expected).sort());
}

describe('settings of a foreign catalogue', () => {
  it('returns through getSettings exactly what was set', async () => {
    const settings = await client.getSettings({ indexName: 'books' });
    expect(settings).toMatchObject({
      searchableAttributes: [...bookSettings.searchableAttributes],
      attributesForFaceting: [...bookSettings.attributesForFaceting],
      customRanking: [...bookSettings.customRanking],
      attributeForDistinct: 'series',
      replicas: ['books_price_asc', 'virtual(books_newest)'],
    });
    const replica = await client.getSettings({ indexName: 'books_price_asc' });
    expect(replica).toMatchObject({ primary: 'books', ranking: expect.any(Array) });
    expect(replica.ranking?.[0]).toBe('asc(price)');
    const virtual = await client.getSettings({ indexName: 'books_newest' });
    expect(virtual).toMatchObject({ primary: 'books', customRanking: ['desc(published)'] });
  });

  it('returns every Algolia setting as it was set, including the ones without effect here', async () => {
    const settings = {
      searchableAttributes: ['title', 'unordered(author.name)', 'genres,publisher'],
      attributesForFaceting: ['afterDistinct(genres)', 'searchable(publisher)', 'filterOnly(isbn)'],
      ranking: [
        'desc(stats.score)',
        'typo',
        'geo',
        'words',
        'filters',
        'proximity',
        'attribute',
        'exact',
        'custom',
      ],
      customRanking: ['asc(price)', 'desc(available)'],
      unretrievableAttributes: ['isbn'],
      attributesToRetrieve: ['title', 'author'],
      attributesToHighlight: ['title'],
      attributesToSnippet: ['description:5'],
      numericAttributesForFiltering: ['equalOnly(pages)', 'price'],
      typoTolerance: 'min',
      ignorePlurals: ['en', 'fr'],
      removeStopWords: ['fr'],
      queryLanguages: ['fr', 'en'],
      indexLanguages: ['fr'],
      minWordSizefor1Typo: 3,
      minWordSizefor2Typos: 7,
      hitsPerPage: 12,
      maxValuesPerFacet: 30,
      maxFacetHits: 20,
      paginationLimitedTo: 500,
      highlightPreTag: '<b>',
      highlightPostTag: '</b>',
      snippetEllipsisText: '...',
      separatorsToIndex: '+#',
      camelCaseAttributes: ['title'],
      disableTypoToleranceOnAttributes: ['isbn'],
      disableExactOnAttributes: ['description'],
      optionalWords: ['the'],
      advancedSyntax: true,
      exactOnSingleWordQuery: 'word',
      alternativesAsExact: ['ignorePlurals'],
      distinct: 2,
      attributeForDistinct: 'series',
      allowTyposOnNumericTokens: false,
      minProximity: 2,
      sortFacetValuesBy: 'alpha',
      queryType: 'prefixNone',
      removeWordsIfNoResults: 'lastWords',
      relevancyStrictness: 80,
      restrictHighlightAndSnippetArrays: true,
      renderingContent: {
        facetOrdering: {
          facets: { order: ['genres'] },
          values: { genres: { order: ['Poetry'], sortRemainingBy: 'alpha' } },
        },
      },
      userData: { theme: 'dark', nested: { list: [1, null, 'x'] } },
      // Accepted by Algolia; Vitrine stores and returns them.
      enableRules: true,
      enablePersonalization: false,
      keepDiacriticsOnCharacters: 'øé',
      decompoundedAttributes: { de: ['title'] },
      replaceSynonymsInHighlight: false,
      attributeCriteriaComputedByMinProximity: true,
      advancedSyntaxFeatures: ['exactPhrase'],
      customNormalization: { default: { ä: 'ae' } },
      disableTypoToleranceOnWords: ['velvet'],
      disablePrefixOnAttributes: ['isbn'],
      responseFields: ['*'],
      allowCompressionOfIntegerArray: true,
      attributesToTransliterate: ['title'],
      mode: 'keywordSearch',
    } as const;
    const response = await client.setSettings({
      indexName: 'books_all_settings',
      indexSettings: settings as never,
    });
    await client.waitForTask({ indexName: 'books_all_settings', taskID: response.taskID });
    const stored = (await client.getSettings({ indexName: 'books_all_settings' })) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(settings)) expect(stored[name], name).toEqual(value);
    await client.deleteIndex({ indexName: 'books_all_settings' });
  });

  it('keeps the diacritics of keepDiacriticsOnCharacters distinct, after re-reading the records', async () => {
    const indexName = 'books_diacritics';
    await client.saveObjects({
      indexName,
      objects: [
        { objectID: 'tea', title: 'Thé vert' },
        { objectID: 'article', title: 'The green' },
      ],
      waitForTasks: true,
    });
    const search = async (query: string) =>
      ids((await client.searchSingleIndex({ indexName, searchParams: { query } })).hits).sort();
    // Folded by default: both spellings find both records.
    expect(await search('the')).toEqual(['article', 'tea']);
    expect(await search('THÉ')).toEqual(['article', 'tea']);
    const settings = await client.setSettings({
      indexName,
      indexSettings: { keepDiacriticsOnCharacters: 'é' },
    });
    await client.waitForTask({ indexName, taskID: settings.taskID });
    expect(await search('THÉ')).toEqual(['tea']);
    expect(await search('the')).toEqual(['article']);
  });

  it('honours keepDiacriticsOnCharacters in facet-value search and in synonyms', async () => {
    const indexName = 'books_diacritics_facets';
    const settings = await client.setSettings({
      indexName,
      indexSettings: {
        searchableAttributes: ['title'],
        attributesForFaceting: ['searchable(genres)'],
        keepDiacriticsOnCharacters: 'é',
        // Else `glace` reaches `glacé` with one typo.
        typoTolerance: false,
      },
    });
    await client.waitForTask({ indexName, taskID: settings.taskID });
    await client.saveObjects({
      indexName,
      objects: [
        { objectID: 'tea', title: 'Thé vert', genres: ['Thé'] },
        { objectID: 'article', title: 'The green', genres: ['The'] },
        { objectID: 'ice', title: 'Iced drink', genres: ['Glacé'] },
      ],
      waitForTasks: true,
    });
    const facetValues = async (facetQuery: string) =>
      (
        await client.searchForFacetValues({
          indexName,
          facetName: 'genres',
          searchForFacetValuesRequest: { facetQuery },
        })
      ).facetHits.map((hit) => hit.value);
    expect(await facetValues('the')).toEqual(['The']);
    expect(await facetValues('THÉ')).toEqual(['Thé']);
    expect(await facetValues('glace')).toEqual([]);
    expect(await facetValues('glacé')).toEqual(['Glacé']);
    const synonyms = await client.saveSynonyms({
      indexName,
      synonymHit: [{ objectID: 'tea', type: 'onewaysynonym', input: 'thé', synonyms: ['iced'] }],
    });
    await client.waitForTask({ indexName, taskID: synonyms.taskID });
    const search = async (query: string) =>
      ids((await client.searchSingleIndex({ indexName, searchParams: { query } })).hits).sort();
    expect(await search('thé')).toEqual(['ice', 'tea']);
    expect(await search('the')).toEqual(['article']);
    await client.deleteIndex({ indexName });
  });

  it('resets a setting to its default when it is set to null, leaving the others untouched', async () => {
    const scratch = 'books_scratch_settings';
    await client.setSettings({
      indexName: scratch,
      indexSettings: { ...bookSettings, hitsPerPage: 7, distinct: 1 },
    });
    const before = await client.getSettings({ indexName: scratch });
    expect(before).toMatchObject({
      hitsPerPage: 7,
      distinct: 1,
      customRanking: ['desc(stats.reviews)'],
    });
    const reset = await client.setSettings({
      indexName: scratch,
      indexSettings: { customRanking: null, hitsPerPage: null } as never,
    });
    await client.waitForTask({ indexName: scratch, taskID: reset.taskID });
    const after = await client.getSettings({ indexName: scratch });
    expect(after.customRanking ?? []).toEqual([]);
    expect(after.hitsPerPage ?? 20).toBe(20);
    expect(after.distinct).toBe(1);
    expect(after.searchableAttributes).toEqual([...bookSettings.searchableAttributes]);
    const search = await client.searchSingleIndex({ indexName: scratch, searchParams: {} });
    expect(search.hitsPerPage).toBe(20);
    await client.deleteIndex({ indexName: scratch });
  });
});

describe('searching a foreign catalogue', () => {
  it('matches query words in the searchable attributes only, ranking by attribute then custom ranking', async () => {
    const result = await searchAll({ query: 'lantern' });
    const first = where((book) => book.title.startsWith('The lantern ')).sort(byReviews);
    const second = where(
      (book) => hasWord(book, 'lantern') && !book.title.startsWith('The lantern '),
    ).sort(byReviews);
    expect(result.nbHits).toBe(first.length + second.length);
    expect(ids(result.hits)).toEqual(ids([...first, ...second]));
    // isbn and pages are not searchable.
    expect((await searchAll({ query: '978' })).nbHits).toBe(0);
  });

  it('searches a nested attribute and highlights it inside its object', async () => {
    const zola = where((book) => book.author?.name === 'Émile Zola');
    for (const query of ['emile zola', 'Émile', 'ÉMILE ZOLA']) {
      const result = await searchAll({ query });
      expect(result.nbHits, query).toBe(zola.length);
    }
    // The surname is also in the (unordered) description, even of the book that has no author object.
    const surname = await searchAll({ query: 'zola' });
    expect(ids(surname.hits).sort()).toEqual(
      ids(where((book) => book.description.includes('Zola'))).sort(),
    );
    expect(surname.nbHits).toBeGreaterThan(zola.length);
    // Matches in `author.name` (2nd searchable attribute) rank before description-only matches (3rd).
    expect(ids(surname.hits.slice(0, zola.length)).sort()).toEqual(ids(zola).sort());
    const result = await searchAll({ query: 'emile', hitsPerPage: 1 });
    const highlight = result.hits[0]?._highlightResult as Record<string, unknown>;
    expect(highlight['author']).toMatchObject({
      name: { value: '<em>Émile</em> Zola', matchLevel: 'full', matchedWords: ['emile'] },
    });
  });

  it('counts every facet over the whole catalogue, numbers and booleans as strings, nulls ignored', async () => {
    const result = await searchAll({ facets: ['*'], hitsPerPage: 0, maxValuesPerFacet: 1000 });
    expect(result.nbHits).toBe(books.length);
    expect(Object.keys(result.facets ?? {}).sort()).toEqual([...displayedFacets].sort());
    for (const facet of displayedFacets) {
      expect(result.facets?.[facet], facet).toEqual(countFacet(books, facet));
    }
    const prices = books.flatMap((book) => numbersAt(book, 'price'));
    const stats = result.facets_stats?.['price'];
    expect(stats?.min).toBe(Math.min(...prices));
    expect(stats?.max).toBe(Math.max(...prices));
    expect(stats?.sum).toBeCloseTo(
      prices.reduce((sum, price) => sum + price, 0),
      6,
    );
    expect(result.facets_stats?.['pages']?.max).toBe(
      Math.max(...books.flatMap((book) => numbersAt(book, 'pages'))),
    );
  });

  it('filters on quoted values with spaces, unicode, case-insensitive values and missing attributes', async () => {
    await expectMatches(
      { filters: 'author.name:"Émile Zola"' },
      (book) => book.author?.name === 'Émile Zola',
    );
    await expectMatches({ filters: 'language:日本語' }, (book) => book.language === '日本語');
    await expectMatches({ filters: 'genres:littérature' }, (book) =>
      book.genres.includes('Littérature'),
    );
    await expectMatches(
      { filters: '"categories.lvl1":"Jeunesse > Albums" AND NOT genres:Poetry' },
      (book) => book.categories.lvl1 === 'Jeunesse > Albums' && !book.genres.includes('Poetry'),
    );
    await expectMatches(
      { filters: 'series:"Saga 1" OR series:"Saga 2"' },
      (book) => book.series === 'Saga 1' || book.series === 'Saga 2',
    );
    await expectMatches({ filters: 'NOT series:"Saga 1"' }, (book) => book.series !== 'Saga 1');
    await expectMatches(
      { filters: 'publisher:"-ish Press"' },
      (book) => book.publisher === '-ish Press',
    );
    await expectMatches({ filters: `publisher:"O'Reilly Media"` }, (book) =>
      book.publisher.startsWith('O'),
    );
    await expectMatches({ filters: 'available:true' }, (book) => book.available === true);
    await expectMatches({ filters: 'available:false' }, (book) => book.available === false);
    await expectMatches({ filters: 'isbn:"978-000012"' }, (book) => book.isbn === '978-000012');
    await expectMatches(
      { filters: '"categories.lvl2":"Fiction > Classics > Anthologies"' },
      (book) => valuesAt(book, 'categories.lvl2').includes('Fiction > Classics > Anthologies'),
    );
  });

  it('filters numeric arrays, ranges, timestamps, and ignores numbers stored as strings', async () => {
    await expectMatches({ filters: 'ratings = 5' }, (book) => book.ratings.includes(5));
    await expectMatches(
      { filters: 'ratings > 4 AND price < 20' },
      (book) => book.ratings.some((rating) => rating > 4) && book.price !== null && book.price < 20,
    );
    const from = 978_307_200;
    const to = 1_009_843_200;
    await expectMatches(
      { filters: `published:${from} TO ${to}` },
      (book) => book.published >= from && book.published <= to,
    );
    await expectMatches({ numericFilters: ['pages > 300'] }, (book) =>
      numbersAt(book, 'pages').some((pages) => pages > 300),
    );
    await expectMatches(
      { numericFilters: [['ratings<=1', 'stats.reviews>=450'], 'price:10 TO 20'] },
      (book) =>
        (book.ratings.some((rating) => rating <= 1) || book.stats.reviews >= 450) &&
        book.price !== null &&
        book.price >= 10 &&
        book.price <= 20,
    );
    await expectMatches({ numericFilters: ['ratings != 3'] }, (book) =>
      book.ratings.some((rating) => rating !== 3),
    );
  });

  it('facet-filters numbers stored as numbers or strings alike, and booleans case-insensitively', async () => {
    const byPages = (pages: string) => (book: Book) => String(book.pages) === pages;
    // "106" is stored as a string by one book and as the number 106 by another: a facet filter matches both.
    expect(where(byPages('106')).map((book) => typeof book.pages)).toEqual(['number', 'string']);
    await expectMatches({ filters: 'pages:106' }, byPages('106'));
    await expectMatches({ filters: 'pages:103' }, byPages('103'));
    await expectMatches({ facetFilters: [['pages:106', 'pages:103']] }, (book) =>
      ['106', '103'].includes(String(book.pages)),
    );
    // A numeric filter only sees numbers (a number stored as a string is not numeric); booleans count as 1/0.
    await expectMatches({ filters: 'pages = 106' }, (book) => book.pages === 106);
    await expectMatches({ filters: 'available = 1' }, (book) => book.available === true);
    await expectMatches({ filters: 'available:TRUE' }, (book) => book.available === true);
    await expectMatches({ filters: 'price:12' }, (book) => book.price === 12);
    const star = await searchAll({ facets: '*', hitsPerPage: 0 } as Record<string, unknown>);
    expect(Object.keys(star.facets ?? {}).sort()).toEqual([...displayedFacets].sort());
  });

  // Algolia lets `objectID` be used as a facet filter without declaring it ("You can use it as a facet filter,
  // but you can't facet it" — records guide).
  it('filters on objectID without declaring it for faceting', async () => {
    await expectMatches(
      { filters: 'objectID:"fiction/11"' },
      (book) => book.objectID === 'fiction/11',
    );
    await expectMatches({ filters: 'NOT objectID:"book 0"' }, (book) => book.objectID !== 'book 0');
    await expectMatches({ facetFilters: [['objectID:b4', 'objectID:本-3']] }, (book) =>
      ['b4', '本-3'].includes(book.objectID),
    );
  });

  it('filters and counts on an array of objects, each element flattened into the record', async () => {
    await expectMatches(
      { filters: 'editions.format:Ebook AND editions.year >= 2015' },
      (book) =>
        book.editions.some((edition) => edition.format === 'Ebook') &&
        book.editions.some((edition) => edition.year >= 2015),
    );
    await expectMatches({ numericFilters: ['editions.year:1990 TO 1995'] }, (book) =>
      book.editions.some((edition) => edition.year >= 1990 && edition.year <= 1995),
    );
    const result = await searchAll({
      facets: ['editions.format'],
      filters: 'available:true',
      hitsPerPage: 0,
    });
    expect(result.facets?.['editions.format']).toEqual(
      countFacet(
        where((book) => book.available === true),
        'editions.format',
      ),
    );
  });

  // `_highlightResult` mirrors the record's shape — an array of objects gives an array of objects
  // (`editions: [{format: {value…}}, …]`, as the v4 client's recursive HighlightResult<T> type and InstantSearch's
  // `attribute={['editions', 0, 'format']}` expect).
  it('mirrors an array of objects in _highlightResult', async () => {
    const indexName = 'books_editions';
    await client.setSettings({
      indexName,
      indexSettings: { searchableAttributes: ['title', 'editions.format'] },
    });
    await client.saveObjects({ indexName, objects: books.slice(0, 12), waitForTasks: true });
    const result = await client.searchSingleIndex<Book>({
      indexName,
      searchParams: { query: 'ebook' },
    });
    const book = bookById('livre-2-été'); // a Paperback and an Ebook
    const hit = result.hits.find((candidate) => candidate.objectID === book.objectID);
    const highlight = hit?._highlightResult as Record<string, unknown>;
    expect(highlight['editions']).toEqual(
      book.editions.map((edition) => ({
        format: expect.objectContaining({
          value: edition.format === 'Ebook' ? '<em>Ebook</em>' : edition.format,
        }),
      })),
    );
  });

  it('reads facetFilters with escaped dashes, negations and OR groups', async () => {
    await expectMatches({ facetFilters: ['genres:\\-Experimental'] }, (book) =>
      book.genres.includes('-Experimental'),
    );
    await expectMatches(
      { facetFilters: ['genres:-Poetry'] },
      (book) => !book.genres.includes('Poetry'),
    );
    await expectMatches({ facetFilters: ['publisher:-ish Press'] }, () => true);
    await expectMatches(
      { facetFilters: ['publisher:\\-ish Press'] },
      (book) => book.publisher === '-ish Press',
    );
    await expectMatches(
      { facetFilters: [['genres:Fantasy', 'genres:Self Help'], 'language:fr'] },
      (book) =>
        (book.genres.includes('Fantasy') || book.genres.includes('Self Help')) &&
        book.language === 'fr',
    );
    await expectMatches(
      { facetFilters: ['author.country:日本'] },
      (book) => book.author?.country === '日本',
    );
  });

  it('filters on _tags with tagFilters and filters, tags being case-sensitive', async () => {
    await expectMatches({ tagFilters: [['signed copy', 'bestseller']] }, (book) =>
      book._tags.some((tag) => tag === 'signed copy' || tag === 'bestseller'),
    );
    await expectMatches(
      { tagFilters: ['bestseller', '-signed copy'] },
      (book) => book._tags.includes('bestseller') && !book._tags.includes('signed copy'),
    );
    await expectMatches({ filters: '_tags:"Édition limitée"' }, (book) =>
      book._tags.includes('Édition limitée'),
    );
    await expectMatches({ tagFilters: ['BESTSELLER'] }, () => false);
  });

  it('counts facets under a query and filters, exactly', async () => {
    const predicate = (book: Book) =>
      hasWord(book, 'winter') && book.ratings.some((rating) => rating >= 3);
    const result = await searchAll({
      query: 'winter',
      numericFilters: ['ratings>=3'],
      facets: ['genres', 'categories.lvl1', 'available', 'series'],
    });
    const matched = where(predicate);
    expect(result.nbHits).toBe(matched.length);
    for (const facet of ['genres', 'categories.lvl1', 'available', 'series'])
      expect(result.facets?.[facet], facet).toEqual(countFacet(matched, facet));
  });

  it('groups by attributeForDistinct, keeping the best record of each series and every record without one', async () => {
    const result = await searchAll({ distinct: true });
    const groups = new Map<string, Book>();
    const loose: Book[] = [];
    for (const book of [...books].sort(byReviews)) {
      if (typeof book.series !== 'string') loose.push(book);
      else if (!groups.has(book.series)) groups.set(book.series, book);
    }
    const expected = [...groups.values(), ...loose];
    expect(ids(result.hits).sort()).toEqual(ids(expected).sort());
    expect(result.nbHits).toBe(expected.length);
  });

  // Algolia (api-parameters/distinct): with distinct > 1, hitsPerPage counts groups, a page holds up to
  // hitsPerPage × distinct hits, and nbHits is the number of groups.
  it('pages and counts groups with distinct: 2', async () => {
    const members = new Map<string, Book[]>();
    const order: Book[][] = [];
    for (const book of [...books].sort(byReviews)) {
      const key = typeof book.series === 'string' ? book.series : `\u0000${book.objectID}`;
      let group = members.get(key);
      if (group === undefined) {
        group = [];
        members.set(key, group);
        order.push(group);
      }
      if (group.length < 2) group.push(book);
    }
    const first = await searchAll({ distinct: 2, hitsPerPage: 3 });
    // Groups, not the books they hold (fewer: series group several books).
    expect(first.nbHits).toBe(order.length);
    expect(order.length).toBeLessThan(books.length);
    expect(first.nbPages).toBe(Math.ceil(order.length / 3));
    expect(ids(first.hits)).toEqual(ids(order.slice(0, 3).flat()));
    const second = await searchAll({ distinct: 2, hitsPerPage: 3, page: 1 });
    expect(ids(second.hits)).toEqual(ids(order.slice(3, 6).flat()));
  });

  it('counts facets after distinct with facetingAfterDistinct', async () => {
    const result = await searchAll({
      distinct: 1,
      facetingAfterDistinct: true,
      facets: ['language', 'series'],
      hitsPerPage: 0,
    });
    const winners = new Map<string, Book>();
    const kept: Book[] = [];
    for (const book of [...books].sort(byReviews)) {
      if (typeof book.series !== 'string') kept.push(book);
      else if (!winners.has(book.series)) winners.set(book.series, book);
    }
    kept.push(...winners.values());
    expect(result.facets?.['language']).toEqual(countFacet(kept, 'language'));
    expect(result.facets?.['series']).toEqual(countFacet(kept, 'series'));
    const before = await searchAll({ distinct: 1, facets: ['series'], hitsPerPage: 0 });
    expect(before.facets?.['series']).toEqual(countFacet(books, 'series'));
  });

  it('sorts on a standard replica with asc(price), missing prices last', async () => {
    const result = await searchAll({}, 'books_price_asc');
    expect(result.nbHits).toBe(books.length);
    const prices = result.hits.map((hit) => hit.price);
    const priced = prices.filter((price) => price !== null && price !== undefined);
    expect(priced).toEqual([...priced].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(prices.slice(priced.length).every((price) => price === null)).toBe(true);
    expect(result.index).toBe('books_price_asc');
  });

  it('sorts a virtual replica by relevant sort on a timestamp', async () => {
    const newestFirst = (a: Book, b: Book) => b.published - a.published;
    const all = await searchAll({}, 'books_newest');
    expect(ids(all.hits)).toEqual(ids([...books].sort(newestFirst)));
    expect(all.nbSortedHits).toBe(books.length);
    expect(all['appliedRelevancyStrictness']).toBe(100);
    // With a query, only the relevant enough hits are sorted (how many is the engine's call), newest first.
    const result = await searchAll({ query: 'river' }, 'books_newest');
    const sorted = result.hits.map((hit) => hit.published);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(result.nbSortedHits).toBe(result.hits.length);
    expect(result.hits.every((hit) => hasWord(hit, 'river'))).toBe(true);
  });

  it('searches facet values of searchable facets only, with contextual counts', async () => {
    const response = await client.searchForFacetValues({
      indexName: 'books',
      facetName: 'genres',
      searchForFacetValuesRequest: { facetQuery: 'litt' },
    });
    expect(response.facetHits).toEqual([
      {
        value: 'Littérature',
        highlighted: '<em>Litt</em>érature',
        count: where((book) => book.genres.includes('Littérature')).length,
      },
    ]);
    const experimental = await client.searchForFacetValues({
      indexName: 'books',
      facetName: 'genres',
      searchForFacetValuesRequest: { facetQuery: 'experi' },
    });
    expect(experimental.facetHits.map((hit) => [hit.value, hit.count])).toEqual([
      ['-Experimental', where((book) => book.genres.includes('-Experimental')).length],
    ]);
    const nested = await client.searchForFacetValues({
      indexName: 'books',
      facetName: 'author.name',
      searchForFacetValuesRequest: { facetQuery: 'mu', filters: 'available:true' } as never,
    });
    expect(nested.facetHits.map((hit) => [hit.value, hit.count])).toEqual([
      [
        'Haruki Murakami',
        where((book) => book.author?.name === 'Haruki Murakami' && book.available === true).length,
      ],
    ]);
    const none = await client.searchForFacetValues({
      indexName: 'books',
      facetName: 'author.name',
      searchForFacetValuesRequest: { facetQuery: 'mu', filters: 'language:fr' } as never,
    });
    expect(none.facetHits).toEqual([]);
    await expect(
      client.searchForFacetValues({
        indexName: 'books',
        facetName: 'publisher',
        searchForFacetValuesRequest: { facetQuery: 'pen' },
      }),
    ).rejects.toMatchObject(
      apiError(
        400,
        'Cannot search in `publisher` attribute, you need to add `searchable(publisher)` to attributesForFaceting.',
      ),
    );
  });

  it('boosts and buries with scored optionalFilters on a nested attribute', async () => {
    const result = await searchAll({
      query: 'river',
      optionalFilters: ['author.name:Toni Morrison<score=2>', 'genres:-Fantasy'],
      getRankingInfo: true,
    });
    const river = where((book) => hasWord(book, 'river'));
    expect(result.nbHits).toBe(river.length);
    const score = (book: Book) =>
      (book.author?.name === 'Toni Morrison' ? 2 : 0) + (book.genres.includes('Fantasy') ? 0 : 1);
    const scores = result.hits.map((hit) => score(bookById(hit.objectID)));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(result.hits.map((hit) => hit._rankingInfo?.filters)).toEqual(scores);
  });

  // Algolia's filter-scoring guide: `(company:Google<score=3> OR company:Amazon<score=2>)` ranks Google first.
  it('ranks by the scores of an OR group in filters', async () => {
    const result = await searchAll({
      filters: '(genres:Poetry<score=3> OR genres:Fantasy<score=1>)',
      getRankingInfo: true,
    });
    const expected = where(
      (book) => book.genres.includes('Poetry') || book.genres.includes('Fantasy'),
    );
    expect(result.nbHits).toBe(expected.length);
    const scores = result.hits.map((hit) => (hit.genres.includes('Poetry') ? 3 : 1));
    expect(result.hits.map((hit) => hit._rankingInfo?.filters)).toEqual(scores);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(scores)).toEqual(new Set([3, 1]));
  });

  it('takes the best score of an OR group, or the sum with sumOrFiltersScores, plus optionalFilters', async () => {
    const filters = '(genres:Non-Fiction<score=3> OR genres:Fantasy<score=2>) AND price > 10';
    const matching = (book: Book) =>
      (book.genres.includes('Non-Fiction') || book.genres.includes('Fantasy')) &&
      typeof book.price === 'number' &&
      book.price > 10;
    const group = (book: Book, sum: boolean) => {
      const nonFiction = book.genres.includes('Non-Fiction') ? 3 : 0;
      const fantasy = book.genres.includes('Fantasy') ? 2 : 0;
      return sum ? nonFiction + fantasy : Math.max(nonFiction, fantasy);
    };
    const boost = (book: Book) => (book.language === 'fr' ? 10 : 0);
    for (const sumOrFiltersScores of [false, true]) {
      const result = await searchAll({
        filters,
        optionalFilters: ['language:fr<score=10>'],
        sumOrFiltersScores,
        getRankingInfo: true,
      });
      expect(ids(result.hits).sort()).toEqual(ids(where(matching)).sort());
      const scores = result.hits.map((hit) => {
        const book = bookById(hit.objectID);
        return group(book, sumOrFiltersScores) + boost(book);
      });
      expect(result.hits.map((hit) => hit._rankingInfo?.filters)).toEqual(scores);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      // Some books hold both genres: summing changes their score.
      expect(scores.some((score) => score % 10 === 5)).toBe(sumOrFiltersScores);
    }
    // Unscored filters rank nothing: `_rankingInfo.filters` stays 0, the custom ranking decides.
    const plain = await searchAll({
      filters: 'genres:Fantasy OR genres:Poetry',
      getRankingInfo: true,
    });
    expect(new Set(plain.hits.map((hit) => hit._rankingInfo?.filters))).toEqual(new Set([0]));
    const reviews = plain.hits.map((hit) => hit.stats.reviews);
    expect(reviews).toEqual([...reviews].sort((a, b) => b - a));
  });

  it('returns the top maxValuesPerFacet values by count, or the first ones alphabetically', async () => {
    const all = countFacet(books, 'price');
    const result = await searchAll({
      facets: ['price', 'genres'],
      maxValuesPerFacet: 5,
      hitsPerPage: 0,
    });
    const received = result.facets?.['price'] ?? {};
    expect(Object.keys(received)).toHaveLength(5);
    const lowestShown = Math.min(...Object.values(received));
    for (const [value, count] of Object.entries(received)) expect(all[value], value).toBe(count);
    for (const [value, count] of Object.entries(all)) {
      if (!(value in received)) expect(count, value).toBeLessThanOrEqual(lowestShown);
    }
    const alpha = await searchAll({
      facets: ['genres'],
      maxValuesPerFacet: 3,
      sortFacetValuesBy: 'alpha',
      hitsPerPage: 0,
    });
    const genreCounts = countFacet(books, 'genres');
    const firstThree = Object.keys(genreCounts).sort().slice(0, 3);
    expect(alpha.facets?.['genres']).toEqual(
      Object.fromEntries(firstThree.map((value) => [value, genreCounts[value]])),
    );
  });

  it('ignores filterOnly and undeclared attributes in facets', async () => {
    const result = await searchAll({ facets: ['isbn', 'title', 'genres'], hitsPerPage: 0 });
    expect(Object.keys(result.facets ?? {})).toEqual(['genres']);
  });

  it('pages through results with nbPages computed from nbHits', async () => {
    const page = await client.searchSingleIndex({
      indexName: 'books',
      searchParams: { query: '', hitsPerPage: 40, page: 3 },
    });
    expect(page).toMatchObject({ nbHits: 150, nbPages: 4, page: 3, hitsPerPage: 40 });
    expect(page.hits).toHaveLength(30);
    const everything = await searchAll({});
    expect(ids(page.hits)).toEqual(ids(everything.hits).slice(120));
    expect(ids(everything.hits)).toEqual(ids([...books].sort(byReviews)));
  });
});
