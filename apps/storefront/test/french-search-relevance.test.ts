import { readFileSync } from 'node:fs';
import { languageSearchParameters, productsIndex } from '@vitrine/catalogue';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Locale } from '../src/i18n/locale.ts';
import { startSampleSearch } from './support/sample-search.ts';

/**
 * French search on the sample catalogue with its French texts: the real search service, loaded by the
 * storefront's own index sync, answers the judged French queries of `fixtures/judged-queries-fr-products.json`
 * with the parameters of the French search page (`/recherche`), and each French query of
 * `fixtures/judged-queries-en-fr-pairs.json` finds what its English twin finds on `/search`.
 */
const { client, close } = await startSampleSearch();
afterAll(close);

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const judged = z
  .object({
    queries: z.array(
      z.object({ q: z.string().min(1), kind: z.string(), top3: z.array(z.string()).nonempty() }),
    ),
  })
  .parse(fixture('judged-queries-fr-products.json')).queries;
const pairs = z
  .array(z.object({ fr: z.string().min(1), en: z.string().min(1) }))
  .parse(fixture('judged-queries-en-fr-pairs.json'));

interface Found {
  readonly productId: string;
  readonly nameFr: string;
}

/** The first `count` products (one hit per product) as the search page of `language` asks for them. */
async function search(query: string, language: Locale, count = 3): Promise<Found[]> {
  const result = await client.searchSingleIndex<Found>({
    indexName: productsIndex,
    searchParams: {
      query,
      hitsPerPage: count,
      facetingAfterDistinct: true,
      attributesToRetrieve: ['productId', 'nameFr'],
      ...languageSearchParameters(language),
    },
  });
  return result.hits;
}

const outcomes = await Promise.all(
  judged.map(async (query) => {
    const top = await search(query.q, 'fr');
    return { query, top, found: top.some((hit) => query.top3.includes(hit.productId)) };
  }),
);
const failed = outcomes.filter((outcome) => !outcome.found);
const kinds = [...new Set(judged.map((query) => query.kind))];
console.log(
  `Judged French queries (${judged.length}), expected product in the first 3:\n` +
    kinds
      .map((kind) => {
        const ofKind = outcomes.filter((outcome) => outcome.query.kind === kind);
        return `  ${kind}: ${ofKind.filter((outcome) => outcome.found).length}/${ofKind.length}`;
      })
      .join('\n') +
    failed
      .map(
        ({ query, top }) =>
          `\n  ✗ ${query.q} (${query.top3.join(', ')}): ${top.map((hit) => `${hit.productId} ${hit.nameFr}`).join(' | ')}`,
      )
      .join(''),
);

/**
 * Every judged query passes but a few: the judged file was written before the French search was tuned, and a
 * floor lets one judged query more or less pass without hiding a change that loses several.
 */
const allowedFailures = 3;

describe('French search on the French product texts (judged queries)', () => {
  it('judges at least 45 French queries', () => {
    expect(judged.length).toBeGreaterThanOrEqual(45);
  });

  it('shows one of the expected products in the first three results of the French page', () => {
    expect(failed.length, failed.map((outcome) => outcome.query.q).join(', ')).toBeLessThanOrEqual(
      allowedFailures,
    );
  });

  it('finds with a French query on /recherche what its English twin finds on /search', async () => {
    const differing: string[] = [];
    for (const pair of pairs) {
      const [french, english] = await Promise.all([search(pair.fr, 'fr'), search(pair.en, 'en')]);
      const englishIds = new Set(english.map((hit) => hit.productId));
      if (french.length === 0 || !french.some((hit) => englishIds.has(hit.productId)))
        differing.push(
          `${pair.fr} → ${french.map((hit) => hit.productId).join(' ')} / ${pair.en} → ${[...englishIds].join(' ')}`,
        );
    }
    expect(differing).toEqual([]);
  });
});
