import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/messages/en.ts';
import { fr } from '../../i18n/messages/fr.ts';
import { filterLabel } from './filter-labels.ts';

describe('filterLabel', () => {
  it('names the search page’s filters as the search page does, in both languages', () => {
    expect(filterLabel('colors', en)).toBe('Colour');
    expect(filterLabel('colors', fr)).toBe('Couleur');
    expect(filterLabel('sizes', en)).toBe('Size');
    expect(filterLabel('sale', en)).toBe('On sale');
    expect(filterLabel('sale', fr)).toBe('En promotion');
    expect(filterLabel('price', fr)).toBe('Prix');
    expect(filterLabel('rating', en)).toBe('Rating');
  });

  it('says which level of the category tree was filtered', () => {
    expect(filterLabel('hierarchicalCategories.lvl0', en)).toBe('Category (level 1)');
    expect(filterLabel('hierarchicalCategories.lvl2', fr)).toBe('Catégorie (niveau 3)');
  });

  it('has no name for an attribute the search page does not filter on', () => {
    expect(filterLabel('brand', en)).toBeUndefined();
    expect(filterLabel('hierarchicalCategories.lvl3', en)).toBeUndefined();
    expect(filterLabel('toString', en)).toBeUndefined();
  });
});
