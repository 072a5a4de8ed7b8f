import { describe, expect, it } from 'vitest';
import { isStopWord, resolveLanguages } from './stop-words.ts';

describe('stop words', () => {
  it('knows small English and French lists', () => {
    expect(isStopWord('the', ['en'])).toBe(true);
    expect(isStopWord('les', ['fr'])).toBe(true);
    expect(isStopWord('les', ['en'])).toBe(false);
    expect(isStopWord('chocolat', ['en', 'fr'])).toBe(false);
  });

  it('resolves `true` to the query languages and a list to itself', () => {
    expect(resolveLanguages(true, ['fr'])).toEqual(['fr']);
    expect(resolveLanguages(['en'], ['fr'])).toEqual(['en']);
    expect(resolveLanguages(false, ['fr'])).toEqual([]);
  });
});
