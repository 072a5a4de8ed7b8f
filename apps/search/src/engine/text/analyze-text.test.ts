import { describe, expect, it } from 'vitest';
import { analyzeText, originalOffsetAfterFolded } from './analyze-text.ts';

const terms = (text: string, separatorsToIndex = '', camelCase = false): string[] =>
  analyzeText(text, { separatorsToIndex, camelCase }).map((word) => word.term);

describe('analyzeText', () => {
  it('folds words and keeps their original offsets', () => {
    expect(analyzeText("L'Œuf Crème")).toEqual([
      { term: 'oeuf', start: 2, end: 5 },
      { term: 'creme', start: 6, end: 11 },
    ]);
  });

  it('splits on separators and keeps numbers as words', () => {
    expect(terms('Pur Jus, 100% orange (1.5L) oled55')).toEqual([
      'pur',
      'jus',
      '100',
      'orange',
      '1',
      '5l',
      'oled55',
    ]);
  });

  it('reads a vulgar fraction as its two numbers, both spanning the glyph', () => {
    expect(analyzeText('¼ zip')).toEqual([
      { term: '1', start: 0, end: 1 },
      { term: '4', start: 0, end: 1 },
      { term: 'zip', start: 2, end: 5 },
    ]);
    // Typed with a slash, the same words: `¼ zip`, `1/4 zip` and the record meet.
    expect(terms('1/4 zip')).toEqual(['1', '4', 'zip']);
    expect(terms('Hoodie ½-zip x⅒y')).toEqual(['hoodie', '1', '2', 'zip', 'x', '1', '10', 'y']);
  });

  it('drops French elided articles with straight and curly apostrophes', () => {
    expect(terms("Jus d'orange à l’ancienne qu'il n'est s'il")).toEqual([
      'jus',
      'orange',
      'a',
      'ancienne',
      'il',
      'est',
      'il',
    ]);
    expect(terms("Kellogg's aujourd'hui")).toEqual(['kellogg', 'aujourd', 'hui']);
  });

  it("drops the English possessive's s, not an s standing alone", () => {
    expect(terms("Women's Capri, Levi’s, men's")).toEqual(['women', 'capri', 'levi', 'men']);
    expect(terms("size S, 's' O'Neill it's")).toEqual(['size', 's', 's', 'o', 'neill', 'it']);
    // After an elided article the s is a word of its own: something is left to search.
    expect(terms("C'S l's")).toEqual(['s', 's']);
    expect(analyzeText("women's tee")).toEqual([
      { term: 'women', start: 0, end: 5 },
      { term: 'tee', start: 8, end: 11 },
    ]);
  });

  it('indexes the listed separators as words of their own', () => {
    expect(terms('Disney+ C#', '+#')).toEqual(['disney', '+', 'c', '#']);
    expect(terms('Disney+ C#')).toEqual(['disney', 'c']);
  });

  it('splits camelCase only when asked', () => {
    expect(terms('iPhoneCase', '', true)).toEqual(['i', 'phone', 'case']);
    expect(terms('iPhoneCase')).toEqual(['iphonecase']);
  });

  it('keeps decomposed accents inside their word', () => {
    expect(analyzeText('cafe\u0301 noir')).toEqual([
      { term: 'cafe', start: 0, end: 5 },
      { term: 'noir', start: 6, end: 10 },
    ]);
  });
});

describe('originalOffsetAfterFolded', () => {
  it('maps a folded prefix back to the original text', () => {
    const text = 'Télévision';
    expect(originalOffsetAfterFolded(text, 0, text.length, 3)).toBe(3);
    expect(originalOffsetAfterFolded('Œuf', 0, 3, 2)).toBe(1);
  });
});
