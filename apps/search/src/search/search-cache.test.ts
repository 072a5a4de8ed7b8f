import { describe, expect, it } from 'vitest';
import type { QueryRequest } from '../protocol/parse-multi-query.ts';
import { AnswerJson } from './answer-json.ts';

import type { SearchConstraints } from './prepare-search.ts';
import { noConstraints } from './prepare-search.ts';
import { answerKeys, type CachedAnswer, SearchCache } from './search-cache.ts';

/** The cached answer's JSON, parsed. */
const labelOf = (cached: CachedAnswer | undefined) =>
  cached && (JSON.parse(cached.json.head({}) + cached.json.rest) as unknown);

const answerKey = (constraints: SearchConstraints, request: QueryRequest) =>
  answerKeys(constraints, [request])[0];

const answer = (label: string): CachedAnswer => ({
  json: new AnswerJson({ label }),
  log: undefined,
  clickAnalytics: false,
});

describe('SearchCache', () => {
  it('drops the least recently used answer beyond its capacity', () => {
    const cache = new SearchCache(2);
    cache.set('a', 1, answer('a'));
    cache.set('b', 1, answer('b'));
    expect(labelOf(cache.get('a', 1))).toEqual({ label: 'a' }); // a is now the most recent
    cache.set('c', 1, answer('c'));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(labelOf(cache.get('a', 1))).toEqual({ label: 'a' });
    expect(labelOf(cache.get('c', 1))).toEqual({ label: 'c' });
    expect(cache.stats).toEqual({ entries: 2, hits: 3, misses: 1 });
  });

  it('forgets everything when the generation moves', () => {
    const cache = new SearchCache(10);
    cache.set('a', 1, answer('a'));
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.stats.entries).toBe(0);
  });

  it('keys the parameters as sent, the index, the kind of query and the constraints', () => {
    const search = { type: 'default', indexName: 'p', params: { query: 'tv' } } as const;
    const keys = new Set([
      answerKey(noConstraints, search),
      answerKey(noConstraints, { ...search, indexName: 'q' }),
      answerKey(noConstraints, { ...search, params: { query: 'tv', page: 1 } }),
      answerKey({ ...noConstraints, filters: ['brand:LG'] }, search),
      answerKey(noConstraints, { ...search, type: 'facet', facet: 'brand', facetQuery: 's' }),
      answerKey(noConstraints, { ...search, type: 'facet', facet: 'brand', facetQuery: 'so' }),
    ]);
    expect(keys.size).toBe(6);
    expect(answerKey(noConstraints, { ...search })).toBe(answerKey(noConstraints, search));
    expect(answerKeys(noConstraints, [search, { ...search, indexName: 'q' }])).toEqual([
      answerKey(noConstraints, search),
      answerKey(noConstraints, { ...search, indexName: 'q' }),
    ]);
  });
});
