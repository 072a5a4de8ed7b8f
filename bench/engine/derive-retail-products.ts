/**
 * One-off derivation of `bench/fixtures/online-retail/products.csv` from the UCI Online Retail 40k-line sample:
 * one row per StockCode that starts with a digit (postage, fees and manual lines are not products), with its
 * most frequent description, the median positive unit price and the number of order lines. The bench reads
 * only the derived file; rerun this when the source changes:
 *
 *   npx tsx bench/engine/derive-retail-products.ts /work/shared/data/online-retail/transactions_sample40k.csv
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cell, formatCsvField, parseCsvObjects } from './parse-csv.ts';

interface StockLines {
  readonly descriptions: Map<string, number>;
  readonly prices: number[];
  lines: number;
}

function deriveProducts(sourceText: string): string[][] {
  const byCode = new Map<string, StockLines>();
  for (const line of parseCsvObjects(sourceText, ',')) {
    const code = cell(line, 'StockCode').trim().toUpperCase();
    const description = cell(line, 'Description').trim().replace(/\s+/g, ' ');
    if (!/^\d/.test(code) || description === '') continue;
    const entry: StockLines = byCode.get(code) ?? { descriptions: new Map(), prices: [], lines: 0 };
    entry.descriptions.set(description, (entry.descriptions.get(description) ?? 0) + 1);
    const price = Number(cell(line, 'UnitPrice'));
    if (Number.isFinite(price) && price > 0) entry.prices.push(price);
    entry.lines++;
    byCode.set(code, entry);
  }
  return [...byCode.entries()]
    .filter(([, entry]) => entry.prices.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, entry]) => [
      code,
      mostFrequent(entry.descriptions),
      median(entry.prices).toFixed(2),
      String(entry.lines),
    ]);
}

function mostFrequent(counts: ReadonlyMap<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && value < best)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

const source = process.argv[2];
if (source === undefined) throw new Error('usage: derive-retail-products.ts <transactions.csv>');
const target = join(
  dirname(fileURLToPath(import.meta.url)),
  '../fixtures/online-retail/products.csv',
);
const rows = [
  ['stockCode', 'description', 'unitPrice', 'orderLines'],
  ...deriveProducts(readFileSync(source, 'utf8')),
];
writeFileSync(
  target,
  `${rows.map((row) => row.map((cell) => formatCsvField(cell, ',')).join(',')).join('\n')}\n`,
);
console.log(`wrote ${rows.length - 1} products to ${target}`);
