import { SearchApiError } from '../protocol/search-api-error.ts';

/** The analysed period: whole UTC days from `startDate` to `endDate`, both included. */
export interface DateRange {
  /** Start of the first day (inclusive). */
  readonly from: Date;
  /** Start of the day after the last one (exclusive). */
  readonly to: Date;
  /** Every day of the range, `YYYY-MM-DD`, oldest first. */
  readonly days: readonly string[];
}

const dayMS = 86_400_000;
/** Longest period one request may analyse, in days. */
export const maxRangeDays = 366;
/** Days before `endDate` the default period starts: eight days in all, as Algolia's default. */
const defaultSpanDays = 7;

/**
 * Reads `startDate` and `endDate` (`YYYY-MM-DD`, UTC). Without them the period is the last eight days including
 * today; with only one, it spans eight days from or to that one.
 * `('2026-03-01', '2026-03-03', now)` → days `['2026-03-01', '2026-03-02', '2026-03-03']`.
 * @throws SearchApiError 400 naming the parameter when a date is malformed, or the period inverted or too long.
 */
export function readDateRange(
  startDate: string | undefined,
  endDate: string | undefined,
  now: Date,
): DateRange {
  const start = startDate === undefined ? undefined : readDay(startDate, 'startDate');
  const end = endDate === undefined ? undefined : readDay(endDate, 'endDate');
  const today = Math.floor(now.getTime() / dayMS) * dayMS;
  const last = end ?? (start === undefined ? today : start + defaultSpanDays * dayMS);
  const first = start ?? last - defaultSpanDays * dayMS;
  if (first > last) throw new SearchApiError(400, 'startDate must not be after endDate');
  const count = (last - first) / dayMS + 1;
  if (count > maxRangeDays) {
    throw new SearchApiError(
      400,
      `The period from startDate to endDate must be at most ${maxRangeDays} days`,
    );
  }
  const days = Array.from({ length: count }, (_, day) => dayOf(new Date(first + day * dayMS)));
  return { from: new Date(first), to: new Date(last + dayMS), days };
}

/** The UTC day of an instant: `2026-03-01T23:59:59Z` → `2026-03-01`. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Milliseconds of midnight UTC of a real calendar day written `YYYY-MM-DD`. */
function readDay(value: string, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  // Date.UTC rolls 2026-02-30 over to March: a real day prints back unchanged.
  if (!match || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new SearchApiError(400, `${name} must be a date in the YYYY-MM-DD format`);
  }
  return time;
}
