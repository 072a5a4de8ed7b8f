import { describe, expect, it } from 'vitest';
import { randomHex } from './random-hex.ts';

describe('randomHex', () => {
  it('returns the asked number of random bytes as hex, never the same bytes twice across pool refills', () => {
    // 3,000 × 16 bytes spans about a dozen refills of the 4 kB pool.
    const ids = Array.from({ length: 3000 }, (_, i) => randomHex(i % 2 === 0 ? 16 : 8));
    for (const [i, id] of ids.entries())
      expect(id).toMatch(i % 2 === 0 ? /^[0-9a-f]{32}$/ : /^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses more bytes than its pool holds', () => {
    expect(() => randomHex(5000)).toThrow(RangeError);
  });
});
