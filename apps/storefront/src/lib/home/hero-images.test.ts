import { describe, expect, it } from 'vitest';
import { heroImages, type PictureTree } from './hero-images.ts';

const node = (imageUrl: string | null, children: PictureTree[] = []): PictureTree => ({
  imageUrl,
  children,
});

describe('heroImages', () => {
  it('picks one photo per department that its entry card does not already show', () => {
    const departments = [
      node('/men.jpg', [
        node('/men.jpg', [node('/men.jpg'), node('/hoodie.jpg')]),
        node('/shorts.jpg'),
      ]),
      node('/women.jpg', [node(null, [node('/bra.jpg')])]),
      node('/gear.jpg', [node('/gear.jpg')]),
    ];
    expect(heroImages(departments)).toEqual(['/hoodie.jpg', '/bra.jpg']);
  });
});
