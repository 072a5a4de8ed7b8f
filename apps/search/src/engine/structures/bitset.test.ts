import { describe, expect, it } from 'vitest';
import { Bitset, popCount } from './bitset.ts';

describe('Bitset', () => {
  it('sets, clears, combines and lists bits in order', () => {
    const a = new Bitset(100);
    const b = new Bitset(100);
    for (const index of [1, 31, 32, 64, 99]) a.add(index);
    for (const index of [31, 64, 70]) b.add(index);
    expect(a.has(32)).toBe(true);
    a.remove(32);
    expect(a.count()).toBe(4);
    const both = new Bitset(100);
    both.copyFrom(a);
    both.and(b);
    const out = new Uint32Array(100);
    expect([...out.subarray(0, both.toArray(out))]).toEqual([31, 64]);
    a.andNot(b);
    expect([...out.subarray(0, a.toArray(out))]).toEqual([1, 99]);
    a.or(b);
    expect(a.count()).toBe(5);
  });

  it('fills a prefix', () => {
    const set = new Bitset(70);
    set.fillTo(40);
    expect(set.count()).toBe(40);
    expect(set.has(39)).toBe(true);
    expect(set.has(40)).toBe(false);
  });

  it('counts bits of a word', () => {
    expect(popCount(0xffffffff)).toBe(32);
    expect(popCount(0b1011)).toBe(3);
  });
});
