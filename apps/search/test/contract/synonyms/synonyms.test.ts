/**
 * Synonyms on a clothing-and-goods catalogue shaped unlike ours (the label sits in a nested object), written and
 * searched only through the official v5 client. Expectations come from docs/api.md §2.9, Algolia's synonym and
 * search-parameter documentation, and a brute-force pass over the records below.
 */
import type { SynonymHit } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

type Item = {
  readonly objectID: string;
  readonly info: { readonly label: string };
  readonly rank: number;
};

const items: readonly Item[] = [
  'pants classic',
  'trousers slim',
  'slacks wide',
  'tablets bundle',
  'slate board',
  'new york city guide',
  'nyc map',
  'house plant',
  'home decor',
  'jumper wool',
  'sweater wool',
  'cardigan wool',
  'cabinet oak',
].map((label, index) => ({
  objectID: `i${String(index + 1).padStart(2, '0')}`,
  info: { label },
  rank: index,
}));

let server: TestServer;
let client: SearchClient;
const indexName = 'goods_synonyms';
const replica = 'goods_synonyms_rank';

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
  await seedIndex(
    client,
    indexName,
    {
      searchableAttributes: ['info.label'],
      customRanking: ['asc(rank)'],
      // Exact words only: every match below comes from a synonym, never from a typo.
      typoTolerance: false,
      replicas: [replica],
    },
    items,
  );
});
afterAll(async () => server.close());

const sorted = (values: readonly string[]) => [...values].sort();
/** Brute force: records whose label holds one of the phrases as whole words. */
const holding = (...phrases: string[]) =>
  items
    .filter((item) => phrases.some((phrase) => ` ${item.info.label} `.includes(` ${phrase} `)))
    .map((item) => item.objectID);

async function replaceSynonyms(synonymHit: SynonymHit[], forwardToReplicas = false): Promise<void> {
  const task = await client.saveSynonyms({
    indexName,
    synonymHit,
    replaceExistingSynonyms: true,
    forwardToReplicas,
  });
  await client.waitForTask({ indexName, taskID: task.taskID });
}

async function search(params: Record<string, unknown>, index = indexName) {
  return client.searchSingleIndex<Item>({
    indexName: index,
    searchParams: { hitsPerPage: 100, ...params },
  });
}

async function expectStatus(call: Promise<unknown>, status: number): Promise<void> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { status?: number } | undefined;
  expect(error?.status).toBe(status);
}

describe('the synonym lifecycle through the v5 client', () => {
  it('saves, reads, searches by text and type, pages, deletes and clears, on replicas when forwarded', async () => {
    await replaceSynonyms([], true);
    const one: SynonymHit = {
      objectID: 'legwear',
      type: 'synonym',
      synonyms: ['pants', 'trousers', 'slacks'],
    };
    const saved = await client.saveSynonym({
      indexName,
      objectID: one.objectID,
      synonymHit: one,
      forwardToReplicas: true,
    });
    await client.waitForTask({ indexName, taskID: saved.taskID });
    expect(await client.getSynonym({ indexName, objectID: 'legwear' })).toMatchObject(one);
    expect(await client.getSynonym({ indexName: replica, objectID: 'legwear' })).toMatchObject(one);
    await expectStatus(client.getSynonym({ indexName, objectID: 'missing' }), 404);

    const more = await client.saveSynonyms({
      indexName,
      synonymHit: [
        { objectID: 'slate', type: 'onewaysynonym', input: 'slate', synonyms: ['tablets'] },
        { objectID: 'knit1', type: 'altcorrection1', word: 'jumper', corrections: ['sweater'] },
        { objectID: 'knit2', type: 'altcorrection2', word: 'jumper', corrections: ['cardigan'] },
        {
          objectID: 'size',
          type: 'placeholder',
          placeholder: '<size>',
          replacements: ['xl', 'xxl'],
        },
      ],
    });
    await client.waitForTask({ indexName, taskID: more.taskID });
    // Not forwarded: the replica has only the first entry.
    await expectStatus(client.getSynonym({ indexName: replica, objectID: 'slate' }), 404);

    const all = await client.searchSynonyms({ indexName, searchSynonymsParams: { query: '' } });
    expect(all.nbHits).toBe(5);
    expect(sorted(ids(all.hits))).toEqual(['knit1', 'knit2', 'legwear', 'size', 'slate']);
    const oneWay = await client.searchSynonyms({
      indexName,
      searchSynonymsParams: { type: 'onewaysynonym' },
    });
    expect(oneWay.hits).toEqual([expect.objectContaining({ objectID: 'slate', input: 'slate' })]);
    const alt1 = await client.searchSynonyms({
      indexName,
      searchSynonymsParams: { type: 'altcorrection1' },
    });
    expect(ids(alt1.hits)).toEqual(['knit1']);
    const byWord = await client.searchSynonyms({
      indexName,
      searchSynonymsParams: { query: 'jumper' },
    });
    expect(sorted(ids(byWord.hits))).toEqual(['knit1', 'knit2']);
    const paged = await client.searchSynonyms({
      indexName,
      searchSynonymsParams: { query: '', page: 2, hitsPerPage: 2 },
    });
    expect(paged.nbHits).toBe(5);
    expect(paged.hits).toHaveLength(1);

    const deleted = await client.deleteSynonym({ indexName, objectID: 'knit2' });
    await client.waitForTask({ indexName, taskID: deleted.taskID });
    await expectStatus(client.getSynonym({ indexName, objectID: 'knit2' }), 404);

    await replaceSynonyms([{ objectID: 'only', type: 'synonym', synonyms: ['home', 'house'] }]);
    const replaced = await client.searchSynonyms({ indexName, searchSynonymsParams: {} });
    expect(ids(replaced.hits)).toEqual(['only']);

    const cleared = await client.clearSynonyms({ indexName, forwardToReplicas: true });
    await client.waitForTask({ indexName, taskID: cleared.taskID });
    expect((await client.searchSynonyms({ indexName, searchSynonymsParams: {} })).nbHits).toBe(0);
    expect(
      (await client.searchSynonyms({ indexName: replica, searchSynonymsParams: {} })).nbHits,
    ).toBe(0);
  });
});

