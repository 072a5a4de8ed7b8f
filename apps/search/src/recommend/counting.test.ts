import { describe, expect, it } from 'vitest';
import { DecayedCounts } from './decayed-counts.ts';
import { logLikelihoodRatio } from './log-likelihood.ts';
import { SessionCoOccurrence } from './session-co-occurrence.ts';

describe('SessionCoOccurrence', () => {
  const rules = { gapMs: 10, maxDurationMs: 30, maxItems: 3 };

  it('pairs items within a session once, with the lower of their weights', () => {
    const counts = new SessionCoOccurrence(rules);
    counts.add('u', 0, ['a'], 0.5);
    counts.add('u', 5, ['b'], 1);
    counts.add('u', 8, ['a'], 1);
    counts.add('u', 9, ['b'], 1);
    expect(counts.sessions).toBe(1);
    expect(counts.itemWeight('a')).toBe(1);
    expect(counts.neighbours('a')).toEqual(new Map([['b', 1]]));
    expect(counts.neighbours('b')).toEqual(new Map([['a', 1]]));
  });

  it('starts a new session after the gap, after the maximum duration, or for another user', () => {
    const counts = new SessionCoOccurrence({ ...rules, maxItems: 10 });
    counts.add('u', 0, ['a'], 1);
    counts.add('u', 11, ['b'], 1);
    counts.add('u', 20, ['c'], 1);
    counts.add('u', 28, ['d'], 1);
    counts.add('u', 36, ['e'], 1);
    counts.add('u', 44, ['f'], 1);
    counts.add('v', 44, ['g'], 1);
    expect(counts.sessions).toBe(4);
    expect(counts.neighbours('a').size).toBe(0);
    expect([...counts.neighbours('c').keys()].sort()).toEqual(['b', 'd', 'e']);
    expect(counts.neighbours('f').size).toBe(0);
    expect(counts.neighbours('g').size).toBe(0);
  });

  it('counts items beyond maxItems alone, without pairs', () => {
    const counts = new SessionCoOccurrence(rules);
    counts.add('u', 0, ['a', 'b', 'c', 'd', 'a'], 1);
    expect(counts.itemWeight('d')).toBe(1);
    expect(counts.neighbours('d').size).toBe(0);
    expect(counts.neighbours('a').size).toBe(2);
  });
});

describe('DecayedCounts', () => {
  it('halves a value every half-life, across rebases', () => {
    const counts = new DecayedCounts(10);
    counts.add('a', 0, 8);
    counts.add('b', 1_000, 1);
    counts.add('a', 1_000, 1);
    expect(counts.valuesAt(1_010).get('b')).toBeCloseTo(0.5, 12);
    expect(counts.valuesAt(1_010).get('a')).toBeCloseTo(0.5 + 8 * 2 ** -101, 12);
    expect(counts.valuesAt(0).get('a')).toBeCloseTo(8 + 2 ** 100, 0);
    expect(new DecayedCounts(10).isEmpty).toBe(true);
  });
});

describe('logLikelihoodRatio', () => {
  it('matches G² computed from observed and expected counts', () => {
    const table = [10, 10, 10, 970];
    const total = 1_000;
    const expected = [20 * 20, 20 * 980, 980 * 20, 980 * 980].map((product) => product / total);
    const g2 =
      2 *
      table.reduce(
        (sum, observed, i) => sum + observed * Math.log(observed / (expected[i] ?? 1)),
        0,
      );
    expect(logLikelihoodRatio(10, 10, 10, 970)).toBeCloseTo(g2, 9);
  });

  it('is 0 for independence, negative association or an empty table', () => {
    expect(logLikelihoodRatio(1, 9, 9, 81)).toBe(0);
    expect(logLikelihoodRatio(0, 10, 10, 80)).toBe(0);
    expect(logLikelihoodRatio(0, 0, 0, 0)).toBe(0);
  });
});
