import { describe, expect, it } from 'vitest';
import { matchFacetLabels } from './facet-value-search.ts';

const colours = [
  { value: 'Black', count: 120, isRefined: false },
  { value: 'Blue', count: 90, isRefined: true },
  { value: 'Gray', count: 60, isRefined: false },
  { value: 'White', count: 30, isRefined: false },
];

describe('matchFacetLabels', () => {
  it('finds a colour by its French label and keeps its English key, count and state', () => {
    const [noir, ...others] = matchFacetLabels(colours, 'noir', 'fr');
    expect(others).toEqual([]);
    expect(noir).toMatchObject({ value: 'Black', label: 'Noir', count: 120, isRefined: false });
    expect(noir?.parts).toEqual([{ text: 'Noir', highlighted: true }]);
  });

  it('ignores case and accents both ways, and highlights the label’s own characters', () => {
    const materials = [
      { value: 'Spandex', count: 4, isRefined: false },
      { value: 'Organic Cotton', count: 9, isRefined: false },
    ];
    expect(matchFacetLabels(materials, 'ELAST', 'fr')[0]?.parts).toEqual([
      { text: 'Élast', highlighted: true },
      { text: 'hanne', highlighted: false },
    ]);
    expect(matchFacetLabels(materials, 'bio', 'fr')[0]).toMatchObject({
      value: 'Organic Cotton',
      parts: [
        { text: 'Coton ', highlighted: false },
        { text: 'bio', highlighted: true },
      ],
    });
  });

  it('matches labels of the page’s language only: English keys are not French words', () => {
    expect(matchFacetLabels(colours, 'black', 'fr')).toEqual([]);
    expect(matchFacetLabels(colours, 'noir', 'en')).toEqual([]);
    expect(matchFacetLabels(colours, 'black', 'en').map((match) => match.value)).toEqual(['Black']);
  });

  it('puts labels that start with the text first, then the most frequent', () => {
    // "b" starts "Bleu" and "Blanc" only; "r" is inside "Noir" and "Gris", at the start of neither.
    expect(matchFacetLabels(colours, 'b', 'fr').map((match) => match.label)).toEqual([
      'Bleu',
      'Blanc',
    ]);
    expect(matchFacetLabels(colours, 'r', 'fr').map((match) => match.label)).toEqual([
      'Noir',
      'Gris',
    ]);
  });

  it('matches nothing for an empty or blank text', () => {
    expect(matchFacetLabels(colours, '', 'fr')).toEqual([]);
    expect(matchFacetLabels(colours, '   ', 'fr')).toEqual([]);
  });
});
