/**
 * Search parameters of docs/api.md §3.2 that the other contract tests set but never search with, tried through
 * the official v5 client on the books catalogue: offset/length, attributesToRetrieve exclusions, highlighting of
 * arrays and nested objects, snippets and their tags, queryType, removeWordsIfNoResults, optionalWords,
 * advancedSyntax, typo tolerance variants, plurals and stop words, responseFields, ranking info, queryID and
 * renderingContent from rules. Expected hits come from brute force over `books`.
 */
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSettings } from '../../support/book-settings.ts';
import { type Book, books } from '../../support/books.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;
const indexName = 'books_params';

beforeAll(async () => {
  server = await startTestServer();
  client = algoliasearch(appId, adminKey, { hosts: hostsOf(server) });
  await client.setSettings({ indexName, indexSettings: bookSettings });
  await client.saveObjects({ indexName, objects: [...books], waitForTasks: true });
});
afterAll(async () => server.close());

type Params = Parameters<typeof client.searchSingleIndex>[0]['searchParams'];
type Hit = Book & {
  _highlightResult?: Record<string, unknown>;
  _snippetResult?: Record<string, unknown>;
  _rankingInfo?: Record<string, unknown>;
};

const search = (params: Params) =>
  client.searchSingleIndex<Hit>({ indexName, searchParams: { hitsPerPage: 1000, ...params } });
const ids = (records: readonly { objectID: string }[]) => records.map((record) => record.objectID);
const hasWord = (book: Book, word: string) => book.title.split(' ').includes(word);
const where = (predicate: (book: Book) => boolean) => ids(books.filter(predicate)).sort();

async function matches(params: Params): Promise<string[]> {
  const result = await search(params);
  expect(result.hits.length, JSON.stringify(params)).toBe(result.nbHits);
  return ids(result.hits).sort();
}

describe('paging and retrieving', () => {
  it('returns length hits from offset, the same ones page/hitsPerPage would', async () => {
    const all = await search({ query: 'river' });
    const window = await search({ query: 'river', offset: 3, length: 4 });
    expect(ids(window.hits)).toEqual(ids(all.hits).slice(3, 7));
    expect(window.nbHits).toBe(all.nbHits);
    const past = await search({ query: 'river', offset: (all.nbHits ?? 0) + 5, length: 4 });
    expect(past.hits).toEqual([]);
  });

  it('retrieves every attribute but the excluded ones with ["*", "-attr"], objectID always', async () => {
    const result = await search({
      query: 'garden',
      attributesToRetrieve: ['*', '-description', '-author', '-objectID'],
    });
    expect(result.hits.length).toBeGreaterThan(0);
    for (const hit of result.hits) {
      const book = books.find((candidate) => candidate.objectID === hit.objectID) as Book;
      const { description: _d, author: _a, ...expected } = book;
      const { _highlightResult, _snippetResult, _rankingInfo, ...retrieved } = hit;
      expect(retrieved).toEqual(expected);
    }
  });
});

