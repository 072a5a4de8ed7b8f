import type { AnalyticsWindow, LoggedSearch, SearchEvent } from '../store/analytics-queries.ts';
import { dayOf } from './date-range.ts';
import { normalizeSearch } from './normalize-search.ts';

/** One logged search with what happened after it. */
export interface SearchOutcome {
  readonly search: LoggedSearch;
  /** The normalised query text searches are grouped by. */
  readonly text: string;
  /** UTC day of the search, `YYYY-MM-DD`: events count on the day of their search. */
  readonly day: string;
  /** Whether the search ran with `clickAnalytics` (it has a queryID). */
  readonly tracked: boolean;
  /** Click events sent with this search's queryID. */
  readonly clicks: readonly SearchEvent[];
  /** Conversion events (any subtype) sent with this search's queryID. */
  readonly conversions: readonly SearchEvent[];
}

/** Attaches every event to the search of its queryID (events of unknown queryIDs are ignored). */
export function searchOutcomes(window: AnalyticsWindow): SearchOutcome[] {
  const byQueryId = new Map<string, { clicks: SearchEvent[]; conversions: SearchEvent[] }>();
  for (const search of window.searches) {
    if (search.queryID !== undefined)
      byQueryId.set(search.queryID, { clicks: [], conversions: [] });
  }
  for (const event of window.events) {
    const slot = byQueryId.get(event.queryID);
    if (!slot) continue;
    (event.eventType === 'click' ? slot.clicks : slot.conversions).push(event);
  }
  return window.searches.map((search) => {
    const slot = search.queryID === undefined ? undefined : byQueryId.get(search.queryID);
    return {
      search,
      text: normalizeSearch(search.query),
      day: dayOf(search.searchedAt),
      tracked: slot !== undefined,
      clicks: slot?.clicks ?? [],
      conversions: slot?.conversions ?? [],
    };
  });
}

/** `part / whole`, or null when there is nothing to divide by (Algolia's null rates). */
export function rateOf(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Every position listed by click events (1-based; anything below 1 is ignored). */
export function clickPositionsOf(clicks: readonly SearchEvent[]): number[] {
  return clicks.flatMap((click) => click.positions.filter((position) => position >= 1));
}

/** The mean of the positions, or null when there are none. */
export function averageOf(positions: readonly number[]): number | null {
  if (positions.length === 0) return null;
  return positions.reduce((sum, position) => sum + position, 0) / positions.length;
}

/** Groups items by a key, keeping the first-seen order of the keys. */
export function groupBy<TItem>(
  items: Iterable<TItem>,
  keyOf: (item: TItem) => string,
): Map<string, TItem[]> {
  const groups = new Map<string, TItem[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** One entry per day of the range, in order, zero days included. */
export function perDay<TEntry>(
  days: readonly string[],
  outcomes: readonly SearchOutcome[],
  summarize: (outcomes: readonly SearchOutcome[]) => TEntry,
): (TEntry & { date: string })[] {
  const byDay = groupBy(outcomes, (outcome) => outcome.day);
  return days.map((date) => ({ ...summarize(byDay.get(date) ?? []), date }));
}
