import { describe, expect, it } from 'vitest';
import { catalogue, recommendItems } from './recommend-fixtures.ts';
import { RecommendModels } from './recommend-models.ts';

const vectors = new Map<string, Float32Array>([
  ['H1-Black', Float32Array.of(1, 0, 0)],
  ['H1-Blue', Float32Array.of(0.99, 0.1, 0)],
  ['H2-Black', Float32Array.of(0.9, 0.3, 0)],
  ['H3', Float32Array.of(0.6, 0.8, 0)],
  ['P1-Black', Float32Array.of(0, 2, 0)],
  ['P1-Grey', Float32Array.of(0.5, 1, 0)],
  ['B1', Float32Array.of(-1, 0, 0)],
  ['B2', Float32Array.of(0, 0, 0)],
]);

const lookingSimilar = (models: RecommendModels, objectID: string, threshold = 0, limit = 30) =>
  recommendItems(models, 'looking-similar', objectID, threshold, limit);

function trained(): RecommendModels {
  const models = new RecommendModels();
  models.setCatalogue(catalogue);
  models.setImageVectors(vectors);
  return models;
}

describe('looking-similar', () => {
  it('returns the nearest images by cosine, one record per product, without the source product', () => {
    expect(lookingSimilar(trained(), 'H1-Black')).toEqual([
      { objectID: 'H2-Black', score: 94.87 },
      { objectID: 'H3', score: 60 },
      { objectID: 'P1-Grey', score: 44.72 },
    ]);
  });

  it('honours threshold and maxRecommendations', () => {
    expect(lookingSimilar(trained(), 'H1-Black', 50).map((hit) => hit.objectID)).toEqual([
      'H2-Black',
      'H3',
    ]);
    expect(lookingSimilar(trained(), 'H1-Black', 0, 1).map((hit) => hit.objectID)).toEqual([
      'H2-Black',
    ]);
  });

  it('answers nothing when the source has no vector or no vectors are plugged in', () => {
    expect(lookingSimilar(trained(), 'B3')).toEqual([]);
    expect(lookingSimilar(trained(), 'B2')).toEqual([]);
    const models = new RecommendModels();
    models.setCatalogue(catalogue);
    expect(lookingSimilar(models, 'H1-Black')).toEqual([]);
  });

  it('rejects vectors of different dimensions', () => {
    const models = new RecommendModels();
    const mixed = new Map([
      ['a', Float32Array.of(1, 0)],
      ['b', Float32Array.of(1, 0, 0)],
    ]);
    expect(() => models.setImageVectors(mixed)).toThrow(
      'image vector of b has 3 dimensions, expected 2',
    );
  });
});
