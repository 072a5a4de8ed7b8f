import { describe, expect, it } from 'vitest';
import { catalogue, click, hour, recommendItems, start, view } from './recommend-fixtures.ts';
import { RecommendModels } from './recommend-models.ts';
import type { RecommendEvent } from './types.ts';

const related = (models: RecommendModels, objectID: string, threshold = 0, limit = 30) =>
  recommendItems(models, 'related-products', objectID, threshold, limit);

function trained(events: readonly RecommendEvent[] = []): RecommendModels {
  const models = new RecommendModels();
  models.setCatalogue(catalogue);
  models.addEvents(events);
  return models;
}

/** `sessions` users each click `a` then `b` a minute later. */
function coClicks(a: string, b: string, sessions: number): RecommendEvent[] {
  return Array.from({ length: sessions }, (_, user) => [
    click(`user-${user}`, [a], start + user * hour),
    click(`user-${user}`, [b], start + user * hour + 60_000),
  ]).flat();
}

describe('related-products', () => {
  it('falls back to the curated links, then to products of linked categories, with no events', () => {
    const hits = related(trained(), 'H1-Black');
    expect(hits[0]).toEqual({ objectID: 'P1-Black', score: expect.any(Number) });
    expect(hits[0]?.score).toBeGreaterThanOrEqual(90);
    // Hoodies link to pants in this catalogue, so the other pants come before the other hoodies.
    expect(hits.slice(1, 3).map((hit) => hit.objectID)).toEqual(['P2', 'P3']);
  });

  it('never returns the source product, in any colour, and answers with the source colour when it exists', () => {
    const hits = related(trained(), 'H1-Blue');
    expect(hits.map((hit) => hit.objectID)).not.toContain('H1-Black');
    expect(hits.map((hit) => hit.objectID)).not.toContain('H1-Blue');
    expect(hits[0]?.objectID).toBe('P1-Black');
    expect(related(trained(), 'H1-Black').map((hit) => hit.objectID)).not.toContain('P1-Grey');
  });

  it('generalises the merchant links to a product without links of its own', () => {
    const ids = related(trained(), 'H3').map((hit) => hit.objectID);
    expect(ids.slice(0, 3).sort()).toEqual(['P1-Black', 'P2', 'P3']);
    expect(ids.indexOf('H2-Black')).toBeGreaterThan(2);
  });

  it('moves a product up as users co-click it with the source, more with more sessions', () => {
    const before = related(trained(), 'H3').find((hit) => hit.objectID === 'B1');
    const few = related(trained(coClicks('H3', 'B1', 2)), 'H3');
    const many = related(trained(coClicks('H3', 'B1', 20)), 'H3');
    const fewScore = few.find((hit) => hit.objectID === 'B1')?.score ?? 0;
    expect(before?.score ?? 0).toBeLessThan(1);
    expect(fewScore).toBeGreaterThan(before?.score ?? 0);
    expect(many[0]?.objectID).toBe('B1');
    expect(many[0]?.score).toBeGreaterThan(fewScore);
  });

  it('does not pair clicks from different sessions or different users', () => {
    const apart = Array.from({ length: 20 }, (_, user) => [
      click(`user-${user}`, ['H3'], start + user * 3 * hour),
      click(`user-${user}`, ['B1'], start + user * 3 * hour + 2 * hour),
      click(`other-${user}`, ['B2'], start + user * 3 * hour + 60_000),
    ]).flat();
    const hits = related(trained(apart), 'H3');
    expect(hits.find((hit) => hit.objectID === 'B1')?.score ?? 0).toBeLessThan(1);
    expect(hits.find((hit) => hit.objectID === 'B2')?.score ?? 0).toBeLessThan(1);
  });

  it('counts product-page views but not list impressions', () => {
    const impressions = Array.from({ length: 20 }, (_, user) =>
      view(`user-${user}`, ['H3', 'B1'], start + user * hour),
    );
    expect(related(trained(impressions), 'H3')[0]?.objectID).not.toBe('B1');
    const pageViews = Array.from({ length: 20 }, (_, user) => [
      view(`user-${user}`, ['H3'], start + user * hour),
      view(`user-${user}`, ['B1'], start + user * hour + 60_000),
    ]).flat();
    expect(related(trained(pageViews), 'H3')[0]?.objectID).toBe('B1');
  });

  it('honours threshold and maxRecommendations, sorted by score descending', () => {
    const all = related(trained(), 'H1-Black');
    expect(all.length).toBeGreaterThan(3);
    expect(all.map((hit) => hit.score)).toEqual(
      [...all.map((hit) => hit.score)].sort((a, b) => b - a),
    );
    expect(related(trained(), 'H1-Black', 0, 2)).toEqual(all.slice(0, 2));
    const strong = related(trained(), 'H1-Black', 50);
    expect(strong.map((hit) => hit.objectID)).toEqual(['P1-Black']);
  });

  it('answers nothing for an unknown record without events', () => {
    expect(related(trained(), 'nope')).toEqual([]);
  });
});
