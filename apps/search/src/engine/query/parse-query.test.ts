import { describe, expect, it } from 'vitest';
import { defaultIndexSettings } from '../settings/default-settings.ts';
import type { IndexSettings } from '../types.ts';
import { parseQuery } from './parse-query.ts';

const parse = (text: string, overrides: Partial<IndexSettings> = {}) =>
  parseQuery(text, { ...defaultIndexSettings(), ...overrides });

describe('parseQuery', () => {
  it('folds words and makes only the last one a prefix by default', () => {
    expect(parse('Télé Samsung').map((word) => [word.term, word.prefix])).toEqual([
      ['tele', false],
      ['samsung', true],
    ]);
    expect(parse('a b', { queryType: 'prefixAll' }).every((word) => word.prefix)).toBe(true);
    expect(parse('a b', { queryType: 'prefixNone' }).some((word) => word.prefix)).toBe(false);
  });

  it('reads phrases and exclusions only with advancedSyntax', () => {
    const words = parse('"pur jus" -pomme orange-sanguine', { advancedSyntax: true });
    expect(words.map((word) => [word.term, word.phrase, word.excluded])).toEqual([
      ['pur', 0, false],
      ['jus', 0, false],
      ['pomme', -1, true],
      ['orange', -1, false],
      ['sanguine', -1, false],
    ]);
    expect(parse('"pur jus" -pomme').every((word) => word.phrase < 0 && !word.excluded)).toBe(true);
  });

  it('reads only the features advancedSyntaxFeatures enables', () => {
    const summary = (features: IndexSettings['advancedSyntaxFeatures']) =>
      parse('"pur jus" -pomme', { advancedSyntax: true, advancedSyntaxFeatures: features }).map(
        (word) => [word.term, word.phrase, word.excluded],
      );
    expect(summary(['exactPhrase'])).toEqual([
      ['pur', 0, false],
      ['jus', 0, false],
      ['pomme', -1, false],
    ]);
    expect(summary(['excludeWords'])).toEqual([
      ['pur', -1, false],
      ['jus', -1, false],
      ['pomme', -1, true],
    ]);
    expect(summary([]).every(([, phrase, excluded]) => phrase === -1 && !excluded)).toBe(true);
  });

  it('removes stop words unless nothing else is left', () => {
    const settings: Partial<IndexSettings> = { removeStopWords: ['fr'], queryType: 'prefixNone' };
    expect(parse('le jus de pomme', settings).map((word) => word.term)).toEqual(['jus', 'pomme']);
    expect(parse('le la', settings).map((word) => word.term)).toEqual(['le', 'la']);
  });

  it('flags optional words and numeric words', () => {
    const words = parse('chips 100 nature', { optionalWords: ['Nature'] });
    expect(words.map((word) => [word.term, word.optional, word.numeric])).toEqual([
      ['chips', false, false],
      ['100', false, true],
      ['nature', true, false],
    ]);
  });
});
