/**
 * trending-items on the dated Online Retail sample: every Monday from 2011-03-07 to 2011-11-28 (39 weeks, each
 * followed by a full week of data), rank the items sold so far by the model at Monday 00:00 and by all-time
 * popularity (order lines so far), then compare with the next 7 days' order lines.
 */
import { RecommendModels } from '../../apps/search/src/recommend/recommend-models.ts';
import { defaultTrendingOptions } from '../../apps/search/src/recommend/trending.ts';
import type { RecommendEvent } from '../../apps/search/src/recommend/types.ts';
import { compareText, mean, spearman } from './metrics.ts';
import type { OrderLine } from './online-retail.ts';

const day = 86_400_000;
const week = 7 * day;
const firstCut = Date.UTC(2011, 2, 7);
const lastCut = Date.UTC(2011, 10, 28);
const topCount = 20;

/** Mean over weeks of each metric. */
export interface TrendingScores {
  readonly spearman: number;
  readonly precisionAt20: number;
}

export interface TrendingEvaluation {
  readonly weeks: number;
  readonly orderLines: number;
  /** Half-life in days → scores of the model with that half-life. */
  readonly model: ReadonlyMap<number, TrendingScores>;
  readonly popularity: TrendingScores;
}

/**
 * @param lines - sales order lines sorted by time.
 * @param halfLivesInDays - model variants to run (the first is the default, 7).
 */
export function evaluateTrending(
  lines: readonly OrderLine[],
  halfLivesInDays: readonly number[],
): TrendingEvaluation {
  const cuts: number[] = [];
  for (let cut = firstCut; cut <= lastCut; cut += week) cuts.push(cut);
  const events = toOrderEvents(lines);
  const model = new Map<number, TrendingScores>();
  for (const halfLife of halfLivesInDays) {
    const models = new RecommendModels({
      trending: { ...defaultTrendingOptions, halfLifeMs: halfLife * day },
    });
    let fed = 0;
    const weekly = cuts.map((cut) => {
      const next = events.findIndex((event, i) => i >= fed && event.timestamp >= cut);
      const end = next < 0 ? events.length : next;
      models.addEvents(events.slice(fed, end));
      fed = end;
      const result = models.recommend(
        { model: 'trending-items', indexName: 'bench', threshold: 0, limit: 1_000_000 },
        cut,
      );
      return new Map(
        result.type === 'items' ? result.hits.map((hit) => [hit.objectID, hit.score]) : [],
      );
    });
    model.set(halfLife, average(cuts.map((cut, i) => compare(weekly[i] ?? new Map(), lines, cut))));
  }
  const popularity = average(
    cuts.map((cut) => compare(countLines(lines, Number.NEGATIVE_INFINITY, cut), lines, cut)),
  );
  return { weeks: cuts.length, orderLines: lines.length, model, popularity };
}

/** One purchase event per invoice (all its lines in the sample), by the invoice's customer when known. */
function toOrderEvents(lines: readonly OrderLine[]): RecommendEvent[] {
  const byInvoice = new Map<
    string,
    { timestamp: number; userToken: string; objectIDs: string[] }
  >();
  for (const line of lines) {
    const order = byInvoice.get(line.invoice);
    if (order) order.objectIDs.push(line.stockCode);
    else
      byInvoice.set(line.invoice, {
        timestamp: line.timestamp,
        userToken: line.customer || `invoice-${line.invoice}`,
        objectIDs: [line.stockCode],
      });
  }
  return [...byInvoice.values()]
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((order) => ({ type: 'conversion', subtype: 'purchase', ...order }));
}

/** Spearman over the items sold before `cut`, and precision@20 against next week's top sellers (ties in). */
function compare(
  scores: ReadonlyMap<string, number>,
  lines: readonly OrderLine[],
  cut: number,
): TrendingScores {
  const known = countLines(lines, Number.NEGATIVE_INFINITY, cut);
  const nextWeek = countLines(lines, cut, cut + week);
  const items = [...known.keys()].sort(compareText);
  const correlation = spearman(
    items.map((item) => scores.get(item) ?? 0),
    items.map((item) => nextWeek.get(item) ?? 0),
  );
  const sales = [...nextWeek.values()].sort((a, b) => b - a);
  const bar = sales[topCount - 1] ?? 1;
  const top = items
    .filter((item) => (scores.get(item) ?? 0) > 0)
    .sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || compareText(a, b))
    .slice(0, topCount);
  const relevant = top.filter((item) => (nextWeek.get(item) ?? 0) >= bar).length;
  return { spearman: correlation, precisionAt20: relevant / topCount };
}

function countLines(lines: readonly OrderLine[], from: number, to: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (line.timestamp >= from && line.timestamp < to)
      counts.set(line.stockCode, (counts.get(line.stockCode) ?? 0) + 1);
  }
  return counts;
}

function average(weeks: readonly TrendingScores[]): TrendingScores {
  return {
    spearman: mean(weeks.map((scores) => scores.spearman)),
    precisionAt20: mean(weeks.map((scores) => scores.precisionAt20)),
  };
}
