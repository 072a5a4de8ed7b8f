/** Rebase once stored values grow by 2^64, far from float overflow (2^1023). */
const rebaseAfterHalfLives = 64;

/**
 * Exponentially time-decayed sums, updated in O(1) per event: an event of weight w at time t is worth
 * w × 2^(−(now − t) / halfLife) at `now`. Values are stored relative to a reference time and rebased when they
 * grow large, so nothing ever rescans history.
 */
export class DecayedCounts {
  private readonly values = new Map<string, number>();
  private reference: number | undefined;
  private readonly halfLifeMs: number;

  /** @param halfLifeMs - time after which an event counts half, > 0. */
  constructor(halfLifeMs: number) {
    this.halfLifeMs = halfLifeMs;
  }

  /** Whether any event was added. */
  get isEmpty(): boolean {
    return this.values.size === 0;
  }

  /**
   * Adds an event.
   *
   * @param key - what it counts for.
   * @param timestamp - ms since the epoch.
   * @param weight - > 0.
   */
  add(key: string, timestamp: number, weight: number): void {
    const reference = this.referenceFor(timestamp);
    const scaled = weight * 2 ** ((timestamp - reference) / this.halfLifeMs);
    this.values.set(key, (this.values.get(key) ?? 0) + scaled);
  }

  /** The decayed value of every key at `now` (keys with events only). */
  valuesAt(now: number): Map<string, number> {
    const factor =
      this.reference === undefined ? 0 : 2 ** ((this.reference - now) / this.halfLifeMs);
    const decayed = new Map<string, number>();
    for (const [key, value] of this.values) decayed.set(key, value * factor);
    return decayed;
  }

  private referenceFor(timestamp: number): number {
    if (this.reference === undefined) this.reference = timestamp;
    const halfLives = (timestamp - this.reference) / this.halfLifeMs;
    if (halfLives > rebaseAfterHalfLives) {
      const factor = 2 ** -halfLives;
      for (const [key, value] of this.values) this.values.set(key, value * factor);
      this.reference = timestamp;
    }
    return this.reference;
  }
}
