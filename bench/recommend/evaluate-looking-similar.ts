/**
 * looking-similar on the Luma photos: for every record with an image vector, are its 5 nearest products in the
 * same category (deepest `hierarchicalCategories` level)? Vectors come from
 * `bench/fixtures/recommend/luma-image-vectors.json`, written by the embedding task: a JSON object mapping an
 * image path (`/images/luma/m/h/mh01-black_main.jpg`, `m/h/mh01-black_main.jpg` or
 * `images_320/m/h/mh01-black_main.jpg`) to an array of numbers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toSearchRecords } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { categoryKeys } from '../../apps/search/src/recommend/link-patterns.ts';
import { RecommendCatalogue } from '../../apps/search/src/recommend/recommend-catalogue.ts';
import { RecommendModels } from '../../apps/search/src/recommend/recommend-models.ts';
import { mean } from './metrics.ts';
import { fixturesFolder } from './online-retail.ts';

export const vectorsFile = join(fixturesFolder, 'luma-image-vectors.json');
const cutoff = 5;

export interface LookingSimilarEvaluation {
  readonly records: number;
  readonly dimension: number;
  readonly precisionAt5: number;
  /** Expected precision of 5 random other products. */
  readonly random: number;
}

/**
 * @param file - the vectors file; defaults to {@link vectorsFile}.
 * @returns undefined when the file is not there yet.
 */
export function evaluateLookingSimilar(file = vectorsFile): LookingSimilarEvaluation | undefined {
  if (!existsSync(file)) return undefined;
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${file} must hold an object of image path → number[]`);
  }
  const byImage = new Map<string, Float32Array>();
  for (const [path, vector] of Object.entries(raw)) {
    if (!Array.isArray(vector) || !vector.every((value) => typeof value === 'number')) {
      throw new Error(`${file}: the vector of ${path} is not an array of numbers`);
    }
    byImage.set(imageKey(path), Float32Array.from(vector as number[]));
  }
  const records = loadLumaSample()
    .flatMap(toSearchRecords)
    .map((record) => ({ ...record }));
  const vectors = new Map<string, Float32Array>();
  for (const record of records) {
    const vector = record.image ? byImage.get(imageKey(record.image)) : undefined;
    if (vector) vectors.set(record.objectID, vector);
  }
  const models = new RecommendModels();
  models.setCatalogue(records);
  models.setImageVectors(vectors);
  const catalogue = new RecommendCatalogue(records);
  const categoryOf = (objectID: string) =>
    categoryKeys(catalogue, catalogue.groupOf(objectID)).join(' | ');
  const groups = [...catalogue.groups()];
  const precision: number[] = [];
  const random: number[] = [];
  for (const objectID of vectors.keys()) {
    const category = categoryOf(objectID);
    const result = models.recommend(
      { model: 'looking-similar', indexName: 'bench', objectID, threshold: 0, limit: cutoff },
      0,
    );
    const hits = result.type === 'items' ? result.hits : [];
    precision.push(hits.filter((hit) => categoryOf(hit.objectID) === category).length / cutoff);
    const others = groups.filter((group) => group !== catalogue.groupOf(objectID));
    random.push(
      others.filter((group) => categoryOf(catalogue.recordIDs(group)[0] ?? group) === category)
        .length / others.length,
    );
  }
  const dimension = vectors.values().next().value?.length ?? 0;
  return { records: vectors.size, dimension, precisionAt5: mean(precision), random: mean(random) };
}

/** `m/h/mh01-black_main.jpg` from any of the accepted spellings of an image path. */
function imageKey(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^.*?(images\/luma\/|images_320\/)/, '')
    .replace(/^\/+/, '');
}
