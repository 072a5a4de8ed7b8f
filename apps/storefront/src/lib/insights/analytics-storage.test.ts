import { describe, expect, it } from 'vitest';
import { clearAnalyticsStorage, usageSessionKey } from './analytics-storage.ts';
import { rememberQueryID } from './query-id-carry.ts';

/** A `Storage` as browsers implement it (keys in insertion order), for the functions' own logic. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('clearAnalyticsStorage', () => {
  it('forgets the usage session id and every carried queryID, and nothing else', () => {
    const storage = memoryStorage();
    storage.setItem(usageSessionKey, 'a1b2');
    rememberQueryID(storage, 'MJ01', 'a'.repeat(32));
    rememberQueryID(storage, 'WJ12', 'b'.repeat(32));
    storage.setItem('vitrine.cart-drawer', 'open');
    clearAnalyticsStorage(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('vitrine.cart-drawer')).toBe('open');
  });

  it('does nothing without storage or when the browser refuses it', () => {
    expect(() => clearAnalyticsStorage(undefined)).not.toThrow();
    const refusing = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
      removeItem: () => {},
    };
    expect(() => clearAnalyticsStorage(refusing)).not.toThrow();
  });
});
