/** The periods offered as one-click presets, in days ending today. */
export const rangePresets = [7, 30, 90] as const;
export type RangePreset = (typeof rangePresets)[number];
export const defaultPreset: RangePreset = 7;
/** The longest custom period, in days (the Analytics API keeps about a year). */
export const maxRangeDays = 366;

export interface DateRange {
  /** `YYYY-MM-DD` (UTC), both ends included. */
  readonly from: string;
  readonly to: string;
  /** The preset it came from; `null` for a custom period. */
  readonly preset: RangePreset | null;
}

/** Why a custom period in the address was not used (the page then shows the default one). */
export type DateRangeProblem = 'invalid-date' | 'reversed' | 'too-long';

const dayMs = 24 * 60 * 60 * 1000;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC, `YYYY-MM-DD` (the Analytics API's days are UTC days). */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** `addDays('2026-11-21', -6)` → `2026-11-15`. */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * dayMs);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= maxRangeDays; day = addDays(day, 1))
    days.push(day);
  return days;
}

/**
 * Reads the period from the address: `?days=7|30|90`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (a custom period,
 * which wins when both are given). Anything else falls back to the last 7 days, with the reason when a
 * custom period was asked for.
 */
export function parseDateRange(
  query: Readonly<Record<string, string | string[] | undefined>>,
  today: string,
): { range: DateRange; problem: DateRangeProblem | null } {
  const from = single(query['from']);
  const to = single(query['to']);
  if (from !== undefined || to !== undefined) {
    const problem = customProblem(from, to);
    if (problem === null && from !== undefined && to !== undefined) {
      return { range: { from, to, preset: null }, problem: null };
    }
    return { range: presetRange(defaultPreset, today), problem };
  }
  const days = Number(single(query['days']));
  const preset = rangePresets.find((candidate) => candidate === days) ?? defaultPreset;
  return { range: presetRange(preset, today), problem: null };
}

export function presetRange(preset: RangePreset, today: string): DateRange {
  return { from: addDays(today, -(preset - 1)), to: today, preset };
}

/** The address parameters of a period: `{days: '30'}` or `{from, to}`. */
export function dateRangeParams(range: DateRange): Record<string, string> {
  return range.preset === null
    ? { from: range.from, to: range.to }
    : { days: String(range.preset) };
}

function customProblem(from: string | undefined, to: string | undefined): DateRangeProblem | null {
  if (from === undefined || to === undefined || !isRealDate(from) || !isRealDate(to))
    return 'invalid-date';
  if (from > to) return 'reversed';
  if (daysBetween(from, to).length > maxRangeDays) return 'too-long';
  return null;
}

function isRealDate(value: string): boolean {
  return isoDate.test(value) && utcDay(Date.parse(`${value}T00:00:00Z`) || 0) === value;
}

function single(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}
