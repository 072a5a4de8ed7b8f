import { describe, expect, it } from 'vitest';
import { readDateRange } from './date-range.ts';

const now = new Date('2026-03-04T23:59:59.000Z');

describe('readDateRange', () => {
  it('defaults to the last eight UTC days including today', () => {
    const range = readDateRange(undefined, undefined, now);
    expect(range.days).toEqual([
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(range.from.toISOString()).toBe('2026-02-25T00:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });

  it('includes both ends and spans eight days from or to a lone date', () => {
    expect(readDateRange('2026-02-27', '2026-03-01', now).days).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(readDateRange('2026-01-01', undefined, now).days.at(-1)).toBe('2026-01-08');
    expect(readDateRange(undefined, '2026-01-08', now).days[0]).toBe('2026-01-01');
    expect(readDateRange('2024-02-29', '2024-02-29', now).days).toEqual(['2024-02-29']);
  });

  it.each([
    ['2026-02-29', undefined, 'startDate must be a date in the YYYY-MM-DD format'],
    ['2026-3-1', undefined, 'startDate must be a date in the YYYY-MM-DD format'],
    [undefined, '2026-03-01T00:00:00Z', 'endDate must be a date in the YYYY-MM-DD format'],
    ['2026-03-02', '2026-03-01', 'startDate must not be after endDate'],
    ['2025-01-01', '2026-01-02', 'The period from startDate to endDate must be at most 366 days'],
  ])('refuses %s – %s', (start, end, message) => {
    expect(() => readDateRange(start, end, now)).toThrow(message);
  });
});
