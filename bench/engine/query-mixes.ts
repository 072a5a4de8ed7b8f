/**
 * The seeded query mixes, all made from real product names (never from generated ones), so every size answers
 * the same queries and the intended product is in every data set:
 *
 * - `prefix`: what a shopper types key by key: "j", "ja", "jac", … up to the first two words of a name;
 * - `multi-word`: two or three consecutive words of a name, spelled right;
 * - `typo-1` / `typo-2`: a name (first five words) with one / two edits in one word long enough for that many
 *   typos (see `typo-edits.ts`), remembering the product;
 * - `french`: an Open Food Facts name with accents removed or added, an elided article or the other number
 *   of a noun (see `french-variants.ts`), remembering the product.
 *
 * Every query carries the brand and a price range (½× to 1.5× the price) of its product, for the filtered variant.
 */
import type { BenchRecord } from './bench-record.ts';
import { type FrenchVariant, frenchVariant } from './french-variants.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';
import { misspellOneWord } from './typo-edits.ts';

export const mixNames = ['prefix', 'multi-word', 'typo-1', 'typo-2', 'french'] as const;
export type MixName = (typeof mixNames)[number];

/** Mixes whose queries remember their product, so recall@20 can be measured. */
export const mixesWithIntent: readonly MixName[] = ['typo-1', 'typo-2', 'french'];

export interface BrandPriceFilter {
  readonly brand: string;
  readonly minPrice: number;
  readonly maxPrice: number;
}

export interface BenchQuery {
  readonly text: string;
  /** `normalizeName()` of the product the query was made from (typo and French mixes). */
  readonly intendedName?: string;
  readonly filter: BrandPriceFilter;
}

export type QueryMixes = Readonly<Record<MixName, readonly BenchQuery[]>>;

export const querySeed = 4_242;

/** Lower case, single spaces: how hit names are compared with the intended product's name. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A name's words as a shopper would type them: lower case, without surrounding punctuation. */
export function nameWords(name: string): string[] {
  return normalizeName(name)
    .split(' ')
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}

export function buildQueryMixes(
  real: readonly BenchRecord[],
  perMix: number,
  seed = querySeed,
): QueryMixes {
  const random = seededRandom(seed);
  const everything = random.shuffle(real);
  const french = random.shuffle(real.filter((record) => record.source === 'off-fr'));
  return {
    prefix: collect(everything, perMix, (record) => typedPrefixes(record)),
    'multi-word': collect(everything, perMix, (record) => multiWord(record, random)),
    'typo-1': collect(everything, perMix, (record) => misspelled(record, 1, random)),
    'typo-2': collect(everything, perMix, (record) => misspelled(record, 2, random)),
    french: collect(french, perMix, (record) => frenchQuery(record, random)),
  };
}

function collect(
  records: readonly BenchRecord[],
  count: number,
  make: (record: BenchRecord) => BenchQuery[] | BenchQuery | undefined,
): BenchQuery[] {
  const queries: BenchQuery[] = [];
  for (let i = 0; queries.length < count; i++) {
    const record = records[i % records.length];
    if (record === undefined || i > records.length * 4) break;
    const made = make(record);
    if (made !== undefined) queries.push(...(Array.isArray(made) ? made : [made]));
  }
  return queries.slice(0, count);
}

function filterOf(record: BenchRecord): BrandPriceFilter {
  return {
    brand: record.brand,
    minPrice: Math.floor(record.price * 50) / 100,
    maxPrice: Math.ceil(record.price * 150) / 100,
  };
}

function typedPrefixes(record: BenchRecord): BenchQuery[] {
  const typed = nameWords(record.name).slice(0, 2).join(' ');
  const queries: BenchQuery[] = [];
  for (let end = 1; end <= typed.length; end++) {
    if (typed[end - 1] !== ' ')
      queries.push({ text: typed.slice(0, end), filter: filterOf(record) });
  }
  return queries;
}

function multiWord(record: BenchRecord, random: SeededRandom): BenchQuery | undefined {
  const words = nameWords(record.name).filter((word) => word.length >= 2);
  if (words.length < 2) return undefined;
  const length = Math.min(words.length, 2 + random.integer(2));
  const start = random.integer(words.length - length + 1);
  return { text: words.slice(start, start + length).join(' '), filter: filterOf(record) };
}

function misspelled(
  record: BenchRecord,
  typos: 1 | 2,
  random: SeededRandom,
): BenchQuery | undefined {
  const words = misspellOneWord(nameWords(record.name).slice(0, 5), typos, random);
  if (words === undefined) return undefined;
  return {
    text: words.join(' '),
    intendedName: normalizeName(record.name),
    filter: filterOf(record),
  };
}

const frenchVariants: readonly FrenchVariant[] = [
  'accents-removed',
  'accent-added',
  'elision',
  'plural',
];

function frenchQuery(record: BenchRecord, random: SeededRandom): BenchQuery | undefined {
  const words = nameWords(record.name).slice(0, 5);
  const variant = random.pick(frenchVariants);
  const typed = frenchVariant(words, variant, random);
  if (typed === undefined) return undefined;
  return {
    text: typed.join(' '),
    intendedName: normalizeName(record.name),
    filter: filterOf(record),
  };
}