describe('highlighting and snippets', () => {
  it('highlights an array attribute item by item, and only the attributes asked for', async () => {
    const result = await search({
      query: 'fantasy',
      attributesToHighlight: ['genres', 'author.name'],
      highlightPreTag: '<<',
      highlightPostTag: '>>',
    });
    const expected = books.filter((book) => book.genres.includes('Fantasy'));
    expect(ids(result.hits).sort()).toEqual(ids(expected).sort());
    for (const hit of result.hits) {
      const book = books.find((candidate) => candidate.objectID === hit.objectID) as Book;
      const highlight = hit._highlightResult as Record<string, unknown>;
      expect(Object.keys(highlight).sort()).toEqual(
        book.author === undefined ? ['genres'] : ['author', 'genres'],
      );
      const genres = highlight['genres'] as { value: string; matchLevel: string }[];
      expect(genres.map((entry) => entry.value)).toEqual(
        book.genres.map((genre) => (genre === 'Fantasy' ? '<<Fantasy>>' : genre)),
      );
      expect(genres.map((entry) => entry.matchLevel)).toEqual(
        book.genres.map((genre) => (genre === 'Fantasy' ? 'full' : 'none')),
      );
      if (book.author !== undefined) {
        expect(highlight['author']).toEqual({
          name: { value: book.author.name, matchLevel: 'none', matchedWords: [] },
        });
      }
    }
  });

  it('keeps only the matching items of arrays with restrictHighlightAndSnippetArrays', async () => {
    const result = await search({
      query: 'fantasy',
      attributesToHighlight: ['genres'],
      attributesToSnippet: ['genres'],
      restrictHighlightAndSnippetArrays: true,
    });
    const twoGenres = result.hits.filter((hit) => hit.genres.length > 1);
    expect(twoGenres.length).toBeGreaterThan(0);
    for (const hit of twoGenres) {
      const highlighted = (hit._highlightResult?.['genres'] ?? []) as { value: string }[];
      expect(highlighted.map((entry) => entry.value)).toEqual(['<em>Fantasy</em>']);
      const snippets = (hit._snippetResult?.['genres'] ?? []) as { value: string }[];
      expect(snippets.map((entry) => entry.value)).toEqual(['<em>Fantasy</em>']);
    }
  });

  it('snippets N words with the requested ellipsis and tags', async () => {
    const result = await search({
      query: 'volume',
      attributesToSnippet: ['description:3'],
      snippetEllipsisText: '[…]',
      highlightPreTag: '[',
      highlightPostTag: ']',
      hitsPerPage: 20,
    });
    expect(result.hits.length).toBeGreaterThan(0);
    for (const hit of result.hits) {
      const snippet = hit._snippetResult?.['description'] as { value: string; matchLevel: string };
      expect(snippet.matchLevel).toBe('full');
      expect(snippet.value).toContain('[volume]');
      // The description has 12+ words: a 3-word window is cut, so the ellipsis shows.
      expect(snippet.value).toContain('[…]');
      const words = snippet.value
        .replaceAll('[…]', ' ')
        .split(/\s+/)
        .filter((word) => /\p{L}|\p{N}/u.test(word));
      expect(words.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('highlighting typed prefixes, whole nested objects and unmatched snippets', () => {
  it('highlights only the typed prefix, and every attribute of a nested object asked for whole', async () => {
    const result = await search({ query: 'riv', attributesToHighlight: ['title', 'author'] });
    expect(result.nbHits).toBe(books.filter((book) => hasWord(book, 'river')).length);
    for (const hit of result.hits) {
      const title = hit._highlightResult?.['title'] as Record<string, unknown>;
      expect(title['value']).toBe(hit.title.replace('river', '<em>riv</em>er'));
      expect(title['matchLevel']).toBe('full');
      expect(title['fullyHighlighted']).toBe(false);
      if (hit.author !== undefined) {
        const author = hit._highlightResult?.['author'] as Record<string, { value: unknown }>;
        // Its string attributes at least (whether numbers such as `born` are highlighted is not documented).
        expect(Object.keys(author)).toEqual(expect.arrayContaining(['country', 'name']));
        expect(author['country']?.value).toBe(hit.author.country);
      }
    }
  });

  it('uses … by default as the ellipsis, and the request tags in facet-value search', async () => {
    const result = await search({
      query: 'volume',
      attributesToSnippet: ['description:2'],
      hitsPerPage: 2,
    });
    for (const hit of result.hits) {
      const snippet = hit._snippetResult?.['description'] as { value: string };
      expect(snippet.value).toContain('\u2026');
    }
    const { facetHits } = await client.searchForFacetValues({
      indexName,
      facetName: 'author.name',
      searchForFacetValuesRequest: {
        facetQuery: 'ach',
        highlightPreTag: '<b>',
        highlightPostTag: '</b>',
      } as never,
    });
    expect(facetHits).toEqual([
      {
        value: 'Chinua Achebe',
        highlighted: 'Chinua <b>Ach</b>ebe',
        count: books.filter((book) => book.author?.name === 'Chinua Achebe').length,
      },
    ]);
  });

  it('snippets an attribute without a match from its start, matchLevel none', async () => {
    const result = await search({
      query: 'lovelace',
      attributesToSnippet: ['title:2'],
      hitsPerPage: 3,
    });
    expect(result.hits.length).toBeGreaterThan(0);
    for (const hit of result.hits) {
      const snippet = hit._snippetResult?.['title'] as { value: string; matchLevel: string };
      expect(snippet.matchLevel).toBe('none');
      expect(snippet.value.startsWith(hit.title.split(' ').slice(0, 2).join(' '))).toBe(true);
    }
  });
});

describe('how the query words match', () => {
  it('makes only the last word a prefix by default, every word with prefixAll, none with prefixNone', async () => {
    // Every "river" title reads "The river of the winter".
    const both = where((book) => hasWord(book, 'river') && hasWord(book, 'winter'));
    expect(both.length).toBeGreaterThan(0);
    const strict = { typoTolerance: false } as const;
    expect(await matches({ ...strict, query: 'river wint' })).toEqual(both);
    expect(await matches({ ...strict, query: 'riv wint' })).toEqual([]);
    expect(await matches({ ...strict, query: 'riv wint', queryType: 'prefixAll' })).toEqual(both);
    expect(await matches({ ...strict, query: 'river wint', queryType: 'prefixNone' })).toEqual([]);
    expect(await matches({ ...strict, query: 'river winter', queryType: 'prefixNone' })).toEqual(
      both,
    );
  });

  it('drops words when nothing matches, as removeWordsIfNoResults says', async () => {
    const river = where((book) => hasWord(book, 'river'));
    const strict = { typoTolerance: false } as const;
    expect(await matches({ ...strict, query: 'river zzqx' })).toEqual([]);
    expect(
      await matches({ ...strict, query: 'river zzqx', removeWordsIfNoResults: 'lastWords' }),
    ).toEqual(river);
    expect(
      await matches({ ...strict, query: 'zzqx river', removeWordsIfNoResults: 'firstWords' }),
    ).toEqual(river);
    expect(
      await matches({ ...strict, query: 'zzqx river', removeWordsIfNoResults: 'allOptional' }),
    ).toEqual(river);
    // The answer says which words were dropped.
    const result = await search({
      ...strict,
      query: 'river zzqx',
      removeWordsIfNoResults: 'lastWords',
    });
    expect(result.nbHits).toBe(river.length);
  });

  it('drops one word at a time and stops at the first query that matches', async () => {
    const both = where((book) => hasWord(book, 'river') && hasWord(book, 'winter'));
    const strict = { typoTolerance: false } as const;
    expect(
      await matches({
        ...strict,
        query: 'winter river zzqx yyqw',
        removeWordsIfNoResults: 'lastWords',
      }),
    ).toEqual(both);
    expect(
      await matches({
        ...strict,
        query: 'zzqx yyqw river winter',
        removeWordsIfNoResults: 'firstWords',
      }),
    ).toEqual(both);
  });

  it('sorts facet values alphabetically for sortFacetValuesBy alpha, in search for facet values too', async () => {
    const { facetHits } = await client.searchForFacetValues({
      indexName,
      facetName: 'genres',
      searchForFacetValuesRequest: {
        facetQuery: '',
        maxFacetHits: 3,
        sortFacetValuesBy: 'alpha',
      } as never,
    });
    const names = [...new Set(books.flatMap((book) => book.genres))].sort((a, b) =>
      a.localeCompare(b, 'en', { sensitivity: 'base' }),
    );
    expect(facetHits.map((hit) => hit.value)).toEqual(names.slice(0, 3));
  });

  it('treats optionalWords as optional, ranking records with them first', async () => {
    // "The river of the winter" and "The forest of the river"; "The winter of the harvest" has no river.
    const river = books.filter((book) => hasWord(book, 'river'));
    const result = await search({
      query: 'river winter',
      optionalWords: ['winter'],
      typoTolerance: false,
    });
    // Records with only the optional word do not match; the required one is enough.
    expect(ids(result.hits).sort()).toEqual(ids(river).sort());
    const withWinter = river.filter((book) => hasWord(book, 'winter')).length;
    expect(withWinter).toBeGreaterThan(0);
    expect(withWinter).toBeLessThan(river.length);
    // Records holding both words outrank those holding only the required one (the `words` criterion).
    expect(result.hits.slice(0, withWinter).every((hit) => hasWord(hit, 'winter'))).toBe(true);
  });

  it('matches exact phrases and excludes words with advancedSyntax, per advancedSyntaxFeatures', async () => {
    // Titles "The river of the winter" (descriptions "A tale of winter and river, …") and
    // "The forest of the river"; "The winter of the harvest".
    const river = where((book) => hasWord(book, 'river') && hasWord(book, 'winter'));
    expect(river.length).toBeGreaterThan(0);
    const on = { advancedSyntax: true, typoTolerance: false } as const;
    expect(await matches({ ...on, query: '"river of the winter"' })).toEqual(river);
    expect(await matches({ ...on, query: '"winter and river"' })).toEqual(river);
    expect(await matches({ ...on, query: '"river winter"' })).toEqual([]);
    expect(await matches({ typoTolerance: false, query: '"river winter"' })).toEqual(river);
    expect(await matches({ ...on, query: 'winter -river' })).toEqual(
      where((book) => hasWord(book, 'winter') && !hasWord(book, 'river')),
    );
    expect(
      await matches({ ...on, query: '"river winter"', advancedSyntaxFeatures: ['exactPhrase'] }),
    ).toEqual([]);
    // Without exactPhrase the quotes are plain separators.
    expect(
      await matches({ ...on, query: '"river winter"', advancedSyntaxFeatures: ['excludeWords'] }),
    ).toEqual(river);
  });

  it('applies typoTolerance true, false, min and strict', async () => {
    const river = where((book) => hasWord(book, 'river'));
    expect(await matches({ query: 'rivr' })).toEqual(river);
    expect(await matches({ query: 'rivr', typoTolerance: false })).toEqual([]);
    expect(await matches({ query: 'rivr', typoTolerance: 'min' })).toEqual(river);
    expect(await matches({ query: 'rivr', typoTolerance: 'strict' })).toEqual(river);
    // `min` keeps only the lowest typo count: the exact matches hide the one-typo ones.
    const exactRiver = await search({ query: 'river', typoTolerance: 'min', getRankingInfo: true });
    expect(exactRiver.hits.every((hit) => hit._rankingInfo?.['nbTypos'] === 0)).toBe(true);
  });

  it('tolerates typos on numbers only when allowTyposOnNumericTokens is true', async () => {
    const base = { query: '142', minWordSizefor1Typo: 3, minWordSizefor2Typos: 8 } as const;
    const exact = where((book) => / 142\.$/.test(book.description));
    expect(exact).toHaveLength(1);
    expect(await matches({ ...base, allowTyposOnNumericTokens: false })).toEqual(exact);
    const tolerant = await matches({ ...base, allowTyposOnNumericTokens: true });
    expect(tolerant.length).toBeGreaterThan(1);
    expect(tolerant).toEqual(expect.arrayContaining(exact));
  });

  it('matches plurals with ignorePlurals and drops stop words with removeStopWords', async () => {
    const river = where((book) => hasWord(book, 'river'));
    const strict = { typoTolerance: false } as const;
    expect(await matches({ ...strict, query: 'rivers garden', queryType: 'prefixNone' })).toEqual(
      [],
    );
    expect(
      await matches({
        ...strict,
        query: 'rivers',
        queryType: 'prefixNone',
        ignorePlurals: true,
        queryLanguages: ['en'],
      }),
    ).toEqual(river);
    expect(
      await matches({ ...strict, query: 'rivers', queryType: 'prefixNone', ignorePlurals: ['en'] }),
    ).toEqual(river);
    expect(await matches({ ...strict, query: 'with river' })).toEqual([]);
    expect(await matches({ ...strict, query: 'with river', removeStopWords: ['en'] })).toEqual(
      river,
    );
    expect(
      await matches({
        ...strict,
        query: 'with river',
        removeStopWords: true,
        queryLanguages: ['en'],
      }),
    ).toEqual(river);
  });

  it('handles French plurals and stop words through queryLanguages', async () => {
    const strict = { typoTolerance: false, queryType: 'prefixNone' } as const;
    const gallimard = where((book) => book.publisher === 'Éditions Gallimard');
    const litterature = where((book) => book.genres.includes('Littérature'));
    expect(await matches({ ...strict, query: 'edition' })).toEqual([]);
    expect(
      await matches({ ...strict, query: 'édition', ignorePlurals: true, queryLanguages: ['fr'] }),
    ).toEqual(gallimard);
    expect(await matches({ ...strict, query: 'littératures', ignorePlurals: ['fr'] })).toEqual(
      litterature,
    );
    expect(await matches({ ...strict, query: 'les littérature' })).toEqual([]);
    expect(
      await matches({
        ...strict,
        query: 'les littérature',
        removeStopWords: true,
        queryLanguages: ['fr'],
      }),
    ).toEqual(litterature);
  });

  it('counts plural alternatives as exact unless alternativesAsExact leaves ignorePlurals out', async () => {
    const exactCounts = async (alternativesAsExact: ('ignorePlurals' | 'singleWordSynonym')[]) => {
      const result = await search({
        query: 'rivers winter',
        queryType: 'prefixNone',
        typoTolerance: false,
        ignorePlurals: ['en'],
        alternativesAsExact,
        getRankingInfo: true,
      });
      expect(result.nbHits).toBeGreaterThan(0);
      return new Set(result.hits.map((hit) => hit._rankingInfo?.['nbExactWords']));
    };
    expect(await exactCounts(['ignorePlurals'])).toEqual(new Set([2]));
    expect(await exactCounts([])).toEqual(new Set([1]));
  });

  it('counts a single-word query exact per exactOnSingleWordQuery', async () => {
    const nbExact = async (mode: 'word' | 'none' | 'attribute', query = 'river') => {
      const result = await search({
        query,
        exactOnSingleWordQuery: mode,
        getRankingInfo: true,
        hitsPerPage: 5,
      });
      return result.hits.map((hit) => hit._rankingInfo?.['nbExactWords']);
    };
    expect(await nbExact('word')).toEqual([1, 1, 1, 1, 1]);
    expect(await nbExact('none')).toEqual([0, 0, 0, 0, 0]);
    // `attribute`: exact only when a whole attribute value equals the query; no title does.
    expect(await nbExact('attribute')).toEqual([0, 0, 0, 0, 0]);
    const poetry = await search({
      query: 'poetry',
      exactOnSingleWordQuery: 'attribute',
      getRankingInfo: true,
      hitsPerPage: 3,
    });
    // "Poetry" is a whole `genres` value.
    expect(poetry.hits.map((hit) => hit._rankingInfo?.['nbExactWords'])).toEqual([1, 1, 1]);
  });
});

describe('proximity', () => {
  it('ties distances up to minProximity, leaving the order to the next criteria', async () => {
    await client.setSettings({
      indexName: 'proximity',
      indexSettings: { searchableAttributes: ['text'], customRanking: ['desc(rank)'] },
    });
    await client.saveObjects({
      indexName: 'proximity',
      objects: [
        { objectID: 'near', text: 'alpha beta', rank: 1 },
        { objectID: 'close', text: 'alpha x beta', rank: 5 },
        { objectID: 'far', text: 'alpha x y z w beta', rank: 9 },
      ],
      waitForTasks: true,
    });
    const order = async (minProximity?: number) =>
      ids(
        (
          await client.searchSingleIndex({
            indexName: 'proximity',
            searchParams: { query: 'alpha beta', ...(minProximity ? { minProximity } : {}) },
          })
        ).hits,
      );
    expect(await order()).toEqual(['near', 'close', 'far']);
    expect(await order(2)).toEqual(['close', 'near', 'far']);
    expect(await order(7)).toEqual(['far', 'close', 'near']);
  });
});

describe('typo tolerance levels', () => {
  it('keeps the lowest typo count with min and the two lowest with strict', async () => {
    await client.setSettings({
      indexName: 'typos',
      indexSettings: { searchableAttributes: ['word'] },
    });
    await client.saveObjects({
      indexName: 'typos',
      objects: [
        { objectID: 'zero', word: 'lanterns' },
        { objectID: 'one', word: 'lantarns' },
        { objectID: 'two', word: 'lantarms' },
      ],
      waitForTasks: true,
    });
    const found = async (typoTolerance: boolean | 'min' | 'strict', query = 'lanterns') =>
      ids(
        (
          await client.searchSingleIndex({
            indexName: 'typos',
            searchParams: { query, typoTolerance, queryType: 'prefixNone' },
          })
        ).hits,
      ).sort();
    expect(await found(true)).toEqual(['one', 'two', 'zero']);
    expect(await found('min')).toEqual(['zero']);
    expect(await found('strict')).toEqual(['one', 'zero']);
    expect(await found(false)).toEqual(['zero']);
    // With no exact match, min keeps the one-typo matches.
    expect(await found('min', 'lantorns')).toEqual(['one', 'zero']);
  });
});

describe('what the response carries', () => {
  it('returns only the responseFields asked for', async () => {
    const result = await client.searchSingleIndex({
      indexName,
      searchParams: { query: 'river', responseFields: ['hits', 'nbHits'], hitsPerPage: 2 },
    });
    expect(Object.keys(result).sort()).toEqual(['hits', 'nbHits']);
    expect(result.nbHits).toBe(books.filter((book) => hasWord(book, 'river')).length);
  });

  it('keeps message past the pagination limit even when responseFields leaves it out', async () => {
    await client.setSettings({ indexName: 'books_small_limit', indexSettings: bookSettings });
    await client.saveObjects({
      indexName: 'books_small_limit',
      objects: [...books.slice(0, 30)],
      waitForTasks: true,
    });
    const { taskID } = await client.setSettings({
      indexName: 'books_small_limit',
      indexSettings: { paginationLimitedTo: 10 },
    });
    await client.waitForTask({ indexName: 'books_small_limit', taskID });
    const beyond = await client.searchSingleIndex({
      indexName: 'books_small_limit',
      searchParams: { page: 3, hitsPerPage: 5, responseFields: ['hits'] },
    });
    expect(beyond.hits).toEqual([]);
    expect(typeof beyond.message).toBe('string');
  });

  it('omits _highlightResult with attributesToHighlight: [] and answers length 0 with no hits', async () => {
    const result = await search({ query: 'river', attributesToHighlight: [], hitsPerPage: 3 });
    expect(result.hits.length).toBe(3);
    for (const hit of result.hits) expect(hit._highlightResult ?? {}).toEqual({});
    const none = await search({ query: 'river', offset: 2, length: 0 });
    expect(none.hits).toEqual([]);
    expect(none.nbHits).toBe(books.filter((book) => hasWord(book, 'river')).length);
  });

  it('adds _rankingInfo with the documented fields', async () => {
    const result = await search({ query: 'rivr garden', getRankingInfo: true, hitsPerPage: 3 });
    for (const hit of result.hits) {
      expect(hit._rankingInfo).toMatchObject({
        nbTypos: 1,
        firstMatchedWord: expect.any(Number),
        proximityDistance: expect.any(Number),
        userScore: expect.any(Number),
        geoDistance: 0,
        nbExactWords: expect.any(Number),
        words: 2,
        filters: 0,
      });
    }
  });

  it('reports firstMatchedWord as attribute index × 1000 + word position, and proximity 0 for one word', async () => {
    const result = await search({ query: 'winter', getRankingInfo: true, typoTolerance: false });
    expect(result.nbHits).toBeGreaterThan(0);
    for (const hit of result.hits) {
      // `title` is the first searchable attribute; words counted from 0.
      expect(hit._rankingInfo?.['firstMatchedWord'], hit.title).toBe(
        hit.title.split(' ').indexOf('winter'),
      );
      expect(hit._rankingInfo?.['proximityDistance']).toBe(0);
    }
    const byAuthor = await search({ query: 'achebe', getRankingInfo: true, hitsPerPage: 5 });
    expect(byAuthor.nbHits).toBeGreaterThan(0);
    for (const hit of byAuthor.hits) {
      // `author.name` is the second searchable attribute, "Chinua Achebe": word 1.
      expect(hit._rankingInfo?.['firstMatchedWord']).toBe(1001);
    }
  });

  it('marks a hit pinned by a rule as promoted in _rankingInfo', async () => {
    await client.setSettings({ indexName: 'books_promote', indexSettings: bookSettings });
    await client.saveObjects({
      indexName: 'books_promote',
      objects: [...books.slice(0, 40)],
      waitForTasks: true,
    });
    const lastRiver = books
      .slice(0, 40)
      .filter((book) => hasWord(book, 'river'))
      .sort((a, b) => a.stats.reviews - b.stats.reviews)[0] as Book;
    const { taskID } = await client.saveRule({
      indexName: 'books_promote',
      objectID: 'pin',
      rule: {
        objectID: 'pin',
        conditions: [{ pattern: 'river', anchoring: 'is' }],
        consequence: { promote: [{ objectID: lastRiver.objectID, position: 0 }] },
      },
    });
    await client.waitForTask({ indexName: 'books_promote', taskID });
    const result = await client.searchSingleIndex<Hit>({
      indexName: 'books_promote',
      searchParams: { query: 'river', getRankingInfo: true },
    });
    expect(result.hits[0]?.objectID).toBe(lastRiver.objectID);
    expect(result.hits[0]?._rankingInfo?.['promoted']).toBe(true);
    expect(result.hits[1]?._rankingInfo?.['promoted']).not.toBe(true);
  });

  it('answers a 32-hex queryID only with clickAnalytics', async () => {
    const tracked = await search({ query: 'river', clickAnalytics: true, hitsPerPage: 1 });
    expect(tracked.queryID).toMatch(/^[0-9a-f]{32}$/);
    const untracked = await search({ query: 'river', hitsPerPage: 1 });
    expect(untracked.queryID).toBeUndefined();
  });

  it('carries renderingContent from a rule: redirect and facetOrdering', async () => {
    await client.saveRules({
      indexName,
      rules: [
        {
          objectID: 'to-help',
          conditions: [{ pattern: 'help', anchoring: 'is' }],
          consequence: {
            params: { renderingContent: { redirect: { url: 'https://books.example/help' } } },
          },
        },
        {
          objectID: 'order-facets',
          conditions: [{ pattern: 'orchard', anchoring: 'contains' }],
          consequence: {
            params: {
              renderingContent: {
                facetOrdering: {
                  facets: { order: ['publisher', 'genres'] },
                  values: { genres: { order: ['Poetry'], sortRemainingBy: 'alpha' } },
                },
              },
            },
          },
        },
      ],
      waitForTasks: true,
    } as never);
    const redirected = await search({ query: 'help' });
    expect(redirected.renderingContent?.redirect).toEqual({ url: 'https://books.example/help' });
    expect(redirected.appliedRules).toEqual([{ objectID: 'to-help' }]);
    const ordered = await search({ query: 'orchard', hitsPerPage: 0 });
    expect(ordered.renderingContent?.facetOrdering).toEqual({
      facets: { order: ['publisher', 'genres'] },
      values: { genres: { order: ['Poetry'], sortRemainingBy: 'alpha' } },
    });
    const none = await search({ query: 'river', hitsPerPage: 0 });
    expect(none.renderingContent?.redirect).toBeUndefined();
  });
});
