import { describe, expect, it } from 'vitest';
import { ratingLevels } from './rating-levels.ts';

describe('rating levels', () => {
  it('counts the products at or above each star threshold', () => {
    expect(ratingLevels({ '0': 4, '2.5': 1, '3.3': 3, '4': 2, '4.7': 1 })).toEqual([
      { stars: 4, count: 3 },
      { stars: 3, count: 6 },
      { stars: 2, count: 7 },
      { stars: 1, count: 7 },
    ]);
    expect(ratingLevels({ '0': 3 })).toEqual([]);
  });
});
