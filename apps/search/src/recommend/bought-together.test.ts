import { describe, expect, it } from 'vitest';
import { catalogue, day, hour, purchase, recommendItems, start } from './recommend-fixtures.ts';
import { RecommendModels } from './recommend-models.ts';
import type { RecommendEvent } from './types.ts';

const boughtTogether = (models: RecommendModels, objectID: string, threshold = 0, limit = 30) =>
  recommendItems(models, 'bought-together', objectID, threshold, limit);

function trained(events: readonly RecommendEvent[], withCatalogue = true): RecommendModels {
  const models = new RecommendModels();
  if (withCatalogue) models.setCatalogue(catalogue);
  models.addEvents(events);
  return models;
}

/** One order per entry, each by its own user, an hour apart. */
function orders(baskets: readonly (readonly string[])[]): RecommendEvent[] {
  return baskets.map((items, position) =>
    purchase(`buyer-${position}`, items, start + position * hour),
  );
}

function repeat<T>(times: number, value: T): T[] {
  return Array.from({ length: times }, () => value);
}

describe('bought-together', () => {
  it('uses the crossSell links as the prior while there are no purchases', () => {
    expect(boughtTogether(trained([]), 'H1-Black')).toEqual([
      { objectID: 'B1', score: 50 },
      { objectID: 'B2', score: 49 },
    ]);
    expect(boughtTogether(trained([]), 'P3')).toEqual([]);
  });

  it('puts a product bought with the source in many orders first, above the crossSell prior', () => {
    const history = orders([
      ...repeat(30, ['H1-Black', 'P3']),
      ...repeat(30, ['H2-Black', 'T1']),
      ...repeat(30, ['B3']),
    ]);
    const hits = boughtTogether(trained(history), 'H1-Black');
    expect(hits[0]?.objectID).toBe('P3');
    expect(hits[0]?.score).toBeGreaterThan(50);
    expect(hits.slice(1).map((hit) => hit.objectID)).toEqual(['B1', 'B2']);
    // Symmetric: P3's page suggests the hoodie, in the colour that was bought.
    expect(boughtTogether(trained(history), 'P3')[0]?.objectID).toBe('H1-Black');
  });

  it('ranks by significance, not raw counts: a best-seller bought with everything does not win', () => {
    const history = orders([
      ...repeat(12, ['H3', 'P3', 'B3']),
      ...repeat(2, ['H3', 'B3']),
      ...repeat(6, ['H3']),
      ...repeat(80, ['B3']),
      ...repeat(40, ['T1', 'B3']),
    ]);
    const hits = boughtTogether(trained(history), 'H3');
    // B3 shares 14 orders with H3, P3 only 12; but B3 is in 134 of 140 orders.
    expect(hits[0]?.objectID).toBe('P3');
    const best = hits.find((hit) => hit.objectID === 'B3');
    expect(best?.score ?? 0).toBeLessThan(5);
  });

  it('joins one buyer’s purchases within a day into one basket, and not beyond', () => {
    const split = [
      ...orders(repeat(20, ['B3'])),
      ...Array.from({ length: 10 }, (_, user) => [
        purchase(`split-${user}`, ['H3'], start + user * day * 5),
        purchase(`split-${user}`, ['P3'], start + user * day * 5 + 2 * hour),
        purchase(`late-${user}`, ['H3'], start + user * day * 5),
        purchase(`late-${user}`, ['B1'], start + user * day * 5 + 3 * day),
      ]).flat(),
    ];
    const ids = boughtTogether(trained(split), 'H3').map((hit) => hit.objectID);
    expect(ids[0]).toBe('P3');
    expect(ids).not.toContain('B1');
  });

  it('honours threshold and maxRecommendations, and never returns the source product', () => {
    const history = orders([
      ...repeat(15, ['H1-Black', 'P3', 'T1']),
      ...repeat(5, ['H1-Black', 'P3']),
      ...repeat(5, ['H1-Blue', 'P2']),
      ...repeat(40, ['B3']),
    ]);
    const models = trained(history);
    const all = boughtTogether(models, 'H1-Black');
    expect(all.map((hit) => hit.objectID)).not.toContain('H1-Blue');
    expect(all.map((hit) => hit.score)).toEqual(
      [...all.map((hit) => hit.score)].sort((a, b) => b - a),
    );
    expect(boughtTogether(models, 'H1-Black', 0, 1)).toEqual(all.slice(0, 1));
    expect(all[0]?.score).toBeGreaterThan(all[1]?.score ?? 100);
    const threshold = (all[1]?.score ?? 0) + 0.01;
    expect(boughtTogether(models, 'H1-Black', threshold)).toEqual(all.slice(0, 1));
    expect(boughtTogether(models, 'H1-Black', all[1]?.score ?? 0)).toEqual(all.slice(0, 2));
  });

  it('works on events alone, without a catalogue (offline evaluation)', () => {
    const history = orders([
      ...repeat(10, ['85123A', '71053']),
      ...repeat(10, ['22633']),
      ...repeat(10, ['84879', '22745']),
    ]);
    expect(boughtTogether(trained(history, false), '85123A').map((hit) => hit.objectID)).toEqual([
      '71053',
    ]);
  });
});
