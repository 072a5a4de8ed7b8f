import type { DateRange } from './date-range.ts';

/** A rate between 0 and 1, or `null` when nothing was tracked (no click or conversion events). */
export type Rate = number | null;

export interface SearchRow {
  readonly query: string;
  readonly count: number;
  readonly hits: number;
  readonly clickThroughRate: Rate;
  readonly conversionRate: Rate;
}

export interface ItemRow {
  readonly objectID: string;
  /** The product as the storefront's catalogue knows it; `null` when it is no longer there. */
  readonly product: {
    readonly name: string;
    readonly slug: string;
    readonly color: string | null;
  } | null;
  /** Clicks (top clicked) or conversions (top converted). */
  readonly count: number;
  /** Click-through rate (top clicked) or conversion rate (top converted). */
  readonly rate: Rate;
}

/** What the merchant's analytics page shows for one period; our names, not the Analytics API's. */
export interface AnalyticsReport {
  readonly range: DateRange;
  readonly totals: {
    readonly searches: number;
    readonly clickThroughRate: Rate;
    readonly averageClickPosition: number | null;
    readonly conversionRate: Rate;
    /** Searches without results over all searches; `null` without searches. */
    readonly noResultRate: Rate;
  };
  /** One entry per day of the period, zero on days without searches. */
  readonly searchesPerDay: readonly { readonly date: string; readonly count: number }[];
  readonly topSearches: readonly SearchRow[];
  readonly noResultSearches: readonly { readonly query: string; readonly count: number }[];
  readonly topClicked: readonly ItemRow[];
  readonly topConverted: readonly ItemRow[];
  readonly filters: readonly { readonly attribute: string; readonly count: number }[];
}

/** Whether the period holds no search at all (the page shows its empty state). */
export function isEmptyReport(report: AnalyticsReport): boolean {
  return report.totals.searches === 0 && report.topSearches.length === 0;
}
