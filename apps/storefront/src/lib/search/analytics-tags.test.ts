import { describe, expect, it } from 'vitest';
import {
  autocompleteAnalyticsTags,
  pageAnalyticsTags,
  shopperSearchesSegment,
} from './analytics-tags.ts';
import { pageSearchParameters } from './search-attributes.ts';

describe('analytics tags', () => {
  it('tags a listing search with its page language, and the panel search with autocomplete too', () => {
    expect(pageAnalyticsTags('fr')).toEqual(['lang:fr']);
    expect(autocompleteAnalyticsTags('en')).toEqual(['lang:en', 'autocomplete']);
  });

  it('sends the page language tag with every search of a listing page', () => {
    expect(pageSearchParameters('en').analyticsTags).toEqual(['lang:en']);
    expect(pageSearchParameters('fr').analyticsTags).toEqual(['lang:fr']);
  });

  it('asks the merchant report for the searches of both languages', () => {
    expect(shopperSearchesSegment(['en', 'fr'])).toBe('lang:en OR lang:fr');
  });
});
