import { describe, expect, it } from 'vitest';
import { wordAlternatives } from './word-alternatives.ts';

describe('wordAlternatives', () => {
  const entries = [
    { objectID: 'a', type: 'synonym' as const, synonyms: ['Lamp', 'torch', 'head light'] },
    { objectID: 'b', type: 'onewaysynonym' as const, input: 'stove', synonyms: ['burner'] },
    { objectID: 'c', type: 'altcorrection1' as const, word: 'tent', corrections: ['shelter'] },
    { objectID: 'd', type: 'placeholder' as const, placeholder: '<size>', replacements: ['xl'] },
  ];

  it('gives plural forms and single-word synonyms, and the plurals of those synonyms', () => {
    const of = wordAlternatives(entries, ['en']);
    const has = (word: string, wanted: string[]) =>
      expect(
        wanted.filter((other) => !of(word).has(other)),
        word,
      ).toEqual([]);
    has('lamps', ['lamp', 'torch', 'torches']);
    has('torch', ['lamp', 'lamps', 'torches']);
    has('tent', ['shelter', 'shelters', 'tents']);
    expect(of('lamps').has('lamps')).toBe(false);
    expect(of('lamps').has('stove')).toBe(false);
  });

  it('follows one-way synonyms from their input only, and skips multi-word and placeholder entries', () => {
    const of = wordAlternatives(entries, []);
    expect([...of('stove')]).toEqual(['burner']);
    expect([...of('burner')]).toEqual([]);
    expect(of('lamp').has('head light')).toBe(false);
    expect([...of('xl')]).toEqual([]);
  });
});
