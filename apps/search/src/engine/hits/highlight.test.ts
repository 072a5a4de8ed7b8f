import { describe, expect, it } from 'vitest';
import { type HighlightContext, highlightText } from './highlight.ts';

const context = (
  words: HighlightContext['words'],
  preTag = '<em>',
  postTag = '</em>',
): HighlightContext => ({
  words,
  preTag,
  postTag,
});
const word = (term: string, prefix = false, maxTypos = 0, alternatives: string[] = []) => ({
  term,
  prefix,
  maxTypos,
  alternatives: new Set(alternatives),
});

describe('highlightText', () => {
  it('highlights whole words and reports a full match', () => {
    expect(highlightText('Samsung Galaxy', context([word('samsung'), word('galaxy')]))).toEqual({
      value: '<em>Samsung</em> <em>Galaxy</em>',
      matchLevel: 'full',
      matchedWords: ['samsung', 'galaxy'],
      fullyHighlighted: true,
    });
  });

  it('marks a fraction glyph once when both of its numbers match', () => {
    expect(highlightText('¼ zip', context([word('1'), word('4'), word('zip')])).value).toBe(
      '<em>¼</em> <em>zip</em>',
    );
  });

  it('highlights only the typed prefix, accents included', () => {
    expect(highlightText('Télévision OLED', context([word('tel', true)]))).toEqual({
      value: '<em>Tél</em>évision OLED',
      matchLevel: 'full',
      matchedWords: ['tel'],
      fullyHighlighted: false,
    });
  });

  it('reports partial and none matches; none returns the raw text', () => {
    expect(highlightText('Jus de pomme', context([word('pomme'), word('poire')])).matchLevel).toBe(
      'partial',
    );
    expect(highlightText('<b>Jus</b> & co', context([word('lait')]))).toEqual({
      value: '<b>Jus</b> & co',
      matchLevel: 'none',
      matchedWords: [],
    });
  });

  it('never escapes the stored text and uses custom tags', () => {
    expect(
      highlightText(
        'Tom & Jerry <3',
        context([word('tom')], '__ais-highlight__', '__/ais-highlight__'),
      ).value,
    ).toBe('__ais-highlight__Tom__/ais-highlight__ & Jerry <3');
  });

  it('highlights typo, plural and synonym matches as whole words', () => {
    expect(
      highlightText(
        'Samsong phones',
        context([word('samsung', false, 1), word('phone', false, 0, ['phones'])]),
      ).value,
    ).toBe('<em>Samsong</em> <em>phones</em>');
  });

  it('shows synonym expressions as the query word when given (replaceSynonymsInHighlight)', () => {
    const home = {
      ...word('home', false, 0, ['house', 'new', 'york', 'city']),
      synonymPhrases: [['house'], ['new', 'york'], ['new', 'york', 'city']],
    };
    expect(highlightText('House plant', context([home]))).toEqual({
      value: '<em>home</em> plant',
      matchLevel: 'full',
      matchedWords: ['home'],
      fullyHighlighted: false,
    });
    // The longest expression wins and its words become one highlighted word.
    expect(highlightText('A New  York City house', context([home])).value).toBe(
      'A <em>home</em> <em>home</em>',
    );
    // Words outside an expression keep their own highlight; a query word is never replaced.
    expect(highlightText('new house', context([home])).value).toBe('<em>new</em> <em>home</em>');
    expect(highlightText('house home', context([home, word('house')])).value).toBe(
      '<em>house</em> <em>home</em>',
    );
  });
});
