import { describe, expect, it } from 'vitest';
import { formatDay, formatLongDay, formatPosition, formatRate } from './format-analytics.ts';

describe('analytics figures', () => {
  it('shows rates as percentages in each language, and a dash when nothing was tracked', () => {
    expect(formatRate(0.125, 'en')).toBe('12.5%');
    expect(formatRate(0.125, 'fr')).toBe('12,5\u00a0%');
    expect(formatRate(1, 'en')).toBe('100%');
    expect(formatRate(null, 'fr')).toBe('—');
  });

  it('shows positions with one decimal', () => {
    expect(formatPosition(2.25, 'en')).toBe('2.3');
    expect(formatPosition(2.25, 'fr')).toBe('2,3');
    expect(formatPosition(null, 'en')).toBe('—');
  });

  it('names UTC days whatever the server time zone', () => {
    expect(formatDay('2026-11-21', 'en')).toBe('21 Nov');
    expect(formatDay('2026-11-21', 'fr')).toBe('21 nov.');
    expect(formatLongDay('2026-01-01', 'fr')).toBe('1 janvier 2026');
    expect(formatLongDay('2026-01-01', 'en')).toBe('1 January 2026');
  });
});
