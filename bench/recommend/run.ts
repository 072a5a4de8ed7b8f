/**
 * Offline evaluation of the Recommend models: `npx tsx bench/recommend/run.ts [--quick] [--no-readme]`.
 * Prints one table (each model against a simple baseline) and rewrites the recommend section of
 * bench/README.md. `--quick` scores every 4th test basket of bought-together and only the default half-life.
 */
import { evaluateBoughtTogether } from './evaluate-bought-together.ts';
import { evaluateLookingSimilar, evaluatePhotoToPackshot } from './evaluate-looking-similar.ts';
import { evaluateRelated } from './evaluate-related.ts';
import { evaluateTrending } from './evaluate-trending.ts';
import { loadOrderLines, loadSalesBaskets } from './online-retail.ts';
import {
  type ResultRow,
  renderSection,
  renderTable,
  writeReadmeSection,
} from './readme-section.ts';

const quick = process.argv.includes('--quick');
const started = performance.now();
const rows: ResultRow[] = [];
const ratio = (model: number, baseline: number) => (baseline > 0 ? model / baseline : Number.NaN);

const baskets = evaluateBoughtTogether(loadSalesBaskets(), quick ? 4 : 1);
const basketData = `Online Retail, ${baskets.testBaskets.toLocaleString('en-US')} test baskets`;
rows.push(
  {
    model: 'bought-together (LLR)',
    data: basketData,
    metric: 'hit-rate@10',
    value: baskets.model.hitRate,
    baseline: 'global popularity',
    baselineValue: baskets.popularity.hitRate,
  },
  {
    model: 'bought-together (LLR)',
    data: basketData,
    metric: 'MRR',
    value: baskets.model.meanReciprocalRank,
    baseline: 'global popularity',
    baselineValue: baskets.popularity.meanReciprocalRank,
  },
  {
    model: 'ablation: raw co-purchase counts',
    data: basketData,
    metric: 'hit-rate@10',
    value: baskets.rawCounts.hitRate,
    baseline: 'global popularity',
    baselineValue: baskets.popularity.hitRate,
  },
);

const halfLives = quick ? [7] : [7, 14, 30];
const trending = evaluateTrending(loadOrderLines(), halfLives);
const trendingData = `Online Retail sample, ${trending.weeks} weeks`;
for (const halfLife of halfLives) {
  const scores = trending.model.get(halfLife);
  if (!scores) continue;
  const label =
    halfLife === 7 ? 'trending-items (half-life 7 d, default)' : `variant: half-life ${halfLife} d`;
  rows.push(
    {
      model: label,
      data: trendingData,
      metric: 'Spearman vs next week',
      value: scores.spearman,
      baseline: 'all-time popularity',
      baselineValue: trending.popularity.spearman,
    },
    {
      model: label,
      data: trendingData,
      metric: 'precision@20 vs next week',
      value: scores.precisionAt20,
      baseline: 'all-time popularity',
      baselineValue: trending.popularity.precisionAt20,
    },
  );
}

const related = evaluateRelated();
const relatedData = `Luma, ${related.products} products`;
rows.push(
  {
    model: 'related-products',
    data: relatedData,
    metric: 'recall@10 of curated links',
    value: related.model,
    baseline: 'same category by popularity',
    baselineValue: related.sameCategory,
  },
  {
    model: 'ablation: content similarity only',
    data: relatedData,
    metric: 'recall@10 of curated links',
    value: related.contentOnly,
    baseline: 'same category by popularity',
    baselineValue: related.sameCategory,
  },
);

const similar = await evaluateLookingSimilar();
const packshots = await evaluatePhotoToPackshot();
const groceryData = `GroceryStoreDataset, ${packshots.photos} photos → ${packshots.packshots} packshots`;
rows.push(
  {
    model: 'looking-similar (MobileNetV2 + InceptionV3)',
    data: `Luma photos, ${similar.records} records`,
    metric: 'precision@5 same category',
    value: similar.precisionAt5,
    baseline: '5 random products',
    baselineValue: similar.random,
  },
  {
    model: 'looking-similar (MobileNetV2 + InceptionV3)',
    data: `Luma photos, ${similar.records} records`,
    metric: 'informative: same parent category',
    value: similar.parentPrecisionAt5,
    baseline: '5 random products',
    baselineValue: similar.randomParent,
  },
  {
    model: 'looking-similar (MobileNetV2 + InceptionV3)',
    data: groceryData,
    metric: 'photo→packshot top-1',
    value: packshots.top1,
    baseline: 'random packshot',
    baselineValue: packshots.random,
  },
  {
    model: 'looking-similar (MobileNetV2 + InceptionV3)',
    data: groceryData,
    metric: 'photo→packshot top-5',
    value: packshots.top5,
    baseline: '5 random packshots',
    baselineValue: Math.min(1, 5 * packshots.random),
  },
);

const count = (value: number) => value.toLocaleString('en-US');
const facts = `bought-together: ${count(baskets.trainBaskets)} training and ${count(baskets.testBaskets)} test baskets, ${count(baskets.cases)} held-out items; trending: ${count(trending.orderLines)} order lines; related: ${related.products} products with ${related.links} curated links; looking-similar: ${similar.dimension}-dimension image vectors, precision@5 ${similar.halves.A.toFixed(3)} on the selection half of the Luma products and ${similar.halves.B.toFixed(3)} on the held-out half, coarse-class top-1 on GroceryStoreDataset ${packshots.coarseTop1.toFixed(3)}.`;
const table = renderTable(rows, ratio);
console.log(`${table}\n\n${facts}`);
const minutes = (performance.now() - started) / 60_000;
console.log(`\n${minutes.toFixed(1)} min${quick ? ' (--quick)' : ''}`);
if (!process.argv.includes('--no-readme')) {
  const command = `npx tsx bench/recommend/run.ts${quick ? ' --quick' : ''}`;
  writeReadmeSection(
    renderSection({ table, facts, command, date: new Date().toISOString().slice(0, 10), quick }),
  );
  console.log('bench/README.md: recommend section updated');
}
