import { describe, expect, it } from 'vitest';
import { SizedLru } from './sized-lru.ts';

describe('SizedLru', () => {
  const lru = () => new SizedLru<string>((value) => value.length);

  it('evicts the least recently used entries until the sizes fit the budget', () => {
    const cache = lru();
    cache.set('a', 'xxx', 6);
    cache.set('b', 'xxx', 6);
    cache.get('a'); // `b` is now the least recently used
    cache.set('c', 'xx', 6);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['xxx', undefined, 'xx']);
  });

  it('replaces a key without counting its old value, and bounds the count when asked', () => {
    const cache = lru();
    cache.set('a', 'xxxx', 4);
    cache.set('a', 'yyyy', 4);
    expect(cache.get('a')).toBe('yyyy');
    cache.set('b', 'z', 100, 2);
    cache.set('c', 'z', 100, 2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'z', 'z']);
  });
});
