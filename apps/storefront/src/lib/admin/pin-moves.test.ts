import { describe, expect, it } from 'vitest';
import { pinAt } from './pin-moves.ts';

describe('moving a product in the preview', () => {
  it('pins it at its new place', () => {
    expect(pinAt([], 'c', 0, 2)).toEqual([{ objectID: 'c', position: 0 }]);
  });

  it('moves its pin rather than pinning it twice', () => {
    expect(pinAt([{ objectID: 'c', position: 0 }], 'c', 1, 0)).toEqual([
      { objectID: 'c', position: 1 },
    ]);
  });

  it('swaps with a product pinned where it lands', () => {
    expect(
      pinAt(
        [
          { objectID: 'a', position: 0 },
          { objectID: 'b', position: 1 },
        ],
        'b',
        0,
        1,
      ),
    ).toEqual([
      { objectID: 'b', position: 0 },
      { objectID: 'a', position: 1 },
    ]);
  });
});
