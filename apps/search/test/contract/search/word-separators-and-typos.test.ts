/**
 * Query text through the official v5 client, on the record shop catalogue (`releases.ts`): words
 * joined by hyphens, apostrophes (straight and typographic) and slashes, splitting such words back when typed
 * glued (`tshirt`, `acdc`) and not when typo tolerance is off, advanced syntax next to a hyphen, digit strings with
 * leading zeros, word-size typo thresholds, typo tolerance turned off per attribute and per word, English plurals,
 * accents, and `decompoundQuery` accepted harmlessly. Expected hits are read off the 22 records by hand; each
 * comment names the words that decide it. Algolia semantics: tokenization, splitting/concatenation and
 * typoTolerance pages of the Algolia docs, docs/api.md §3.5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Release, releaseIds, releaseSettings, releases } from '../../support/releases.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;
const indexName = 'shop_text';

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer({
    indexName,
    settings: releaseSettings,
    records: releases,
  }));
});
afterAll(async () => server.close());

type Params = Parameters<typeof client.searchSingleIndex>[0]['searchParams'];

async function matches(query: string, params: Params = {}): Promise<string[]> {
  const result = await client.searchSingleIndex<Release>({
    indexName,
    searchParams: { query, hitsPerPage: 100, ...params },
  });
  expect(result.hits.length, query).toBe(result.nbHits);
  return result.hits.map((hit) => hit.objectID).sort();
}

describe('words joined by separators', () => {
  it('matches hyphenated words typed with the hyphen, a space, in capitals, or glued (split)', async () => {
    // Only r09 holds the words "t" and "shirt" ("Back in Black T-shirt").
    for (const query of ['t-shirt', 'T-SHIRT', 't shirt', 'tshirt']) {
      expect(await matches(query), query).toEqual(['r09']);
    }
    expect(await matches('champs-élysées')).toEqual(['r19']);
    expect(await matches('champs elysees')).toEqual(['r19']);
  });

  it('matches apostrophe words typed with straight or typographic apostrophes, or without them', async () => {
    // "L'été indien" is r06's title and first track; "O'Neill" is r08's artist; "Guns N' Roses" r04's.
    for (const query of ["l'été", 'l’été', "L'ETE", 'ete indien']) {
      expect(await matches(query), query).toEqual(['r06']);
    }
    for (const query of ["O'Neill", 'o’neill', 'neill', 'oneill']) {
      expect(await matches(query), query).toEqual(['r08']);
    }
    expect(await matches("guns n' roses")).toEqual(['r04']);
    expect(await matches('guns n roses')).toEqual(['r04']);
  });

  it('matches a slashed name typed with the slash or glued', async () => {
    const acdc = releaseIds((release) => release.artist.name === 'AC/DC');
    expect(await matches('AC/DC')).toEqual(acdc);
    expect(await matches('ac dc')).toEqual(acdc);
    // Glued, it is split into "ac dc"; "Access" (r12) may also come back as a one-typo prefix.
    expect(await matches('acdc')).toEqual(expect.arrayContaining(acdc));
  });

  it('does not split glued words when typo tolerance is off (Algolia docs, typoTolerance)', async () => {
    expect(await matches('acdc', { typoTolerance: false })).toEqual([]);
    expect(await matches('tshirt', { typoTolerance: false })).toEqual([]);
    expect(await matches('t-shirt', { typoTolerance: false })).toEqual(['r09']);
  });

  it('reads a hyphen inside a word as a separator, not an exclusion, under advancedSyntax', async () => {
    // "back" is in r03 and r09; "black t-shirt" only in r09; "-shirt" after a space excludes r09.
    expect(await matches('black t-shirt', { advancedSyntax: true })).toEqual(['r09']);
    expect(await matches('back -shirt', { advancedSyntax: true })).toEqual(['r03']);
    expect(await matches('back in black', { advancedSyntax: true })).toEqual(['r03', 'r09']);
  });

  it('folds accents and cedillas both ways', async () => {
    const bjork = releaseIds((release) => release.artist.name === 'Björk');
    expect(await matches('bjork')).toEqual(bjork);
    expect(await matches('BJÖRK')).toEqual(bjork);
    expect(await matches('joga')).toEqual(['r20']);
    expect(await matches('ca va pas')).toEqual(['r06']);
  });
});

describe('numbers and digit strings', () => {
  it('keeps leading zeros: a digit string matches by its own prefix, not by its numeric value', async () => {
    expect(await matches('0077774644220')).toEqual(['r01']);
    expect(await matches('00777746')).toEqual(['r01']);
    expect(await matches('00000000198')).toEqual(['r09']);
    // 19801 is r09's catalogue number read as a number: no word starts with it.
    expect(await matches('19801', { allowTyposOnNumericTokens: false })).toEqual([]);
    expect(await matches('1989')).toEqual(['r10']);
    expect(await matches('21')).toEqual(['r11']);
  });
});

describe('typo thresholds and exceptions', () => {
  it('allows one typo from minWordSizefor1Typo and two from minWordSizefor2Typos', async () => {
    // "blie" is "blue" with one substitution (4 letters); r15 and r16 hold "blue".
    expect(await matches('blie')).toEqual(expect.arrayContaining(['r15', 'r16']));
    expect(await matches('blie', { minWordSizefor1Typo: 5 })).toEqual([]);
    // "discuvory" is "discovery" with two substitutions (9 letters).
    expect(await matches('discuvory')).toEqual(['r13']);
    expect(await matches('discuvory', { minWordSizefor2Typos: 10 })).toEqual([]);
  });

  it('turns typos off on the listed attributes and words only', async () => {
    const daft = releaseIds((release) => release.artist.name === 'Daft Punk');
    expect(await matches('dafy')).toEqual(daft);
    expect(await matches('dafy', { disableTypoToleranceOnAttributes: ['artist.name'] })).toEqual(
      [],
    );
    const inArtist = { restrictSearchableAttributes: ['artist.name'] };
    expect(
      await matches('daft', { ...inArtist, disableTypoToleranceOnAttributes: ['artist.name'] }),
    ).toEqual(daft);
    expect(await matches('dafy', inArtist)).toEqual(daft);
    expect(
      await matches('dafy', { ...inArtist, disableTypoToleranceOnAttributes: ['title'] }),
    ).toEqual(daft);
    const words = 'shop_text_words';
    await seedIndex(
      client,
      words,
      { ...releaseSettings, disableTypoToleranceOnWords: ['dafy', 'acdc'] },
      releases,
    );
    const search = (query: string) =>
      client.searchSingleIndex<Release>({ indexName: words, searchParams: { query } });
    // Listed query words must match exactly, without typos, splitting or concatenation (Algolia docs).
    expect((await search('dafy')).hits).toEqual([]);
    expect((await search('acdc')).hits).toEqual([]);
    expect((await search('daft')).hits.map((hit) => hit.objectID).sort()).toEqual(
      expect.arrayContaining(daft),
    );
    // Other query words keep their typo tolerance.
    expect((await search('rumuors')).hits.map((hit) => hit.objectID)).toEqual(['r17']);
  });
});

describe('languages and harmless parameters', () => {
  it('matches an English plural with ignorePlurals ["en"] where a typo could not', async () => {
    // "Lucy in the Sky with Diamonds" (r01): "diamond" is not the last word, so it is not a prefix.
    expect(await matches('diamond lucy', { typoTolerance: false })).toEqual([]);
    expect(await matches('diamond lucy', { typoTolerance: false, ignorePlurals: ['en'] })).toEqual([
      'r01',
    ]);
  });

  it('removes English stop words except the last word, which is a prefix (Algolia docs, removeStopWords)', async () => {
    // r08 is the only record with "galway"; none of its words starts with "the".
    expect(await matches('the galway')).toEqual([]);
    expect(await matches('the galway', { removeStopWords: ['en'] })).toEqual(['r08']);
    expect(await matches('galway the', { removeStopWords: ['en'] })).toEqual([]);
  });

  it('drops the unmatched words around an apostrophe word with removeWordsIfNoResults', async () => {
    expect(await matches("o'neill zzzz", { removeWordsIfNoResults: 'lastWords' })).toEqual(['r08']);
    expect(await matches("zzzz o'neill", { removeWordsIfNoResults: 'firstWords' })).toEqual([
      'r08',
    ]);
    expect(await matches("zzzz o'neill")).toEqual([]);
  });

  it('accepts decompoundQuery and returns the same hits', async () => {
    expect(await matches('blue train', { decompoundQuery: true })).toEqual(
      await matches('blue train'),
    );
  });

  it('ranks the record holding both words side by side first, with its ranking info', async () => {
    const result = await client.searchSingleIndex<Release>({
      indexName,
      searchParams: { query: 'blue train', getRankingInfo: true },
    });
    expect(result.hits[0]?.objectID).toBe('r16');
    expect(
      (result.hits[0] as unknown as { _rankingInfo: Record<string, unknown> })._rankingInfo,
    ).toMatchObject({ nbTypos: 0, words: 2, proximityDistance: 1, firstMatchedWord: 0 });
  });
});
