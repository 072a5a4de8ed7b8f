import { describe, expect, it } from 'vitest';
import {
  averageWithNeighbours,
  maxAugmentationNeighbours,
  photosPerNeighbour,
} from './record-image-vectors-augmentation.ts';

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return dot / Math.sqrt(na * nb);
}

/** Deterministic pseudo-random numbers in [-1, 1). */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2 - 1;
  };
}

/** `count` photos around two directions (cluster 0: axis 0, cluster 1: axis 1), one record each. */
function clusteredPhotos(count: number): Map<string, Float32Array> {
  const random = noise(7);
  const vectors = new Map<string, Float32Array>();
  for (let i = 0; i < count; i++) {
    const vector = Float32Array.from({ length: 16 }, () => random() * 0.3);
    vector[i % 2] = (vector[i % 2] ?? 0) + 1;
    vectors.set(`record-${i}`, vector);
  }
  return vectors;
}

describe('averageWithNeighbours', () => {
  it('leaves a small catalogue as it is: averaging would blur its few photos together', () => {
    const vectors = clusteredPhotos(photosPerNeighbour - 1);
    expect(averageWithNeighbours(vectors)).toBe(vectors);
  });

  it('pulls a photo towards the photos that look like it, never towards the other cluster', () => {
    const vectors = clusteredPhotos(photosPerNeighbour * maxAugmentationNeighbours * 2);
    const augmented = averageWithNeighbours(vectors);
    const axis = (index: number) =>
      Float32Array.from({ length: 16 }, (_, i) => (i === index ? 1 : 0));
    let closer = 0;
    for (const [objectID, vector] of vectors) {
      const own = Number(objectID.split('-')[1]) % 2;
      const after = augmented.get(objectID) as Float32Array;
      expect(cosine(after, axis(own))).toBeGreaterThan(cosine(after, axis(1 - own)));
      if (cosine(after, axis(own)) > cosine(vector, axis(own))) closer++;
    }
    // Nearly every photo ends up nearer its cluster's direction than it started.
    expect(closer / vectors.size).toBeGreaterThan(0.9);
  });

  it('gives records sharing a photo the same vector, and keeps vectors of mixed lengths as they are', () => {
    const vectors = clusteredPhotos(photosPerNeighbour * 2);
    const shared = vectors.get('record-0') as Float32Array;
    vectors.set('same-photo', shared);
    const augmented = averageWithNeighbours(vectors);
    expect(augmented.get('same-photo')).toBe(augmented.get('record-0'));
    expect(augmented.get('record-0')).not.toEqual(shared);
    // A refresh with the same photos (records renamed, say) reuses the work.
    const renamed = new Map([...vectors].map(([objectID, vector]) => [`new-${objectID}`, vector]));
    expect(averageWithNeighbours(renamed).get('new-record-0')).toBe(augmented.get('record-0'));
    vectors.set('odd', new Float32Array(3));
    expect(averageWithNeighbours(vectors)).toBe(vectors);
  });
});
