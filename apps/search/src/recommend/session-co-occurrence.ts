/** How events of one user are cut into sessions (baskets) whose items count as occurring together. */
export interface SessionRules {
  /** An event joins the user's open session when it comes at most this long after the previous one (ms). */
  readonly gapMs: number;
  /** …and at most this long after the session's first event (ms). */
  readonly maxDurationMs: number;
  /** Items of one session beyond this many still count alone but pair with nothing (bounds the work). */
  readonly maxItems: number;
}

interface OpenSession {
  readonly start: number;
  last: number;
  /** Items that pair, with their weight in this session (at most `maxItems`). */
  readonly paired: Map<string, number>;
  /** Items past `maxItems`, counted alone. */
  readonly unpaired: Map<string, number>;
}

const sweepEvery = 4096;

/**
 * Weighted co-occurrence counts over sessions, updated one event at a time (no retraining). An item's weight in
 * a session is the highest weight it got there (a view then a click counts as a click); a pair counts
 * min(weight a, weight b) once per session. Sessions are per user (`SessionRules`); an event older than the
 * user's open session by more than the gap counts as a session of its own. Counts are exact for events that
 * arrive in time order per user.
 */
export class SessionCoOccurrence {
  private readonly itemTotals = new Map<string, number>();
  private readonly pairTotals = new Map<string, Map<string, number>>();
  private readonly open = new Map<string, OpenSession>();
  private sessionTotal = 0;
  private latest = Number.NEGATIVE_INFINITY;
  private addsSinceSweep = 0;
  private readonly rules: SessionRules;

  /** @param rules - how events are cut into sessions. */
  constructor(rules: SessionRules) {
    this.rules = rules;
  }

  /** Number of sessions seen so far. */
  get sessions(): number {
    return this.sessionTotal;
  }

  /** Sum over sessions of the item's weight (0 when never seen). */
  itemWeight(item: string): number {
    return this.itemTotals.get(item) ?? 0;
  }

  /** Items seen in a session with `item`, with the summed pair weight. */
  neighbours(item: string): ReadonlyMap<string, number> {
    return this.pairTotals.get(item) ?? emptyNeighbours;
  }

  /**
   * Adds one event's items to the user's session.
   *
   * @param userToken - whose session.
   * @param timestamp - ms since the epoch.
   * @param items - record ids (duplicates count once).
   * @param weight - weight of these items in the session, > 0.
   */
  add(userToken: string, timestamp: number, items: readonly string[], weight: number): void {
    const session = this.sessionFor(userToken, timestamp);
    for (const item of new Set(items)) this.addItem(session, item, weight);
    this.latest = Math.max(this.latest, timestamp);
    this.addsSinceSweep += 1;
    if (this.addsSinceSweep >= sweepEvery) this.sweep();
  }

  private sessionFor(userToken: string, timestamp: number): OpenSession {
    const current = this.open.get(userToken);
    const { gapMs, maxDurationMs } = this.rules;
    if (
      current &&
      timestamp - current.last <= gapMs &&
      timestamp - current.start <= maxDurationMs &&
      current.start - timestamp <= gapMs
    ) {
      current.last = Math.max(current.last, timestamp);
      return current;
    }
    this.sessionTotal += 1;
    const session: OpenSession = {
      start: timestamp,
      last: timestamp,
      paired: new Map(),
      unpaired: new Map(),
    };
    if (!current || timestamp > current.last) this.open.set(userToken, session);
    return session;
  }

  private addItem(session: OpenSession, item: string, weight: number): void {
    const pairs = session.paired.has(item) || session.paired.size < this.rules.maxItems;
    const slot = pairs ? session.paired : session.unpaired;
    const before = slot.get(item) ?? 0;
    if (weight <= before) return;
    slot.set(item, weight);
    this.itemTotals.set(item, (this.itemTotals.get(item) ?? 0) + weight - before);
    if (!pairs) return;
    for (const [other, otherWeight] of session.paired) {
      if (other === item) continue;
      const added = Math.min(weight, otherWeight) - Math.min(before, otherWeight);
      if (added <= 0) continue;
      this.addPair(item, other, added);
      this.addPair(other, item, added);
    }
  }

  private addPair(item: string, other: string, weight: number): void {
    const row = this.pairTotals.get(item);
    if (row) row.set(other, (row.get(other) ?? 0) + weight);
    else this.pairTotals.set(item, new Map([[other, weight]]));
  }

  /** Forgets sessions no event can join any more, so memory follows active users, not all users. */
  private sweep(): void {
    this.addsSinceSweep = 0;
    const horizon = this.latest - this.rules.gapMs - this.rules.maxDurationMs;
    for (const [userToken, session] of this.open) {
      if (session.last < horizon) this.open.delete(userToken);
    }
  }
}

const emptyNeighbours: ReadonlyMap<string, number> = new Map();
