import { describe, expect, it } from 'vitest';
import {
  parseFacetingAttributes,
  parseNumericAttributesForFiltering,
  parseSearchableAttributes,
  parseSortCriterion,
} from './attribute-settings.ts';

describe('attribute settings', () => {
  it('expands searchableAttributes with equal ranks and unordered()', () => {
    expect(
      parseSearchableAttributes(['title,alt', 'unordered(description)', 'brand', 'specs.color']),
    ).toEqual([
      { path: 'title', rank: 0, ordered: false },
      { path: 'alt', rank: 0, ordered: false },
      { path: 'description', rank: 1, ordered: false },
      { path: 'brand', rank: 2, ordered: true },
      { path: 'specs.color', rank: 3, ordered: true },
    ]);
  });

  it('parses faceting modifiers, nested ones included', () => {
    expect(
      parseFacetingAttributes([
        'brand',
        'searchable(category)',
        'filterOnly(sku)',
        'afterDistinct(searchable(color))',
      ]),
    ).toEqual([
      { path: 'brand', searchable: false, filterOnly: false, afterDistinct: false },
      { path: 'category', searchable: true, filterOnly: false, afterDistinct: false },
      { path: 'sku', searchable: false, filterOnly: true, afterDistinct: false },
      { path: 'color', searchable: true, filterOnly: false, afterDistinct: true },
    ]);
  });

  it('parses numeric filtering rules and sort criteria', () => {
    expect(parseNumericAttributesForFiltering([]).allowed).toBeUndefined();
    expect([
      ...(parseNumericAttributesForFiltering(['price', 'equalOnly(qty)']).allowed ?? []),
    ]).toEqual([
      ['price', 'any'],
      ['qty', 'equalOnly'],
    ]);
    expect(parseSortCriterion('desc(popularity)')).toEqual({
      path: 'popularity',
      direction: 'desc',
    });
    expect(parseSortCriterion('typo')).toBeUndefined();
  });
});
