import { describe, expect, it } from 'vitest';
import { TermDictionary } from './term-dictionary.ts';

describe('TermDictionary', () => {
  it('gives dense ids and keeps a sorted view across incremental additions', () => {
    const dictionary = new TermDictionary();
    for (const term of ['tv', 'samsung', 'apple']) dictionary.intern(term);
    expect(dictionary.sorted().terms).toEqual(['apple', 'samsung', 'tv']);
    expect(dictionary.intern('samsung')).toBe(1);
    dictionary.intern('sam');
    dictionary.intern('zebra');
    const { terms, ids } = dictionary.sorted();
    expect(terms).toEqual(['apple', 'sam', 'samsung', 'tv', 'zebra']);
    expect([...ids].map((id) => dictionary.termOf(id))).toEqual(terms);
  });

  it('finds prefix ranges', () => {
    const dictionary = new TermDictionary();
    for (const term of ['sam', 'samsung', 'samba', 'sony', 'apple']) dictionary.intern(term);
    const { low, high } = dictionary.prefixRange('sam');
    expect(dictionary.sorted().terms.slice(low, high)).toEqual(['sam', 'samba', 'samsung']);
    expect(dictionary.prefixRange('x')).toEqual({ low: 5, high: 5 });
  });
});
