import { describe, expect, it } from 'vitest';
import { catalogue, click, day, purchase, start, view } from './recommend-fixtures.ts';
import { RecommendModels } from './recommend-models.ts';
import type { FacetHit, ItemHit, RecommendEvent } from './types.ts';

const now = start + 30 * day;

function models(events: readonly RecommendEvent[], popularityPriorWeight = 1): RecommendModels {
  const trained = new RecommendModels({ trending: { halfLifeMs: 7 * day, popularityPriorWeight } });
  trained.setCatalogue(catalogue);
  trained.addEvents(events);
  return trained;
}

function items(
  trained: RecommendModels,
  options: {
    threshold?: number;
    limit?: number;
    facet?: { name: string; value: string };
    at?: number;
  } = {},
): readonly ItemHit[] {
  const { threshold = 0, limit = 30, facet, at = now } = options;
  const result = trained.recommend(
    {
      model: 'trending-items',
      indexName: 'products',
      threshold,
      limit,
      ...(facet ? { facet } : {}),
    },
    at,
  );
  if (result.type !== 'items') throw new Error('expected item hits');
  return result.hits;
}

function facets(trained: RecommendModels, facetName: string, threshold = 0): readonly FacetHit[] {
  const result = trained.recommend(
    { model: 'trending-facets', indexName: 'products', threshold, limit: 30, facetName },
    now,
  );
  if (result.type !== 'facets') throw new Error('expected facet hits');
  return result.hits;
}

const clicks = (objectID: string, count: number, at: number) =>
  Array.from({ length: count }, (_, user) => click(`user-${user}`, [objectID], at));

describe('trending-items', () => {
  it('falls back to the popularity attribute while there are no events', () => {
    expect(items(models([])).map((hit) => hit.objectID)).toEqual([
      'B3',
      'P2',
      'H2-Black',
      'P1-Black',
      'H1-Black',
      'H3',
      'T1',
      'B2',
      'B1',
      'P3',
    ]);
    expect(items(models([]))[0]?.score).toBe(100);
  });

  it('halves an event’s weight every half-life (7 days)', () => {
    const hits = items(models([click('a', ['H3'], now), click('b', ['T1'], now - 7 * day)], 0));
    expect(hits).toEqual([
      { objectID: 'H3', score: 100 },
      { objectID: 'T1', score: 50 },
    ]);
  });

  it('prefers a few recent events over many old ones', () => {
    const history = [...clicks('P3', 10, now - 28 * day), ...clicks('B1', 2, now - day)];
    const hits = items(models(history, 0));
    expect(hits.map((hit) => hit.objectID)).toEqual(['B1', 'P3']);
    // 10 clicks four half-lives ago are worth 0.625 click; 2 clicks a day ago about 1.8.
    expect(hits[1]?.score).toBeCloseTo((100 * 0.625) / (2 * 2 ** (-1 / 7)), 1);
  });

  it('weighs conversions more than clicks and ignores list impressions', () => {
    const history = [
      ...clicks('H3', 3, now),
      purchase('buyer', ['T1'], now),
      view('browser', ['P3', 'B1', 'B2'], now),
    ];
    expect(items(models(history, 0)).map((hit) => hit.objectID)).toEqual(['T1', 'H3']);
  });

  it('lets events overtake the popularity prior and answers with the record that trends', () => {
    const hits = items(models([...clicks('H1-Blue', 3, now - day)]));
    expect(hits[0]?.objectID).toBe('H1-Blue');
    expect(hits[1]?.objectID).toBe('B3');
  });

  it('restricts to one facet value', () => {
    const history = [...clicks('H3', 5, now), ...clicks('P3', 2, now)];
    const facet = { name: 'hierarchicalCategories.lvl1', value: 'Men > Bottoms' };
    expect(items(models(history), { facet }).map((hit) => hit.objectID)).toEqual([
      'P3',
      'P2',
      'P1-Black',
    ]);
    expect(
      items(models(history), { facet: { name: 'color', value: 'Grey' } }).map(
        (hit) => hit.objectID,
      ),
    ).toEqual(['P1-Grey']);
  });

  it('honours threshold and maxRecommendations', () => {
    const trained = models([]);
    const all = items(trained);
    expect(items(trained, { limit: 3 })).toEqual(all.slice(0, 3));
    const threshold = all[2]?.score ?? 0;
    expect(items(trained, { threshold })).toEqual(all.slice(0, 3));
  });
});

describe('trending-facets', () => {
  it('ranks facet values by the trend of their records, popularity first', () => {
    const byPopularity = facets(models([]), 'hierarchicalCategories.lvl0');
    expect(byPopularity.map((hit) => hit.facetValue)).toEqual(['Men', 'Gear']);
    expect(byPopularity[0]).toEqual({
      facetName: 'hierarchicalCategories.lvl0',
      facetValue: 'Men',
      score: 100,
    });
    const bags = [...clicks('B1', 20, now), ...clicks('B2', 20, now)];
    expect(
      facets(models(bags), 'hierarchicalCategories.lvl0').map((hit) => hit.facetValue),
    ).toEqual(['Gear', 'Men']);
  });

  it('drops values below the threshold and reads plain attributes', () => {
    const history = [...clicks('P1-Grey', 4, now), ...clicks('H1-Black', 1, now)];
    expect(facets(models(history, 0), 'color', 50)).toEqual([
      { facetName: 'color', facetValue: 'Grey', score: 100 },
    ]);
    expect(facets(models(history, 0), 'color')).toEqual([
      { facetName: 'color', facetValue: 'Grey', score: 100 },
      { facetName: 'color', facetValue: 'Black', score: 25 },
    ]);
  });
});
