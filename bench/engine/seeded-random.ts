/**
 * A seeded pseudo-random generator (mulberry32): the same seed always gives the same sequence, so the
 * generated records and query mixes are identical in every child process and on every run.
 */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, bound). */
  integer(bound: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A Fisher–Yates shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (bound: number): number => Math.floor(next() * bound);
  return {
    next,
    integer,
    pick: <T>(items: readonly T[]): T => {
      const item = items[integer(items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = integer(i + 1);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}

/** A 32-bit FNV-1a hash, to derive a stable per-record value (e.g. a made-up price) from its id. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
