import { describe, expect, it } from 'vitest';
import {
  type RecentSearchStorage,
  recentSearchesKey,
  recentSearchesStore,
} from './recent-searches.ts';

function memoryStorage(
  initial: Record<string, string> = {},
): RecentSearchStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

const add = (store: ReturnType<typeof recentSearchesStore>, label: string) =>
  store.onAdd({ id: label, label });

describe('recent searches', () => {
  it('keeps the newest first, each search once, and at most five on the device', () => {
    const storage = memoryStorage();
    const store = recentSearchesStore(storage);
    for (const query of ['jacket', 'bag', 'Jacket ', 'tee', 'short', 'bra', 'watch'])
      add(store, query);
    expect(store.getAll().map((item) => item.label)).toEqual([
      'watch',
      'bra',
      'short',
      'tee',
      'Jacket',
    ]);
    expect(JSON.parse(storage.data[recentSearchesKey] ?? '[]')).toHaveLength(5);
  });

  it('offers those containing the typed words, and forgets one the shopper removes', () => {
    const store = recentSearchesStore(memoryStorage());
    add(store, 'yoga pants');
    add(store, 'jacket');
    expect(store.getAll('YOGA').map((item) => item.label)).toEqual(['yoga pants']);
    expect(store.getAll('yoga')[0]).toMatchObject({
      id: 'yoga pants',
      _highlightResult: { label: { value: 'yoga pants' } },
    });
    store.onRemove('yoga pants');
    store.onRemove('jacket');
    expect(store.getAll()).toEqual([]);
  });

  it('removes the key once empty, trims what an older version stored, and ignores what it cannot read', () => {
    const storage = memoryStorage({
      [recentSearchesKey]: JSON.stringify(
        Array.from({ length: 40 }, (_, i) => ({ id: `q${i}`, label: `q${i}` })),
      ),
    });
    expect(recentSearchesStore(storage).getAll()).toHaveLength(5);
    storage.data[recentSearchesKey] = '{not json';
    expect(recentSearchesStore(storage).getAll()).toEqual([]);
    const store = recentSearchesStore(storage);
    add(store, 'bag');
    store.onRemove('bag');
    expect(storage.data).toEqual({});
  });

  it('works without storage (the browser refused it): nothing is kept', () => {
    const store = recentSearchesStore(undefined);
    add(store, 'bag');
    expect(store.getAll()).toEqual([]);
  });
});
