/**
 * The shopper's recent searches, kept in this browser only (localStorage), never sent anywhere: what the
 * header's autocomplete offers when the field is empty, and first among the suggestions (decision 0019).
 * The official recent-searches plugin reads and writes them through this storage, which keeps at most
 * `limit` entries (the plugin's own local storage keeps every search ever made and shows the latest five).
 */

/** One recent search, in the plugin's shape. */
export interface RecentSearch {
  readonly id: string;
  readonly label: string;
}

/** The part of `window.localStorage` this module uses. */
export interface RecentSearchStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The localStorage key: the only thing the autocomplete stores on the device. */
export const recentSearchesKey = 'vitrine.recentSearches';
/** How many recent searches are kept (and shown). */
export const recentSearchesLimit = 5;

/** A recent search as the plugin reads it back (its label, not highlighted). */
export type StoredRecentSearch = RecentSearch & { _highlightResult: { label: { value: string } } };

/** The plugin's storage interface (`createRecentSearchesPlugin({ storage })`). */
export interface RecentSearchesStore {
  onAdd(item: RecentSearch): void;
  onRemove(id: string): void;
  getAll(query?: string): StoredRecentSearch[];
}

/**
 * The recent searches in `storage` (`undefined`: the browser refuses storage, e.g. a private window that
 * blocks it; nothing is kept then). The newest first, each query once (case and spaces aside), at most `limit`.
 */
export function recentSearchesStore(
  storage: RecentSearchStorage | undefined,
  limit = recentSearchesLimit,
): RecentSearchesStore {
  const read = (): RecentSearch[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(recentSearchesKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.flatMap(toRecentSearch).slice(0, limit) : [];
    } catch {
      return [];
    }
  };
  const write = (items: readonly RecentSearch[]) => {
    try {
      if (items.length === 0) storage?.removeItem(recentSearchesKey);
      else storage?.setItem(recentSearchesKey, JSON.stringify(items.slice(0, limit)));
    } catch {
      // Storage full or refused: the search still works, it is just not remembered.
    }
  };
  return {
    onAdd(item) {
      const label = item.label.trim().replace(/\s+/g, ' ');
      if (label === '') return;
      const key = sameSearch(label);
      write([{ id: label, label }, ...read().filter((other) => sameSearch(other.label) !== key)]);
    },
    onRemove(id) {
      write(read().filter((item) => item.id !== id));
    },
    getAll(query = '') {
      const wanted = sameSearch(query);
      return read()
        .filter((item) => sameSearch(item.label).includes(wanted))
        .map((item) => ({ ...item, _highlightResult: { label: { value: item.label } } }));
    },
  };
}

/** The browser's localStorage, or `undefined` where it cannot be used. */
export function browserRecentSearchStorage(): RecentSearchStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function sameSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

function toRecentSearch(value: unknown): RecentSearch[] {
  if (typeof value !== 'object' || value === null) return [];
  const { id, label } = value as { id?: unknown; label?: unknown };
  return typeof id === 'string' && typeof label === 'string' && label !== '' ? [{ id, label }] : [];
}
