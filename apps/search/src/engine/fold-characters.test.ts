import { describe, expect, it } from 'vitest';
import { foldCodePoint, foldText, isWordCodePoint } from './fold-characters.ts';

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
