import { describe, expect, it } from 'vitest';
import {
  forgetQueryIDs,
  isQueryID,
  type QueryIDStorage,
  recallQueryID,
  rememberQueryID,
} from './query-id-carry.ts';

/** Node has no Web Storage: a Map behind the same three methods (the browser path runs in e2e/insights.spec.ts). */
function memoryStorage(): QueryIDStorage & { readonly size: () => number } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    size: () => items.size,
  };
}

const searchA = '0123456789abcdef0123456789abcdef';
const searchB = 'fedcba9876543210fedcba9876543210';

describe('carrying the queryID from a hit to its product page', () => {
  it('recalls the search that led to each product; the latest search wins', () => {
    const storage = memoryStorage();
    rememberQueryID(storage, 'MJ01', searchA);
    rememberQueryID(storage, 'MJ02', searchA);
    rememberQueryID(storage, 'MJ01', searchB);
    expect(recallQueryID(storage, 'MJ01')).toBe(searchB);
    expect(recallQueryID(storage, 'MJ02')).toBe(searchA);
    expect(recallQueryID(storage, 'MJ03')).toBeUndefined();
  });

  it('forgets the searches of bought products only', () => {
    const storage = memoryStorage();
    rememberQueryID(storage, 'MJ01', searchA);
    rememberQueryID(storage, 'MJ02', searchB);
    forgetQueryIDs(storage, ['MJ01']);
    expect(recallQueryID(storage, 'MJ01')).toBeUndefined();
    expect(recallQueryID(storage, 'MJ02')).toBe(searchB);
  });

  it('ignores what is not a queryID, written or found', () => {
    const storage = memoryStorage();
    rememberQueryID(storage, 'MJ01', 'not-a-query-id');
    expect(storage.size()).toBe(0);
    storage.setItem('vitrine.queryID.MJ02', searchA.toUpperCase());
    expect(recallQueryID(storage, 'MJ02')).toBeUndefined();
    expect([searchA, searchA.slice(1), `${searchA}0`, 42, null].map(isQueryID)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('never throws when the browser refuses storage (private mode, full quota)', () => {
    const refusing: QueryIDStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(() => rememberQueryID(refusing, 'MJ01', searchA)).not.toThrow();
    expect(recallQueryID(refusing, 'MJ01')).toBeUndefined();
    expect(() => forgetQueryIDs(refusing, ['MJ01'])).not.toThrow();
  });
});
