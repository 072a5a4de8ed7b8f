import { describe, expect, it } from 'vitest';
import { pluralForms } from './plurals.ts';

describe('pluralForms', () => {
  it('handles English -s, -es, -ies and irregulars', () => {
    expect(pluralForms('cat', ['en'])).toContain('cats');
    expect(pluralForms('cats', ['en'])).toContain('cat');
    expect(pluralForms('boxes', ['en'])).toContain('box');
    expect(pluralForms('box', ['en'])).toContain('boxes');
    expect(pluralForms('city', ['en'])).toContain('cities');
    expect(pluralForms('cities', ['en'])).toContain('city');
    expect(pluralForms('children', ['en'])).toContain('child');
  });

  it('handles French -s, -x and -aux/-al', () => {
    expect(pluralForms('chevaux', ['fr'])).toContain('cheval');
    expect(pluralForms('cheval', ['fr'])).toContain('chevaux');
    expect(pluralForms('jeu', ['fr'])).toContain('jeux');
    expect(pluralForms('gateaux', ['fr'])).toContain('gateau');
    expect(pluralForms('biscuit', ['fr'])).toContain('biscuits');
    expect(pluralForms('cereales', ['fr'])).toContain('cereale');
  });

  it('returns nothing for numbers, unknown languages or the word itself', () => {
    expect(pluralForms('100', ['en', 'fr'])).toEqual([]);
    expect(pluralForms('cats', ['de'])).toEqual([]);
    expect(pluralForms('cats', ['en'])).not.toContain('cats');
  });
});
