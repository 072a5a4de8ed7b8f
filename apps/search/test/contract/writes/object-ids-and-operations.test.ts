/**
 * Writing a foreign catalogue through the official clients: odd objectIDs, getObjects with nested
 * attributesToRetrieve, built-in partial-update operations, deleteBy, browse over more than 1,000 records,
 * replaceAllObjects, copy/move with scopes, and synonyms and rules search with pagination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSettings } from '../../support/book-settings.ts';
import { type Book, books } from '../../support/books.ts';
import { type SearchClient, startSeededServer, v4ClientFor } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
});
afterAll(async () => server.close());

const freshIndex = (indexName: string, records: readonly Book[] = books) =>
  seedIndex(client, indexName, bookSettings, records);

const bookById = (objectID: string) => {
  const book = books.find((candidate) => candidate.objectID === objectID);
  if (book === undefined) throw new Error(`No book ${objectID}`);
  return book;
};

async function count(indexName: string, params: Record<string, unknown> = {}) {
  const result = await client.searchSingleIndex({
    indexName,
    searchParams: { hitsPerPage: 0, ...params },
  });
  return result.nbHits;
}

describe('records with odd objectIDs', () => {
  it('reads records whose objectIDs hold spaces, slashes, unicode and URL-reserved characters', async () => {
    await freshIndex('books_read');
    for (const objectID of ['book 0', 'fiction/1', 'livre-2-été', '本-3', 'weird?id#7&x=%25 ok']) {
      expect(await client.getObject({ indexName: 'books_read', objectID }), objectID).toEqual(
        bookById(objectID),
      );
    }
    const { results } = await client.getObjects({
      requests: [
        {
          indexName: 'books_read',
          objectID: 'fiction/11',
          attributesToRetrieve: ['title', 'author.name'],
        },
        { indexName: 'books_read', objectID: 'nope' },
        { indexName: 'books_read', objectID: '本-13', attributesToRetrieve: ['stats', 'price'] },
      ],
    });
    const eleven = bookById('fiction/11');
    const thirteen = bookById('本-13');
    expect(results).toEqual([
      { objectID: 'fiction/11', title: eleven.title, author: { name: eleven.author?.name } },
      null,
      { objectID: '本-13', stats: thirteen.stats, price: thirteen.price },
    ]);
    await expect(
      client.getObject({ indexName: 'books_read', objectID: 'nope' }),
    ).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('ObjectID does not exist'),
    });
  });

  it('deletes a record whose objectID holds a slash and a space', async () => {
    const deleted = await client.deleteObject({ indexName: 'books_read', objectID: 'fiction/21' });
    await client.waitForTask({ indexName: 'books_read', taskID: deleted.taskID });
    await expect(
      client.getObject({ indexName: 'books_read', objectID: 'fiction/21' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await count('books_read')).toBe(books.length - 1);
  });
});

describe('partial updates with built-in operations', () => {
  it('applies Increment, Decrement, Add, Remove and AddUnique on first-level attributes', async () => {
    await freshIndex('books_partial');
    const original = bookById('book 10');
    const response = await client.partialUpdateObject({
      indexName: 'books_partial',
      objectID: 'book 10',
      attributesToUpdate: {
        price: { _operation: 'Decrement', value: 2 },
        pages: { _operation: 'Increment', value: 5 },
        loans: { _operation: 'Increment', value: 3 },
        ratings: { _operation: 'Add', value: 9 },
        genres: { _operation: 'Remove', value: original.genres[0] },
        _tags: { _operation: 'AddUnique', value: 'bestseller' },
        stats: { reviews: 1 },
      },
    });
    expect(response.objectID).toBe('book 10');
    await client.waitForTask({ indexName: 'books_partial', taskID: response.taskID ?? -1 });
    const updated = await client.getObject({ indexName: 'books_partial', objectID: 'book 10' });
    expect(updated).toEqual({
      ...original,
      price: (original.price ?? 0) - 2,
      pages: Number(original.pages) + 5,
      loans: 3,
      ratings: [...original.ratings, 9],
      genres: original.genres.slice(1),
      _tags: original._tags, // already a bestseller: AddUnique adds nothing
      stats: { reviews: 1 }, // a nested object is replaced whole
    });
    // The update is searchable at once.
    expect(await count('books_partial', { filters: 'ratings = 9' })).toBe(1);
    expect(await count('books_partial', { filters: 'loans = 3' })).toBe(1);
  });

  it('applies IncrementFrom and IncrementSet only when their condition holds', async () => {
    const write = async (attributes: Record<string, unknown>) => {
      const response = await client.partialUpdateObject({
        indexName: 'books_partial',
        objectID: 'b4',
        attributesToUpdate: attributes,
      });
      await client.waitForTask({ indexName: 'books_partial', taskID: response.taskID ?? -1 });
      return client.getObject({ indexName: 'books_partial', objectID: 'b4' });
    };
    await write({ version: 1 });
    expect(await write({ version: { _operation: 'IncrementFrom', value: 1 } })).toMatchObject({
      version: 2,
    });
    // Wrong current value: the whole update is ignored.
    expect(
      await write({ version: { _operation: 'IncrementFrom', value: 1 }, title: 'ignored' }),
    ).toMatchObject({ version: 2, title: bookById('b4').title });
    expect(await write({ version: { _operation: 'IncrementSet', value: 10 } })).toMatchObject({
      version: 10,
    });
    expect(
      await write({ version: { _operation: 'IncrementSet', value: 4 }, title: 'ignored' }),
    ).toMatchObject({ version: 10, title: bookById('b4').title });
  });

  it('creates a missing record only when createIfNotExists is true', async () => {
    const skipped = await client.partialUpdateObject({
      indexName: 'books_partial',
      objectID: 'ghost 1',
      attributesToUpdate: { title: 'Ghost' },
      createIfNotExists: false,
    });
    await client.waitForTask({ indexName: 'books_partial', taskID: skipped.taskID ?? -1 });
    await expect(
      client.getObject({ indexName: 'books_partial', objectID: 'ghost 1' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const created = await client.partialUpdateObject({
      indexName: 'books_partial',
      objectID: 'ghost/2',
      attributesToUpdate: { title: 'Ghost', copies: { _operation: 'Increment', value: 2 } },
    });
    await client.waitForTask({ indexName: 'books_partial', taskID: created.taskID ?? -1 });
    expect(await client.getObject({ indexName: 'books_partial', objectID: 'ghost/2' })).toEqual({
      objectID: 'ghost/2',
      title: 'Ghost',
      copies: 2,
    });
    const batch = await client.partialUpdateObjects({
      indexName: 'books_partial',
      objects: [
        { objectID: 'ghost 3', title: 'Never' },
        { objectID: 'b8', title: 'Renamed' },
      ],
      createIfNotExists: false,
      waitForTasks: true,
    });
    expect(batch).toHaveLength(1);
    await expect(
      client.getObject({ indexName: 'books_partial', objectID: 'ghost 3' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await client.getObject({ indexName: 'books_partial', objectID: 'b8' })).toMatchObject({
      title: 'Renamed',
      author: bookById('b8').author,
    });
  });
});

describe('bulk operations', () => {
  it('deletes by a filter with quoted values and a numeric condition', async () => {
    await freshIndex('books_delete');
    const doomed = (book: Book) =>
      book.publisher === 'Faber & Faber' && book.price !== null && book.price < 30;
    const response = await client.deleteBy({
      indexName: 'books_delete',
      deleteByParams: { filters: 'publisher:"Faber & Faber" AND price < 30' },
    });
    await client.waitForTask({ indexName: 'books_delete', taskID: response.taskID ?? -1 });
    expect(await count('books_delete')).toBe(books.filter((book) => !doomed(book)).length);
    expect(await count('books_delete', { filters: 'publisher:"Faber & Faber"' })).toBe(
      books.filter((book) => book.publisher === 'Faber & Faber' && !doomed(book)).length,
    );
  });

  it('browses more than 1,000 records with a cursor, and with a filter', async () => {
    const many = Array.from({ length: 1234 }, (_, index) => ({
      ...(books[index % books.length] as Book),
      objectID: `copy ${index}/${books[index % books.length]?.objectID}`,
    }));
    await client.setSettings({ indexName: 'books_many', indexSettings: bookSettings });
    const saved = await client.saveObjects({
      indexName: 'books_many',
      objects: many,
      batchSize: 500,
      waitForTasks: true,
    });
    expect(saved).toHaveLength(3);
    const pages: number[] = [];
    const seen: string[] = [];
    await client.browseObjects<Book>({
      indexName: 'books_many',
      browseParams: {},
      aggregator: (page) => {
        pages.push(page.hits.length);
        seen.push(...page.hits.map((hit) => hit.objectID));
      },
    });
    expect(pages).toEqual([1000, 234]);
    expect(seen.sort()).toEqual(many.map((record) => record.objectID).sort());
    const filtered: string[] = [];
    await client.browseObjects<Book>({
      indexName: 'books_many',
      browseParams: { filters: 'genres:Poetry AND ratings >= 4', hitsPerPage: 100 },
      aggregator: (page) => {
        filtered.push(...page.hits.map((hit) => hit.objectID));
      },
    });
    const expected = many.filter(
      (record) => record.genres.includes('Poetry') && record.ratings.some((rating) => rating >= 4),
    );
    expect(filtered.sort()).toEqual(expected.map((record) => record.objectID).sort());
  });

  it('replaces all objects, keeping settings, synonyms and rules', async () => {
    await freshIndex('books_replace');
    await client.saveSynonyms({
      indexName: 'books_replace',
      synonymHit: [
        { objectID: 'lamp', type: 'onewaysynonym', input: 'lamp', synonyms: ['lantern'] },
      ],
    });
    const fresh = books.slice(0, 40).map((book) => ({ ...book, objectID: `new ${book.objectID}` }));
    await client.replaceAllObjects({ indexName: 'books_replace', objects: fresh, batchSize: 15 });
    expect(await count('books_replace')).toBe(40);
    expect(await count('books_replace', { query: 'lamp' })).toBe(
      fresh.filter((book) => book.title.includes('lantern')).length,
    );
    const settings = await client.getSettings({ indexName: 'books_replace' });
    expect(settings.customRanking).toEqual(['desc(stats.reviews)']);
    const { items } = await client.listIndices();
    expect(
      items.filter((item) => item.name.startsWith('books_replace')).map((item) => item.name),
    ).toEqual(['books_replace']);
  });

  it('copies only the scopes asked for, and moves an index onto a new name', async () => {
    await freshIndex('books_source');
    await client.saveSynonyms({
      indexName: 'books_source',
      synonymHit: [
        { objectID: 'lamp', type: 'onewaysynonym', input: 'lamp', synonyms: ['lantern'] },
      ],
      waitForTasks: true,
    } as never);
    await client.saveRules({
      indexName: 'books_source',
      rules: [
        {
          objectID: 'pin',
          conditions: [{ pattern: 'river', anchoring: 'contains' }],
          consequence: { promote: [{ objectID: 'b4', position: 0 }] },
        },
      ],
    });
    const copied = await client.operationIndex({
      indexName: 'books_source',
      operationIndexParams: {
        operation: 'copy',
        destination: 'books_scoped',
        scope: ['settings', 'synonyms'],
      },
    });
    await client.waitForTask({ indexName: 'books_source', taskID: copied.taskID });
    const scoped = await client.getSettings({ indexName: 'books_scoped' });
    expect(scoped.customRanking).toEqual(['desc(stats.reviews)']);
    expect(await count('books_scoped')).toBe(0);
    expect((await client.searchSynonyms({ indexName: 'books_scoped' })).nbHits).toBe(1);
    expect((await client.searchRules({ indexName: 'books_scoped' })).nbHits).toBe(0);
    const full = await client.operationIndex({
      indexName: 'books_source',
      operationIndexParams: { operation: 'copy', destination: 'books_full' },
    });
    await client.waitForTask({ indexName: 'books_source', taskID: full.taskID });
    expect(await count('books_full')).toBe(books.length);
    expect((await client.searchRules({ indexName: 'books_full' })).nbHits).toBe(1);
    const moved = await client.operationIndex({
      indexName: 'books_full',
      operationIndexParams: { operation: 'move', destination: 'books_moved' },
    });
    await client.waitForTask({ indexName: 'books_full', taskID: moved.taskID });
    expect(await client.indexExists({ indexName: 'books_full' })).toBe(false);
    expect(await count('books_moved')).toBe(books.length);
    const pinned = await client.searchSingleIndex({
      indexName: 'books_moved',
      searchParams: { query: 'river' },
    });
    expect(pinned.hits[0]?.objectID).toBe('b4');
  });
});

describe('synonyms and rules', () => {
  it('saves synonyms of every type and searches and pages through them', async () => {
    await freshIndex('books_syn');
    const saved = await client.saveSynonyms({
      indexName: 'books_syn',
      synonymHit: [
        { objectID: 'sea', type: 'synonym', synonyms: ['sea', 'ocean'] },
        { objectID: 'lamp', type: 'onewaysynonym', input: 'lamp', synonyms: ['lantern'] },
        { objectID: 'storm', type: 'synonym', synonyms: ['storm', 'thunder'] },
        { objectID: 'typo', type: 'altcorrection1', word: 'velvet', corrections: ['velvit'] },
        { objectID: 'woods', type: 'synonym', synonyms: ['woods', 'forest'] },
      ],
    });
    await client.waitForTask({ indexName: 'books_syn', taskID: saved.taskID });
    const hasWord = (word: string) =>
      books.filter((book) => book.title.split(' ').includes(word)).length;
    expect(await count('books_syn', { query: 'sea' })).toBe(hasWord('ocean'));
    expect(await count('books_syn', { query: 'lamp' })).toBe(hasWord('lantern'));
    const page = await client.searchSynonyms({
      indexName: 'books_syn',
      searchSynonymsParams: { query: '', hitsPerPage: 2, page: 1 },
    });
    expect(page.nbHits).toBe(5);
    expect(page.hits).toHaveLength(2);
    const typed = await client.searchSynonyms({
      indexName: 'books_syn',
      searchSynonymsParams: { type: 'synonym' },
    });
    expect(typed.hits.map((hit) => hit.objectID).sort()).toEqual(['sea', 'storm', 'woods']);
    const found = await client.searchSynonyms({
      indexName: 'books_syn',
      searchSynonymsParams: { query: 'lantern' },
    });
    expect(found.hits.map((hit) => hit.objectID)).toEqual(['lamp']);
    const all: string[] = [];
    await client.browseSynonyms({
      indexName: 'books_syn',
      aggregator: (response) => {
        all.push(...response.hits.map((hit) => hit.objectID));
      },
    });
    expect(all.sort()).toEqual(['lamp', 'sea', 'storm', 'typo', 'woods']);
    expect(await client.getSynonym({ indexName: 'books_syn', objectID: 'typo' })).toEqual({
      objectID: 'typo',
      type: 'altcorrection1',
      word: 'velvet',
      corrections: ['velvit'],
    });
  });

  it('saves rules with filters, contexts and userData, and searches and pages through them', async () => {
    const rules = [
      {
        objectID: 'winter-available',
        conditions: [{ pattern: 'winter', anchoring: 'contains' as const }],
        consequence: { params: { filters: 'available:true' }, userData: { banner: 'winter.png' } },
        description: 'Winter books in stock',
      },
      {
        objectID: 'fr-context',
        conditions: [{ context: 'fr' }],
        consequence: { params: { filters: 'language:fr' } },
      },
      {
        objectID: 'hide-zola',
        conditions: [{ pattern: 'zola', anchoring: 'is' as const }],
        consequence: { hide: [{ objectID: 'b4' }] },
        enabled: false,
      },
    ];
    const saved = await client.saveRules({ indexName: 'books_syn', rules });
    await client.waitForTask({ indexName: 'books_syn', taskID: saved.taskID });
    const winter = await client.searchSingleIndex<Book>({
      indexName: 'books_syn',
      searchParams: { query: 'winter', hitsPerPage: 100 },
    });
    const expected = books.filter(
      (book) => book.title.split(' ').includes('winter') && book.available === true,
    );
    expect(winter.nbHits).toBe(expected.length);
    expect(winter.userData).toEqual([{ banner: 'winter.png' }]);
    expect(winter.appliedRules).toEqual([{ objectID: 'winter-available' }]);
    expect(await count('books_syn', { ruleContexts: ['fr'] })).toBe(
      books.filter((book) => book.language === 'fr').length,
    );
    const page = await client.searchRules({
      indexName: 'books_syn',
      searchRulesParams: { query: '', hitsPerPage: 2, page: 1 },
    });
    expect(page).toMatchObject({ nbHits: 3, page: 1, nbPages: 2 });
    expect(page.hits).toHaveLength(1);
    const enabled = await client.searchRules({
      indexName: 'books_syn',
      searchRulesParams: { enabled: true },
    });
    expect(enabled.hits.map((hit) => hit.objectID).sort()).toEqual([
      'fr-context',
      'winter-available',
    ]);
    const byContext = await client.searchRules({
      indexName: 'books_syn',
      searchRulesParams: { context: 'fr' },
    });
    expect(byContext.hits.map((hit) => hit.objectID)).toEqual(['fr-context']);
    expect(
      await client.getRule({ indexName: 'books_syn', objectID: 'winter-available' }),
    ).toMatchObject(rules[0] ?? {});
  });
});

describe('rules on odd objectIDs and dynamic filtering', () => {
  it('pins and hides records whose objectIDs hold slashes, spaces and reserved characters', async () => {
    await freshIndex('books_pins');
    const saved = await client.saveRules({
      indexName: 'books_pins',
      rules: [
        {
          objectID: 'pins/1 ü',
          conditions: [{ pattern: 'compass', anchoring: 'contains' }],
          consequence: {
            promote: [
              { objectIDs: ['weird?id#7&x=%25 ok', 'book 0'], position: 0 },
              { objectID: '本-3', position: 3 },
            ],
            hide: [{ objectID: 'fiction/11' }],
            filterPromotes: false,
          },
        },
      ],
    });
    await client.waitForTask({ indexName: 'books_pins', taskID: saved.taskID });
    const result = await client.searchSingleIndex({
      indexName: 'books_pins',
      searchParams: { query: 'compass', hitsPerPage: 100 },
    });
    const ids = result.hits.map((hit) => hit.objectID);
    expect(ids.slice(0, 2)).toEqual(['weird?id#7&x=%25 ok', 'book 0']);
    expect(ids[3]).toBe('本-3');
    expect(ids).not.toContain('fiction/11');
    const compass = books.filter(
      (book) => book.title.split(' ').includes('compass') && book.objectID !== 'fiction/11',
    );
    const pinned = ['weird?id#7&x=%25 ok', 'book 0', '本-3'];
    expect(result.nbHits).toBe(
      compass.length + pinned.filter((id) => !compass.some((book) => book.objectID === id)).length,
    );
    expect(result.appliedRules).toEqual([{ objectID: 'pins/1 ü' }]);
    expect(await client.getRule({ indexName: 'books_pins', objectID: 'pins/1 ü' })).toMatchObject({
      objectID: 'pins/1 ü',
    });
  });

  // Algolia's dynamic filtering: a condition pattern `{facet:genres}` matches a query word equal to a value of the
  // facet, `automaticFacetFilters` turns the matched value into a filter, and a query edit deleting
  // `{facet:genres}` removes the matched words from the text search.
  it('applies a {facet:…} pattern with automaticFacetFilters', async () => {
    const saved = await client.saveRules({
      indexName: 'books_pins',
      rules: [
        {
          objectID: 'genre-facet',
          conditions: [{ pattern: '{facet:genres}', anchoring: 'contains' }],
          consequence: { params: { automaticFacetFilters: [{ facet: 'genres' }] } },
        },
      ],
    });
    await client.waitForTask({ indexName: 'books_pins', taskID: saved.taskID });
    const result = await client.searchSingleIndex({
      indexName: 'books_pins',
      searchParams: { query: 'poetry river', hitsPerPage: 100 },
    });
    expect(result.appliedRules).toEqual([{ objectID: 'genre-facet' }]);
    expect(result.nbHits).toBe(
      books.filter((book) => book.genres.includes('Poetry') && book.title.includes('river')).length,
    );
  });

  it('ORs the values of a disjunctive automatic filter and removes the matched words', async () => {
    const saved = await client.saveRules({
      indexName: 'books_pins',
      rules: [
        {
          objectID: 'genres-or',
          conditions: [{ pattern: '{facet:genres}', anchoring: 'contains', context: 'or' }],
          consequence: {
            params: {
              automaticFacetFilters: [{ facet: 'genres', disjunctive: true }],
              query: { edits: [{ type: 'remove', delete: '{facet:genres}' }] },
            },
          },
        },
        {
          objectID: 'genres-boost',
          conditions: [{ pattern: '{facet:genres}', anchoring: 'is', context: 'boost' }],
          consequence: {
            params: { automaticOptionalFacetFilters: [{ facet: 'genres', score: 2 }], query: '' },
          },
        },
      ],
    });
    await client.waitForTask({ indexName: 'books_pins', taskID: saved.taskID });
    const search = (query: string, context: string) =>
      client.searchSingleIndex<Book>({
        indexName: 'books_pins',
        searchParams: { query, ruleContexts: [context], hitsPerPage: 1000 },
      });
    const either = await search('POETRY self help', 'or');
    expect(either.appliedRules).toEqual([{ objectID: 'genres-or' }]);
    const poetryOrSelfHelp = books.filter((book) =>
      book.genres.some((genre) => genre === 'Poetry' || genre === 'Self Help'),
    );
    expect(either.nbHits).toBe(poetryOrSelfHelp.length);
    // The matched words left the text search: nothing is highlighted for them.
    for (const hit of either.hits)
      expect(JSON.stringify(hit._highlightResult)).not.toContain('matchedWords":["');
    // An optional automatic filter ranks the matched genre first without excluding the others.
    const boosted = await search('poetry', 'boost');
    expect(boosted.appliedRules).toEqual([{ objectID: 'genres-boost' }]);
    expect(boosted.nbHits).toBe(books.length);
    const poetry = books.filter((book) => book.genres.includes('Poetry')).length;
    expect(boosted.hits.slice(0, poetry).every((hit) => hit.genres.includes('Poetry'))).toBe(true);
    expect(boosted.hits.slice(poetry).some((hit) => hit.genres.includes('Poetry'))).toBe(false);
    const unknown = await search('poetic', 'boost');
    expect(unknown.appliedRules).toBeUndefined();
  });
});

describe('the v4 client on the same catalogue', () => {
  it('indexes, searches with a params string, and updates partially with createIfNotExists', async () => {
    const v4 = v4ClientFor(server);
    const index = v4.initIndex('books_v4');
    await index
      .setSettings({
        ...bookSettings,
        attributesForFaceting: [...bookSettings.attributesForFaceting],
      })
      .wait();
    await index.saveObjects([...books]).wait();
    const result = await index.search<Book>('', {
      filters: 'author.name:"Toni Morrison" AND ratings >= 3',
      facets: ['categories.lvl0'],
      hitsPerPage: 100,
    });
    const expected = books.filter(
      (book) => book.author?.name === 'Toni Morrison' && book.ratings.some((rating) => rating >= 3),
    );
    expect(result.nbHits).toBe(expected.length);
    const lvl0: Record<string, number> = {};
    for (const book of expected) lvl0[book.categories.lvl0] = (lvl0[book.categories.lvl0] ?? 0) + 1;
    expect(result.facets?.['categories.lvl0']).toEqual(lvl0);
    await index
      .partialUpdateObject({ objectID: 'v4 ghost', title: 'x' }, { createIfNotExists: false })
      .wait();
    await expect(index.getObject('v4 ghost')).rejects.toMatchObject({ status: 404 });
    await index
      .partialUpdateObject({ objectID: 'fiction/1', stock: { _operation: 'Increment', value: 4 } })
      .wait();
    expect(await index.getObject<Book & { stock: number }>('fiction/1')).toMatchObject({
      stock: 4,
    });
    const objects = await index.getObjects<Book>(['本-3', 'missing'], {
      attributesToRetrieve: ['language'],
    });
    expect(objects.results).toEqual([
      { objectID: '本-3', language: bookById('本-3').language },
      null,
    ]);
  });
});
