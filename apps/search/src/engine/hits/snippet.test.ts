import { describe, expect, it } from 'vitest';
import { parseSnippetEntry, snippetText } from './snippet.ts';

const context = {
  words: [{ term: 'chocolat', prefix: false, maxTypos: 0, alternatives: new Set<string>() }],
  preTag: '<em>',
  postTag: '</em>',
};
const text =
  'Un biscuit croquant au beurre frais, nappé de chocolat noir intense, fabriqué en Bretagne depuis 1920.';

describe('snippetText', () => {
  it('keeps N words around the first match with ellipses where cut', () => {
    expect(snippetText(text, context, 4, '…')).toEqual({
      value: '…de <em>chocolat</em> noir intense…',
      matchLevel: 'full',
    });
  });

  it('starts at the beginning without a match, and keeps short texts whole', () => {
    const none = {
      ...context,
      words: [{ ...context.words[0], term: 'vanille' } as (typeof context.words)[0]],
    };
    expect(snippetText(text, none, 3, '...')).toEqual({
      value: 'Un biscuit croquant...',
      matchLevel: 'none',
    });
    expect(snippetText('Chocolat noir', context, 10, '…').value).toBe('<em>Chocolat</em> noir');
  });

  it('shows a replaced synonym expression as one word of the window', () => {
    const replacing = {
      ...context,
      words: [
        {
          ...context.words[0],
          alternatives: new Set(['cacao', 'pur']),
          synonymPhrases: [['cacao', 'pur']],
        } as (typeof context.words)[0],
      ],
    };
    const cacao = 'Une tablette fine au cacao pur, sans sucre ajouté ni lécithine.';
    expect(snippetText(cacao, replacing, 3, '…')).toEqual({
      value: '…au <em>chocolat</em>, sans…',
      matchLevel: 'full',
    });
    expect(snippetText(cacao, context, 3, '…').value).toBe('Une tablette fine…');
  });

  it('parses attr:N entries', () => {
    expect(parseSnippetEntry('description:20')).toEqual({ path: 'description', words: 20 });
    expect(parseSnippetEntry('name')).toEqual({ path: 'name', words: 10 });
  });
});
