import { describe, expect, it } from 'vitest';
import { catalogue, click, hour, purchase, start } from './recommend-fixtures.ts';
import { RecommendModels } from './recommend-models.ts';
import type { ItemHit, RecommendEvent, RecommendResult } from './types.ts';

const query = { model: 'bought-together', indexName: 'products', threshold: 0, limit: 30 } as const;

function itemHits(result: RecommendResult): readonly ItemHit[] {
  if (result.type !== 'items') throw new Error('expected item hits');
  return result.hits;
}

function orders(count: number, items: readonly string[], offset = 0): RecommendEvent[] {
  return Array.from({ length: count }, (_, n) =>
    purchase(`buyer-${offset + n}`, items, start + (offset + n) * hour),
  );
}

describe('RecommendModels', () => {
  it('learns incrementally: each batch moves the answer without retraining', () => {
    const models = new RecommendModels();
    models.setCatalogue(catalogue);
    models.addEvents([...orders(20, ['B3']), ...orders(2, ['H3', 'P3'], 20)]);
    const early = itemHits(models.recommend({ ...query, objectID: 'H3' }, start));
    models.addEvents(orders(20, ['H3', 'P3'], 40));
    const later = itemHits(models.recommend({ ...query, objectID: 'H3' }, start));
    expect(early[0]).toMatchObject({ objectID: 'P3' });
    expect(later[0]?.score).toBeGreaterThan(early[0]?.score ?? 100);
  });

  it('keeps event counts when the catalogue is replaced, and only answers with catalogue records', () => {
    const models = new RecommendModels();
    models.addEvents([...orders(20, ['B3']), ...orders(10, ['H3', 'P3', 'gone'], 20)]);
    const ids = () =>
      itemHits(models.recommend({ ...query, objectID: 'H3' }, start)).map((hit) => hit.objectID);
    expect(ids().sort()).toEqual(['P3', 'gone']);
    models.setCatalogue(catalogue);
    expect(ids()).toEqual(['P3']);
  });

  it('sorts each batch by time, so sessions do not depend on arrival order', () => {
    const inOrder = new RecommendModels();
    const shuffled = new RecommendModels();
    const events = Array.from({ length: 10 }, (_, user) => [
      click(`user-${user}`, ['H3'], start + user * hour),
      click(`user-${user}`, ['B1'], start + user * hour + 60_000),
    ]).flat();
    inOrder.addEvents(events);
    shuffled.addEvents([...events].reverse());
    const related = {
      model: 'related-products',
      indexName: 'p',
      objectID: 'H3',
      threshold: 0,
      limit: 5,
    } as const;
    expect(shuffled.recommend(related, start)).toEqual(inOrder.recommend(related, start));
    expect(itemHits(inOrder.recommend(related, start))[0]?.objectID).toBe('B1');
  });

  it('rejects a batch with a timestamp that is not a number, learning nothing from it', () => {
    const models = new RecommendModels();
    const bad = { ...click('user', ['H3'], Number.NaN) };
    expect(() => models.addEvents([click('user', ['B1'], start), bad])).toThrow(RangeError);
    const trending = models.recommend(
      { model: 'trending-items', indexName: 'p', threshold: 0, limit: 5 },
      start,
    );
    expect(trending.hits).toEqual([]);
  });
});
