import { languageSearchParameters, productsIndex } from '@vitrine/catalogue';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type JudgedHit,
  judge,
  loadJudgedQueries,
  type QueryOutcome,
  report,
  score,
} from './support/judged-queries.ts';
import { startSampleSearch } from './support/sample-search.ts';

/**
 * Relevance of the storefront's search on the sample catalogue: the real search service, loaded by the
 * storefront's own index sync (records, settings, synonyms of @vitrine/catalogue), answers the judged
 * queries of `fixtures/judged-queries.json` with the parameters the search page sends. Prints success@5 and
 * MRR per query type and language with every failed query; asserts floors under today's figures, so a
 * settings or engine change that makes shoppers' searches worse fails here.
 */
const { client, close } = await startSampleSearch();
afterAll(close);

const judged = loadJudgedQueries();
const retrieved = [
  'productId',
  'name',
  'categories',
  'hierarchicalCategories',
  'gender',
  'colors',
  'material',
  'style',
  'activity',
];

async function run(): Promise<QueryOutcome[]> {
  const outcomes: QueryOutcome[] = [];
  for (const query of judged) {
    // The search page's request: the default page size, one hit per product (distinct in the settings), the
    // search in the page's language (a French query is typed on /recherche, an English one on /search).
    const result = await client.searchSingleIndex<JudgedHit & { name: string }>({
      indexName: productsIndex,
      searchParams: {
        query: query.q,
        hitsPerPage: 20,
        facetingAfterDistinct: true,
        attributesToRetrieve: retrieved,
        ...languageSearchParameters(query.lang),
      },
    });
    outcomes.push(judge(query, result.hits, result.nbHits ?? 0));
  }
  return outcomes;
}

const outcomes = await run();
console.log(`Judged queries on the Luma sample (${judged.length}):\n${report(outcomes)}`);

const byType = (type: string) =>
  score(
    type,
    outcomes.filter((outcome) => outcome.query.type === type),
  );
const byLang = (lang: string) =>
  score(
    lang,
    outcomes.filter((outcome) => outcome.query.lang === lang),
  );

/**
 * Floors sit a few queries under today's figures (see the report): a change that loses several of the searches
 * shoppers make fails, one judged query more or less does not. Before the catalogue's search settings were tuned
 * (gender, department and French labels searchable, stop words, synonyms) the same queries scored 85 % success@5
 * overall, 75 % on multi-word, 35 % on synonyms and 74 % in French, far under these floors.
 */
const floors = {
  all: { successAt5: 0.95, mrr: 0.9 },
  lang: { en: 0.95, fr: 0.95 },
  type: {
    exact: 1,
    prefix: 0.95,
    typo: 0.85,
    plural: 0.95,
    french: 0.95,
    'multi-word': 0.93,
    category: 0.9,
    material: 0.9,
    synonym: 0.85,
    nonsense: 1,
  },
} as const;

describe('search relevance on the sample catalogue (judged queries)', () => {
  it('judges at least 120 queries in both languages', () => {
    expect(judged.length).toBeGreaterThanOrEqual(120);
    expect(byLang('fr').queries).toBeGreaterThanOrEqual(60);
  });

  it('finds what shoppers expect in the first five results', () => {
    const all = score('all', outcomes);
    expect(all.successAt5).toBeGreaterThanOrEqual(floors.all.successAt5);
    expect(all.mrr).toBeGreaterThanOrEqual(floors.all.mrr);
  });

  it('keeps every kind of query and both languages above their floors', () => {
    const below = [
      ...Object.entries(floors.type).map(([type, floor]) => ({ ...byType(type), floor })),
      ...Object.entries(floors.lang).map(([lang, floor]) => ({ ...byLang(lang), floor })),
    ]
      .filter((row) => row.successAt5 < row.floor)
      .map((row) => `${row.group} ${row.successAt5.toFixed(3)} < ${row.floor}`);
    expect(below).toEqual([]);
  });

  it('finds nothing for words that name nothing in the shop', () => {
    const found = outcomes
      .filter((outcome) => outcome.query.type === 'nonsense' && !outcome.success)
      .map((outcome) => `${outcome.query.q}: ${outcome.top.join(' | ')}`);
    expect(found).toEqual([]);
  });
});
