import { describe, expect, it } from 'vitest';
import {
  catalogue,
  click,
  hour,
  purchase,
  recommendItems,
  start,
  view,
} from './recommend-fixtures.ts';
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

  // The storefront names colour records (`H1-Black`) and sends a new product view per colour shown.
  it('counts a visit to several colours of a product as one visit to the product', () => {
    const related = (firstVisit: readonly string[]) => {
      const models = new RecommendModels();
      models.setCatalogue(catalogue);
      models.addEvents([
        ...firstVisit.map((objectID, n) => view('shopper', [objectID], start + n * 60_000)),
        view('shopper', ['T1'], start + 10 * 60_000),
      ]);
      return recommendItems(models, 'related-products', 'H1-Black').find(
        (hit) => hit.objectID === 'T1',
      )?.score;
    };
    const oneColour = related(['H1-Black']);
    expect(oneColour).toBeGreaterThan(0);
    expect(related(['H1-Black', 'H1-Blue', 'H1-Black'])).toBe(oneColour);
  });

  it('counts an order of two colours of each product as one basket holding both products', () => {
    const boughtWith = (order: readonly string[]) => {
      const models = new RecommendModels();
      models.setCatalogue(catalogue);
      models.addEvents([
        ...orders(3, ['B3']),
        purchase('shopper', order, start),
        purchase('other', ['H1-Blue', 'P1-Grey'], start),
      ]);
      return recommendItems(models, 'bought-together', 'H1-Black').find(
        (hit) => hit.objectID === 'P1-Black',
      )?.score;
    };
    const oneEach = boughtWith(['H1-Black', 'P1-Black']);
    expect(oneEach).toBeGreaterThan(0);
    expect(boughtWith(['H1-Black', 'H1-Blue', 'P1-Black', 'P1-Grey'])).toBe(oneEach);
  });
});
