import { describe, expect, it } from 'vitest';
import {
  foldCodePoint,
  foldCodePointKeeping,
  foldText,
  isWordCodePoint,
} from './fold-characters.ts';

describe('foldText', () => {
  it('folds case and strips French and German diacritics', () => {
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('ÉLÈVE Ça Où')).toBe('eleve ca ou');
  });

  it('expands the ligatures NFKD keeps', () => {
    expect(foldText('Œuf bœuf Ærø Straße')).toBe('oeuf boeuf aero strasse');
    expect(foldText('ﬁlet')).toBe('filet');
  });
});

describe('isWordCodePoint', () => {
  it('accepts letters and digits, rejects separators', () => {
    expect(isWordCodePoint('é'.codePointAt(0) ?? 0)).toBe(true);
    expect(isWordCodePoint('7'.codePointAt(0) ?? 0)).toBe(true);
    expect(isWordCodePoint('-'.codePointAt(0) ?? 0)).toBe(false);
    expect(isWordCodePoint('’'.codePointAt(0) ?? 0)).toBe(false);
  });

  it('folds a lone combining accent to nothing', () => {
    expect(foldCodePoint(0x301)).toBe('');
  });
});

describe('foldCodePointKeeping', () => {
  const fold = (text: string, keep: string) =>
    [...text]
      .map((character) => foldCodePointKeeping(character.codePointAt(0) ?? 0, keep))
      .join('');

  it('keeps the listed characters distinct (lower-cased) and folds the others', () => {
    expect(fold('Été Øre è', 'øé')).toBe('été øre e');
    expect(fold('ÉTÉ', 'É')).toBe('été');
    expect(fold('Été Øre è', '')).toBe('ete ore e');
  });
});
