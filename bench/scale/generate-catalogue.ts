/**
 * `npx tsx bench/scale/generate-catalogue.ts <count> <file> [--seed <n>]`: writes a catalogue of `count`
 * products made from the Luma sample (`scaledCatalogue`: each product copied with a new id, slug, SKUs and
 * a name prefix; categories, colours and sizes kept) in the `npm run import` format: a JSON array, or one
 * product per line when the file ends in `.ndjson`/`.jsonl`. Deterministic for a given count and seed, and
 * streamed: the file is written product by product.
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';

const usage = 'usage: npx tsx bench/scale/generate-catalogue.ts <count> <file> [--seed <n>]';
const [countText, file, ...rest] = process.argv.slice(2);
const count = Number(countText);
if (!Number.isInteger(count) || count < 1 || !file) fail(usage);
const seedAt = rest.indexOf('--seed');
const seed = seedAt === -1 ? 1 : Number(rest[seedAt + 1]);
if (!Number.isInteger(seed)) fail(usage);

const path = resolve(process.env['INIT_CWD'] ?? process.cwd(), file);
const lines = /\.(ndjson|jsonl)$/.test(path);
const out = createWriteStream(path);
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain');
};
const started = performance.now();
await write(lines ? '' : '[\n');
let written = 0;
for (const product of scaledCatalogue(loadLumaSample(), count, seed)) {
  const json = JSON.stringify(product);
  await write(lines ? `${json}\n` : `${written === 0 ? '' : ',\n'}${json}`);
  written += 1;
}
await write(lines ? '' : '\n]\n');
out.end();
await once(out, 'finish');
console.log(
  `Wrote ${written} products to ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed}).`,
);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
