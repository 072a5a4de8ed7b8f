import { describe, expect, it } from 'vitest';
import type { Rule } from './rule.ts';
import { searchRules } from './search-rules.ts';

const rules: Rule[] = [
  {
    objectID: 'tv-fr',
    conditions: [{ pattern: 'télé', anchoring: 'contains', context: 'fr' }],
    consequence: { userData: 1 },
    description: 'Promote OLED',
  },
  {
    objectID: 'b-disabled',
    conditions: [{ pattern: 'tv', anchoring: 'is' }],
    consequence: { userData: 2 },
    enabled: false,
  },
  { objectID: 'a-always', consequence: { userData: 3 }, tags: ['Summer'] },
];

function ids(search: Partial<Parameters<typeof searchRules>[1]>): string[] {
  return searchRules(rules, { query: '', page: 0, hitsPerPage: 20, ...search }).hits.map(
    (rule) => rule.objectID,
  );
}

describe('searchRules', () => {
  it('returns every rule ordered by objectID for an empty query', () => {
    expect(ids({})).toEqual(['a-always', 'b-disabled', 'tv-fr']);
  });

  it('finds text in the objectID, description, patterns, contexts and tags, folded', () => {
    expect(ids({ query: 'TELE' })).toEqual(['tv-fr']);
    expect(ids({ query: 'oled' })).toEqual(['tv-fr']);
    expect(ids({ query: 'summer' })).toEqual(['a-always']);
    expect(ids({ query: 'disab' })).toEqual(['b-disabled']);
  });

  it('filters on anchoring, context and enabled', () => {
    expect(ids({ anchoring: 'is' })).toEqual(['b-disabled']);
    expect(ids({ context: 'fr' })).toEqual(['tv-fr']);
    expect(ids({ enabled: true })).toEqual(['a-always', 'tv-fr']);
    expect(ids({ enabled: false })).toEqual(['b-disabled']);
    expect(ids({ enabled: null })).toHaveLength(3);
  });

  it('paginates', () => {
    expect(searchRules(rules, { query: '', page: 1, hitsPerPage: 2 })).toMatchObject({
      hits: [{ objectID: 'tv-fr' }],
      totalHits: 3,
      page: 1,
      pageSize: 2,
      pageCount: 2,
    });
    expect(searchRules(rules, { query: '', page: 0, hitsPerPage: 0 })).toMatchObject({
      hits: [],
      pageCount: 0,
    });
  });
});
