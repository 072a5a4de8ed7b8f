import { describe, expect, it } from 'vitest';
import { normalizeForRules, ruleWords } from './normalize-for-rules.ts';

describe('normalizeForRules', () => {
  it('lower-cases, strips diacritics, decomposes compatibility forms and collapses spaces', () => {
    expect(normalizeForRules('  Crème \t BRÛLÉE ')).toBe('creme brulee');
    expect(normalizeForRules('ﬁlm Ｔｖ')).toBe('film tv');
  });

  it('splits into words', () => {
    expect(ruleWords(' Télé  4K ')).toEqual(['tele', '4k']);
    expect(ruleWords('  ')).toEqual([]);
  });

  it('treats punctuation between and around words as a separator', () => {
    expect(ruleWords('"Côtes, du Rhône!"')).toEqual(['cotes', 'du', 'rhone']);
    expect(ruleWords('côtes-du-rhône')).toEqual(['cotes', 'du', 'rhone']);
    expect(ruleWords('?!')).toEqual([]);
  });
});
