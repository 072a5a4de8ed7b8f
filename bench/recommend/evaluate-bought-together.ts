/**
 * bought-together on Online Retail: train on the first 80 % of the sales baskets (invoice order = time order),
 * then for every basket of the last 20 % and every item in it, hide the item and rank candidates for the rest of
 * the basket. A method's candidates for a basket: reciprocal-rank fusion of its items' lists (30 hits each; the
 * hit at 0-based rank r adds 1 / (r + 10)), basket items left out. Fusing ranks, as InstantSearch merges the lists
 * of several `objectIDs` by rank, keeps the comparison independent of how each method scales its scores.
 */

import { defaultBoughtTogetherOptions } from '../../apps/search/src/recommend/bought-together.ts';
import { RecommendModels } from '../../apps/search/src/recommend/recommend-models.ts';
import { SessionCoOccurrence } from '../../apps/search/src/recommend/session-co-occurrence.ts';
import { compareText, RankAccumulator } from './metrics.ts';

export interface BasketEvaluation {
  readonly trainBaskets: number;
  readonly testBaskets: number;
  readonly cases: number;
  readonly model: RankAccumulator;
  readonly rawCounts: RankAccumulator;
  readonly popularity: RankAccumulator;
}

type ItemList = ReadonlyMap<string, number>;

const listLength = 30;
const cutoff = 10;
const fusionOffset = 1;

/**
 * @param baskets - sales baskets in invoice order.
 * @param everyNth - evaluate every n-th test basket (1 = all; `--quick` uses 4).
 */
export function evaluateBoughtTogether(
  baskets: readonly string[][],
  everyNth = 1,
): BasketEvaluation {
  const split = Math.floor(baskets.length * 0.8);
  const train = baskets.slice(0, split);
  const test = baskets.slice(split).filter((basket, i) => basket.length >= 2 && i % everyNth === 0);
  const models = new RecommendModels();
  const hour = 3_600_000;
  models.addEvents(
    train.map((objectIDs, i) => ({
      type: 'conversion',
      subtype: 'purchase',
      userToken: `order-${i}`,
      objectIDs,
      timestamp: i * hour,
    })),
  );
  const counts = new SessionCoOccurrence(defaultBoughtTogetherOptions.basket);
  train.forEach((basket, i) => {
    counts.add(`order-${i}`, i * hour, basket, 1);
  });

  const modelList = cached((item) => {
    const result = models.recommend(
      {
        model: 'bought-together',
        indexName: 'bench',
        objectID: item,
        threshold: 0,
        limit: listLength,
      },
      0,
    );
    return new Map(
      result.type === 'items' ? result.hits.map((hit) => [hit.objectID, hit.score]) : [],
    );
  });
  const countList = cached(
    (item) =>
      new Map(
        [...counts.neighbours(item)]
          .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
          .slice(0, listLength),
      ),
  );
  const popularityOrder = [...popularityCounts(train)]
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([item]) => item);
  const position = new Map(popularityOrder.map((item, i) => [item, i]));

  const evaluation = {
    trainBaskets: train.length,
    testBaskets: test.length,
    cases: 0,
    model: new RankAccumulator(cutoff),
    rawCounts: new RankAccumulator(cutoff),
    popularity: new RankAccumulator(cutoff),
  };
  for (const basket of test) {
    scoreBasket(basket, modelList, evaluation.model);
    scoreBasket(basket, countList, evaluation.rawCounts);
    for (const target of basket)
      evaluation.popularity.add(popularityRank(target, basket, position));
    evaluation.cases += basket.length;
  }
  return evaluation;
}

/** Leave-one-out over the basket: for each hidden item, its rank among the summed lists of the others. */
function scoreBasket(
  basket: readonly string[],
  listOf: (item: string) => ItemList,
  accumulator: RankAccumulator,
) {
  const inBasket = new Set(basket);
  const lists = new Map(basket.map((item) => [item, rankWeights(listOf(item))]));
  const summed = new Map<string, number>();
  for (const list of lists.values())
    for (const [item, score] of list) summed.set(item, (summed.get(item) ?? 0) + score);
  for (const target of basket) {
    const own = lists.get(target) ?? new Map<string, number>();
    const targetScore = (summed.get(target) ?? 0) - (own.get(target) ?? 0);
    if (targetScore <= 1e-12) {
      accumulator.add(undefined);
      continue;
    }
    let rank = 0;
    for (const [item, total] of summed) {
      if (inBasket.has(item)) continue;
      const score = total - (own.get(item) ?? 0);
      if (score > targetScore + 1e-12 || (Math.abs(score - targetScore) <= 1e-12 && item < target))
        rank++;
    }
    accumulator.add(rank);
  }
}

/** Rank of `target` in the popularity order once the rest of the basket is left out. */
function popularityRank(
  target: string,
  basket: readonly string[],
  position: ReadonlyMap<string, number>,
): number | undefined {
  const own = position.get(target);
  if (own === undefined) return undefined;
  const before = basket.filter(
    (item) => item !== target && (position.get(item) ?? Number.POSITIVE_INFINITY) < own,
  ).length;
  return own - before;
}

function popularityCounts(baskets: readonly string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const basket of baskets)
    for (const item of basket) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** The list's items (in rank order) with weight 1 / (rank + fusionOffset). */
function rankWeights(list: ItemList): ItemList {
  return new Map([...list.keys()].map((item, rank) => [item, 1 / (rank + fusionOffset)]));
}

function cached(compute: (item: string) => ItemList): (item: string) => ItemList {
  const cache = new Map<string, ItemList>();
  return (item) => {
    let list = cache.get(item);
    if (!list) {
      list = compute(item);
      cache.set(item, list);
    }
    return list;
  };
}
