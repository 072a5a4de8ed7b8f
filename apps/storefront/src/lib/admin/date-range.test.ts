import { describe, expect, it } from 'vitest';
import { addDays, dateRangeParams, daysBetween, parseDateRange, utcDay } from './date-range.ts';

const today = '2026-11-21';

describe('the analytics period in the address', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(parseDateRange({}, today)).toEqual({
      range: { from: '2026-11-15', to: today, preset: 7 },
      problem: null,
    });
  });

  it.each([
    ['30', '2026-10-23'],
    ['90', '2026-08-24'],
  ])('reads the %s-day preset', (days, from) => {
    expect(parseDateRange({ days }, today).range).toEqual({
      from,
      to: today,
      preset: Number(days),
    });
  });

  it('ignores a preset it does not offer', () => {
    expect(parseDateRange({ days: '12' }, today).range.preset).toBe(7);
  });

  it('reads a custom period, which wins over a preset', () => {
    const parsed = parseDateRange({ days: '30', from: '2026-02-27', to: '2026-03-02' }, today);
    expect(parsed).toEqual({
      range: { from: '2026-02-27', to: '2026-03-02', preset: null },
      problem: null,
    });
    expect(daysBetween(parsed.range.from, parsed.range.to)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it.each([
    [{ from: '2026-02-30', to: '2026-03-02' }, 'invalid-date'],
    [{ from: '21/11/2026', to: '2026-11-21' }, 'invalid-date'],
    [{ from: '2026-11-01' }, 'invalid-date'],
    [{ from: '2026-11-21', to: '2026-11-01' }, 'reversed'],
    [{ from: '2024-01-01', to: '2026-11-21' }, 'too-long'],
  ])('falls back to the last 7 days on %j and says why (%s)', (query, problem) => {
    expect(parseDateRange(query, today)).toEqual({
      range: { from: '2026-11-15', to: today, preset: 7 },
      problem,
    });
  });

  it('writes a period back to the address', () => {
    expect(dateRangeParams({ from: '2026-10-23', to: today, preset: 30 })).toEqual({ days: '30' });
    expect(dateRangeParams({ from: '2026-11-01', to: '2026-11-02', preset: null })).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
  });

  it('counts days in UTC across month and year ends', () => {
    expect(utcDay(Date.UTC(2026, 11, 31, 23, 59))).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