describe('synonyms at search time', () => {
  it('expands regular synonyms both ways and one-way synonyms from their input only', async () => {
    await replaceSynonyms([
      { objectID: 'legwear', type: 'synonym', synonyms: ['pants', 'trousers', 'slacks'] },
      { objectID: 'slate', type: 'onewaysynonym', input: 'slate', synonyms: ['tablets'] },
    ]);
    for (const word of ['pants', 'trousers', 'slacks']) {
      const result = await search({ query: word });
      expect(sorted(ids(result.hits)), word).toEqual(holding('pants', 'trousers', 'slacks'));
    }
    expect(sorted(ids((await search({ query: 'slate' })).hits))).toEqual(
      holding('slate', 'tablets'),
    );
    expect(ids((await search({ query: 'tablets' })).hits)).toEqual(holding('tablets'));
    const off = await search({ query: 'trousers', synonyms: false });
    expect(ids(off.hits)).toEqual(holding('trousers'));
  });

  it('ranks alternative corrections as one and two typos', async () => {
    await replaceSynonyms([
      { objectID: 'knit1', type: 'altCorrection1', word: 'jumper', corrections: ['sweater'] },
      { objectID: 'knit2', type: 'altCorrection2', word: 'jumper', corrections: ['cardigan'] },
    ]);
    const result = await search({ query: 'jumper', getRankingInfo: true });
    expect(ids(result.hits)).toEqual([
      ...holding('jumper'),
      ...holding('sweater'),
      ...holding('cardigan'),
    ]);
    expect(result.hits.map((hit) => hit._rankingInfo?.nbTypos)).toEqual([0, 1, 2]);
    // The corrections are one-way: "sweater" finds only sweaters.
    expect(ids((await search({ query: 'sweater' })).hits)).toEqual(holding('sweater'));
  });

  it('matches a multi-word synonym as a phrase, both ways', async () => {
    await replaceSynonyms([
      { objectID: 'ny', type: 'synonym', synonyms: ['nyc', 'new york city'] },
    ]);
    expect(sorted(ids((await search({ query: 'nyc' })).hits))).toEqual(
      holding('nyc', 'new york city'),
    );
    expect(sorted(ids((await search({ query: 'new york city' })).hits))).toEqual(
      holding('nyc', 'new york city'),
    );
    // Only the whole phrase is a synonym: "york" alone finds only the record holding it.
    expect(ids((await search({ query: 'york' })).hits)).toEqual(holding('york'));
  });

  it('applies synonyms to the plural forms of the query word with ignorePlurals', async () => {
    await replaceSynonyms([{ objectID: 'slate', type: 'synonym', synonyms: ['slate', 'tablet'] }]);
    const plurals = { ignorePlurals: true, queryLanguages: ['en'], queryType: 'prefixNone' };
    // "slates" is read as "slate", whose synonym "tablet" is read as "tablets" too.
    for (const word of ['slates', 'slate', 'tablet', 'tablets']) {
      const result = await search({ query: word, ...plurals });
      expect(sorted(ids(result.hits)), word).toEqual(holding('slate', 'tablets'));
    }
    // Without ignorePlurals only the typed word and its synonym as written match.
    expect(ids((await search({ query: 'slates', queryType: 'prefixNone' })).hits)).toEqual([]);
    expect(ids((await search({ query: 'slate', queryType: 'prefixNone' })).hits)).toEqual(
      holding('slate'),
    );
  });

  it('shows the query word in highlights only with replaceSynonymsInHighlight', async () => {
    await replaceSynonyms([
      { objectID: 'home', type: 'synonym', synonyms: ['home', 'house'] },
      { objectID: 'ny', type: 'synonym', synonyms: ['nyc', 'new york city'] },
    ]);
    type Shown = { value: string; matchLevel: string; matchedWords?: string[] };
    const shown = async (params: Record<string, unknown>, objectID: string) => {
      const hit = (await search(params)).hits.find((item) => item.objectID === objectID);
      const label = (tree: unknown) =>
        (tree as { info?: { label?: Shown } } | undefined)?.info?.label;
      return {
        label: hit?.info.label,
        highlight: label(hit?._highlightResult),
        snippet: label(hit?._snippetResult),
      };
    };
    const plant = holding('house plant')[0] ?? '';
    // Default (false): the record's own word is highlighted.
    expect((await shown({ query: 'home' }, plant)).highlight).toEqual({
      value: '<em>house</em> plant',
      matchLevel: 'full',
      matchedWords: ['home'],
      fullyHighlighted: false,
    });
    // True: the matched synonym is shown as the query word, in highlights and snippets; the record is unchanged.
    const replaced = await shown(
      { query: 'home', replaceSynonymsInHighlight: true, attributesToSnippet: ['info.label:1'] },
      plant,
    );
    expect(replaced.label).toBe('house plant');
    expect(replaced.highlight).toMatchObject({ value: '<em>home</em> plant', matchLevel: 'full' });
    expect(replaced.snippet).toEqual({ value: '<em>home</em>…', matchLevel: 'full' });
    // A one-word query replaces a multi-word synonym; a multi-word query does not replace a one-word one.
    const guide = holding('new york city')[0] ?? '';
    const map = holding('nyc')[0] ?? '';
    expect(
      (await shown({ query: 'nyc', replaceSynonymsInHighlight: true }, guide)).highlight?.value,
    ).toBe('<em>nyc</em> guide');
    expect(
      (await shown({ query: 'new york city', replaceSynonymsInHighlight: true }, map)).highlight
        ?.value,
    ).toBe('<em>nyc</em> map');

    // As an index setting, which a query can turn off again.
    const task = await client.setSettings({
      indexName,
      indexSettings: { replaceSynonymsInHighlight: true },
    });
    await client.waitForTask({ indexName, taskID: task.taskID });
    expect((await client.getSettings({ indexName })).replaceSynonymsInHighlight).toBe(true);
    expect((await shown({ query: 'home' }, plant)).highlight?.value).toBe('<em>home</em> plant');
    expect(
      (await shown({ query: 'home', replaceSynonymsInHighlight: false }, plant)).highlight?.value,
    ).toBe('<em>house</em> plant');
    const reset = await client.setSettings({
      indexName,
      indexSettings: { replaceSynonymsInHighlight: false },
    });
    await client.waitForTask({ indexName, taskID: reset.taskID });
    await expectStatus(search({ query: 'home', replaceSynonymsInHighlight: 'often' }), 400);
  });

  it('forwards synonyms to replicas, which then expand them too', async () => {
    await replaceSynonyms(
      [{ objectID: 'legwear', type: 'synonym', synonyms: ['pants', 'slacks'] }],
      true,
    );
    const result = await search({ query: 'slacks' }, replica);
    expect(sorted(ids(result.hits))).toEqual(holding('pants', 'slacks'));
  });
});
