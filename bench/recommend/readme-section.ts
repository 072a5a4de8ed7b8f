/** The recommend section of bench/README.md: the table, then how each figure is obtained. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const readmePath = join(dirname(fileURLToPath(import.meta.url)), '../README.md');
const startMarker = '<!-- recommend:start -->';
const endMarker = '<!-- recommend:end -->';

/** One line of the results table; `undefined` values print as n/a. */
export interface ResultRow {
  readonly model: string;
  readonly data: string;
  readonly metric: string;
  readonly value: number | undefined;
  readonly baseline: string;
  readonly baselineValue: number | undefined;
}

/** A Markdown table, columns padded so it also reads well in a terminal. */
export function renderTable(
  rows: readonly ResultRow[],
  ratio: (model: number, baseline: number) => number,
): string {
  const header = [
    'model',
    'data',
    'metric',
    'model value',
    'baseline',
    'baseline value',
    'model / baseline',
  ];
  const body = rows.map((row) => {
    const times =
      row.value === undefined || row.baselineValue === undefined
        ? Number.NaN
        : ratio(row.value, row.baselineValue);
    return [
      row.model,
      row.data,
      row.metric,
      row.value === undefined ? 'n/a (no vectors yet)' : row.value.toFixed(3),
      row.baseline,
      row.baselineValue === undefined ? 'n/a' : row.baselineValue.toFixed(3),
      Number.isFinite(times) ? `${times.toFixed(2)}×` : 'n/a',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  );
}

export interface SectionInput {
  readonly table: string;
  /** One sentence of data sizes, printed under the table. */
  readonly facts: string;
  readonly command: string;
  readonly date: string;
  readonly quick: boolean;
}

/** The whole section, markers excluded. */
export function renderSection(input: SectionInput): string {
  return [
    '## Recommend models: offline evaluation',
    '',
    'Run: `npx tsx bench/recommend/run.ts [--quick] [--no-readme]` (`--quick` scores every 4th test basket of',
    'bought-together and only the default half-life). Models: `apps/search/src/recommend/`; data in',
    '`bench/fixtures/recommend/` (Online Retail, CC BY 4.0, Chen, Sain & Guo 2012) and the Luma sample through',
    '`@vitrine/catalogue` (OSL-3.0). Quality figures only; they do not depend on the machine.',
    '',
    `### Latest run (${input.date}${input.quick ? ', --quick' : ''})`,
    '',
    `Command: \`${input.command}\`.`,
    '',
    input.table,
    '',
    `Sizes: ${input.facts}`,
    '',
    '### Method',
    '',
    '- **bought-together** (`evaluate-bought-together.ts`): the 22,061 sales invoices of `baskets_all_invoices.csv`',
    '  (the file sorts invoice numbers as text: sales first in date order, then 3 `A…` adjustments and 3,836 `C…`',
    '  cancellations, which are dropped), product StockCodes only (codes starting with a digit: POST, DOT, M, C2,',
    '  BANK CHARGES, AMAZONFEE, PADS, S, B, gift vouchers and `DCGS…` lines go), each code once per basket. The model',
    '  learns from the first 80 % (one purchase event per invoice) with its defaults: Dunning log-likelihood ratio,',
    '  baskets paired on their first 100 items. For each test basket of ≥ 2 items and each item in it, the item is',
    "  hidden and the rest of the basket is the query: each remaining item's 30-hit list is fused by reciprocal rank",
    '  (rank r adds 1 / (r + 1); InstantSearch also merges several `objectIDs` by rank), basket items left out.',
    '  hit-rate@10 = share of hidden items in the top 10; MRR = mean of 1 / rank (0 when not ranked). Baseline: the',
    "  training set's best sellers, basket items left out. The ablation ranks the same lists by raw co-purchase",
    '  counts. The significance measure (LLR, against raw counts, confidence, shrunk lift and cosine) and the fusion',
    '  offset (1, against 0.5, 2, 4 and 10) were chosen with a prototype on a validation split (train 0–70 %, score',
    '  70–80 %), not on the test baskets.',
    '- **trending-items** (`evaluate-trending.ts`): the dated 40k-line sample (sales lines only), one purchase event',
    '  per invoice. Every Monday 00:00 from 2011-03-07 to 2011-11-28 the model (fed everything before that moment)',
    "  and all-time popularity (order lines so far) rank the items sold so far; the truth is the next 7 days' order",
    '  lines. Spearman (average ranks for ties) over the items sold so far; precision@20 = share of the top 20 that',
    "  are among next week's 20 best sellers (ties at the 20th included). Means over the weeks. The sample holds",
    '  about 7 % of the orders, so weekly counts are small and noisy; longer half-lives smooth that noise and score',
    '  better here. The default stays 7 days, chosen before this run for a live event stream (weekly cycles); on',
    '  sparse traffic set `halfLifeMs` longer.',
    '- **related-products** (`evaluate-related.ts`): the Luma products with curated `related` links, split into 5',
    "  folds by id. For each fold the model sees the catalogue with that fold's links removed both ways and",
    '  recommends 10 products for each fold product; recall@10 = share of its curated links found. Baseline: products',
    "  of the same deepest category by `popularity`, topped up from the parent categories. Luma's links are",
    '  "complete the outfit" (e.g. hoodies → trousers and shorts, tanks → tees and shorts, within one gender) and',
    '  pick 2 products of each target category, seemingly at random: 10 picks among the ~25 products of the right categories find',
    "  about 40 % of a garment's links, while gear links stay within gear and are easier. The",
    '  link-pattern evidence (categories the merchant links to, learned from the other folds) carries the model;',
    '  content similarity alone finds products like the source, which Luma links only for gear (it found 18 of the',
    '  52 gear links and 5 of the 393 garment links in a leave-one-product-out check). No browsing events exist for',
    '  Luma, so the co-view part is covered by the unit tests, not here.',
    "- **looking-similar** (`evaluate-looking-similar.ts`): image vectors from nsfwjs's MobileNetV2 (block 16",
    "  pooled to a 3 × 3 grid + block 13 GeM) joined with its InceptionV3's block `mixed8` average (4,736 values),",
    '  each averaged with its 10 nearest catalogue photos when the service loads them (database-side augmentation;',
    '  docs/decisions/0008-image-embeddings.md, which also lists the variants tried, with held-out scores: the',
    '  variant was chosen on half A of the products, `looking-similar-split.ts`, and half B is held out). The',
    '  augmentation applies to the catalogue records, so the grocery photo → packshot check does not use it. The 0.8',
    "  target is not met: the misses are hoodies ↔ jackets, tees ↔ tanks, men's ↔ women's bottoms; the informative",
    '  row counts neighbours in the same parent category (`Men > Tops`). Both vector files are brought up to date',
    '  first, embedding only photos whose bytes changed. *Luma*: the committed',
    '  `apps/search/data/image-vectors/luma.json`; for every record with a photo vector, precision@5 = share of its 5',
    "  nearest products (the service's own `looking-similar` answer) in the same deepest category (target ≥ 0.8);",
    '  baseline: expected precision of 5 random other products. *GroceryStoreDataset* (Klasson et al. 2019, MIT;',
    '  `bench/fixtures/recommend/grocery/`: the 81 packshots and 2 in-store photos per product): each photo ranks',
    '  the 81 packshots by cosine; top-1 / top-5 = share whose own product comes first / in the first 5; baseline:',
    '  random packshots.',
  ].join('\n');
}

/** Rewrites only the text between the recommend markers, re-reading the file first (others edit it too). */
export function writeReadmeSection(section: string): void {
  const block = `${startMarker}\n${section}\n${endMarker}`;
  const current = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + endMarker.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(readmePath, next);
}
