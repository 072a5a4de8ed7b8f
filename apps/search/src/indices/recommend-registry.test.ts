import { describe, expect, it } from 'vitest';
import type { ValidEvent } from '../insights/validate-events.ts';
import { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';
import { RecommendRegistry, toRecommendEvent } from './recommend-registry.ts';

const at = new Date('2026-03-01T10:00:00.000Z');
const now = at.getTime();

function registryWith(records: { objectID: string; popularity: number }[]): IndexRegistry {
  const registry = new IndexRegistry();
  const index = new LiveIndex('products', {}, at, at);
  index.saveRecords(records);
  registry.set(index);
  return registry;
}

function event(change: Partial<ValidEvent>): ValidEvent {
  return {
    eventType: 'conversion',
    eventSubtype: 'purchase',
    eventName: 'Order placed',
    index: 'products',
    userToken: 'anon-1',
    authenticatedUserToken: undefined,
    objectIDs: ['a'],
    filters: undefined,
    queryID: undefined,
    timestamp: now,
    body: {},
    ...change,
  };
}

const trending = (registry: RecommendRegistry) => {
  const result = registry
    .modelsFor('products')
    .recommend({ model: 'trending-items', indexName: 'products', threshold: 0, limit: 10 }, now);
  return result.hits.map((hit) => ('objectID' in hit ? hit.objectID : hit.facetValue));
};

describe('RecommendRegistry', () => {
  it('builds the catalogue from the index records and rebuilds it after a write', () => {
    const indices = registryWith([{ objectID: 'a', popularity: 1 }]);
    const registry = new RecommendRegistry(indices, { catalogueDelayMS: 60_000 });
    expect(trending(registry)).toEqual(['a']);
    indices.require('products').saveRecords([{ objectID: 'b', popularity: 5 }]);
    expect(trending(registry)).toEqual(['a']);
    registry.recordsChanged('products');
    expect(trending(registry)).toEqual(['b', 'a']);
    registry.close();
  });

  it('feeds events to the models of their index, skipping filters-only and instantsearch events', () => {
    const indices = registryWith([
      { objectID: 'a', popularity: 0 },
      { objectID: 'b', popularity: 0 },
    ]);
    const registry = new RecommendRegistry(indices);
    registry.addEvents([
      event({ objectIDs: ['b'] }),
      event({ objectIDs: undefined, filters: ['brand:a'] }),
      event({ eventType: 'instantsearch', index: undefined }),
      event({ index: 'other', objectIDs: ['a'] }),
    ]);
    expect(trending(registry)).toEqual(['b']);
  });

  it("skips InstantSearch's automatic impressions, even of a single hit, but not product-page views", () => {
    const indices = registryWith([
      { objectID: 'a', popularity: 0 },
      { objectID: 'b', popularity: 0 },
    ]);
    const registry = new RecommendRegistry(indices);
    const view = { eventType: 'view', eventSubtype: undefined, eventName: 'Hits Viewed' } as const;
    registry.addEvents([
      event({
        ...view,
        objectIDs: ['a'],
        body: { algoliaSource: ['instantsearch', 'instantsearch-internal'] },
      }),
      event({ ...view, eventName: 'Product Viewed', objectIDs: ['b'] }),
    ]);
    expect(trending(registry)).toEqual(['b']);
  });

  it('replays stored events with their original time', () => {
    const registry = new RecommendRegistry(registryWith([{ objectID: 'a', popularity: 0 }]));
    registry.replay([
      {
        indexName: 'products',
        eventType: 'click',
        occurredAt: at,
        receivedAt: at,
        body: { eventType: 'click', userToken: 'u', objectIDs: ['a'] },
      },
    ]);
    expect(trending(registry)).toEqual(['a']);
  });
});

describe('toRecommendEvent', () => {
  it('prefers the authenticated user token and keeps the subtype', () => {
    expect(toRecommendEvent(event({ authenticatedUserToken: 'user-42', queryID: 'q' }))).toEqual({
      type: 'conversion',
      subtype: 'purchase',
      userToken: 'user-42',
      objectIDs: ['a'],
      timestamp: now,
      queryID: 'q',
      index: 'products',
    });
  });
});
