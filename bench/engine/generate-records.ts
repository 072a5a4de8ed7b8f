/**
 * Scales the real catalogues up to 100k or 1M records by recombining real values, deterministically (seeded):
 * the real records come first, unchanged; each generated record then takes a random real "base" record and
 *
 * - name: the first half of the base name's words + the second half of a "donor" name from the same source and
 *   first category (`Chaz Kangeroo Hoodie` + `Marco Lightweight Active Hoodie` → `Chaz Kangeroo Active Hoodie`);
 * - brand: the base brand (70 %) or the brand of a random record of the same source (30 %);
 * - categories, color, description: the base's (a fresh categories array per record, nothing shared);
 * - price: the base price × a jitter in [0.8, 1.2), rounded to cents;
 * - objectID: `gen-<n>`.
 *
 * The same `(real, count, seed)` always gives the same records, in every process.
 */
import type { BenchRecord } from './bench-record.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';

/** Seed of the scale-up; change it only together with the README's table. */
export const generatorSeed = 20_240_611;

export function generateRecords(
  real: readonly BenchRecord[],
  count: number,
  seed = generatorSeed,
): BenchRecord[] {
  if (count <= real.length) return real.slice(0, count);
  const random = seededRandom(seed);
  const donors = groupBy(real, (record) => `${record.source}|${record.categories[0] ?? ''}`);
  const brandPools = groupBy(real, (record) => record.source);
  const records: BenchRecord[] = [...real];
  for (let n = 0; records.length < count; n++) {
    const base = random.pick(real);
    const donor = random.pick(donors.get(`${base.source}|${base.categories[0] ?? ''}`) ?? [base]);
    records.push(recombine(n, base, donor, random, brandPools.get(base.source) ?? [base]));
  }
  return records;
}

function recombine(
  n: number,
  base: BenchRecord,
  donor: BenchRecord,
  random: SeededRandom,
  brandPool: readonly BenchRecord[],
): BenchRecord {
  const baseWords = base.name.split(/\s+/);
  const donorWords = donor.name.split(/\s+/);
  const name = [
    ...baseWords.slice(0, Math.ceil(baseWords.length / 2)),
    ...donorWords.slice(Math.ceil(donorWords.length / 2)),
  ].join(' ');
  const brand = random.next() < 0.7 ? base.brand : random.pick(brandPool).brand;
  const price = Math.round(base.price * (0.8 + 0.4 * random.next()) * 100) / 100;
  return {
    objectID: `gen-${n}`,
    name,
    ...(base.description === undefined ? {} : { description: base.description }),
    brand,
    categories: [...base.categories],
    price,
    ...(base.color === undefined ? {} : { color: base.color }),
    source: base.source,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group === undefined) groups.set(key(item), [item]);
    else group.push(item);
  }
  return groups;
}
