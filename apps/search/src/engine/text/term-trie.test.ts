import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits, endOfPrefix, lowerBound } from './term-dictionary.ts';
import { termTrie } from './term-trie.ts';

/** Each node's prefix, rebuilt from the letters on its path. */
function prefixes(terms: readonly string[]): string[] {
  const { size, letters, depths } = termTrie(terms);
  const path: string[] = [];
  const result: string[] = [];
  for (let node = 0; node < size; node++) {
    const depth = depths[node] ?? 0;
    path.length = depth - 1;
    path.push(String.fromCharCode(letters[node] ?? 0));
    result.push(path.join(''));
  }
  return result;
}

describe('termTrie', () => {
  it('lists every prefix once, in sorted order, with the words under it', () => {
    const terms = ['sam', 'samba', 'samsung', 'sony', 'tv'];
    const trie = termTrie(terms);
    expect(prefixes(terms)).toEqual([
      's',
      'sa',
      'sam',
      'samb',
      'samba',
      'sams',
      'samsu',
      'samsun',
      'samsung',
      'so',
      'son',
      'sony',
      't',
      'tv',
    ]);
    const sam = prefixes(terms).indexOf('sam');
    expect([trie.lows[sam], trie.highs[sam], trie.terminal[sam]]).toEqual([0, 3, 1]);
    expect(prefixes(terms)[trie.nexts[sam] ?? 0]).toBe('so');
  });

  it('gives each node the sorted range of the words starting with its prefix', () => {
    const word = fc
      .array(fc.constantFrom('a', 'b', 'é', 'c'), { minLength: 1, maxLength: 6 })
      .map((letters) => letters.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 40 }), (words) => {
        const terms = [...words].sort(compareCodeUnits);
        const trie = termTrie(terms);
        const all = prefixes(terms);
        expect(new Set(all).size).toBe(all.length);
        all.forEach((prefix, node) => {
          const low = lowerBound(terms, prefix, 0);
          expect(trie.lows[node]).toBe(low);
          expect(trie.highs[node]).toBe(endOfPrefix(terms, prefix, low));
          expect(trie.terminal[node] === 1).toBe(terms[low] === prefix);
          const next = trie.nexts[node] ?? 0;
          expect(next === trie.size || !(all[next] ?? '').startsWith(prefix)).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });
});
