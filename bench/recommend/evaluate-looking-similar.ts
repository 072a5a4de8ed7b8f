/**
 * looking-similar, two ways:
 * - Luma: for every record whose photo has a vector, are its 5 nearest products in the same category (deepest
 *   `hierarchicalCategories` level)? Vectors: the committed `apps/search/data/image-vectors/luma.json`,
 *   brought up to date first (only photos whose bytes changed are embedded), then averaged with their nearest
 *   catalogue photos by `recordImageVectors`, as the search service does. Also reported: the same precision on
 *   the selection and held-out halves of the products (`looking-similar-split.ts`), and, for information only,
 *   the share in the same parent category (`Men > Tops` for `Men > Tops > Jackets`).
 * - GroceryStoreDataset: for every in-store photo, is the nearest of the 81 packshots the right product?
 *   Vectors: `bench/fixtures/recommend/grocery/vectors.json`, kept up to date the same way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toSearchRecords } from '@vitrine/catalogue';
import { loadLumaSample, lumaImagesFolder } from '@vitrine/catalogue/load-luma-sample';
import { categoryKeys } from '../../apps/search/src/recommend/link-patterns.ts';
import { RecommendCatalogue } from '../../apps/search/src/recommend/recommend-catalogue.ts';
import { RecommendModels } from '../../apps/search/src/recommend/recommend-models.ts';
import {
  defaultImageVectorsFile,
  loadPhotoVectors,
  recordImageVectors,
} from '../../apps/search/src/recommend/record-image-vectors.ts';
import { embedderModel, loadImageEmbedder } from '../../scripts/lib/image-embedder.ts';
import { updateImageVectors } from '../../scripts/lib/update-image-vectors.ts';
import { lookingSimilarHalf } from './looking-similar-split.ts';
import { mean } from './metrics.ts';
import { fixturesFolder } from './online-retail.ts';

const cutoff = 5;
export const groceryFolder = join(fixturesFolder, 'grocery');

export interface LookingSimilarEvaluation {
  readonly records: number;
  readonly dimension: number;
  readonly precisionAt5: number;
  /** precisionAt5 over the records of each half of the products (A chose the variant, B is held out). */
  readonly halves: { readonly A: number; readonly B: number };
  /** Informative only: share of the 5 nearest products in the same parent category (one level up). */
  readonly parentPrecisionAt5: number;
  /** Expected precision of 5 random other products. */
  readonly random: number;
  /** Expected parent-category precision of 5 random other products. */
  readonly randomParent: number;
  /** Photos embedded by this run (their bytes or the model changed since the vectors were written). */
  readonly embedded: number;
}

export interface PackshotEvaluation {
  readonly photos: number;
  readonly packshots: number;
  /** Share of photos whose nearest packshot is their product. */
  readonly top1: number;
  /** Share of photos whose product is among the 5 nearest packshots. */
  readonly top5: number;
  /** Share of photos whose nearest packshot is of the same coarse class (any apple for an apple). */
  readonly coarseTop1: number;
  /** 1 / packshots: a random pick. */
  readonly random: number;
  readonly embedded: number;
}

/** Logs which photos are being embedded, so a long first run shows it is working. */
function progress(label: string) {
  return (done: number, total: number) => {
    if (total > 0 && (done % 50 === 0 || done === total)) {
      console.error(`${label}: embedded ${done}/${total} photos`);
    }
  };
}

/** @param file - the Luma vectors file; defaults to the one the search service loads. */
export async function evaluateLookingSimilar(
  file = defaultImageVectorsFile,
): Promise<LookingSimilarEvaluation> {
  const update = await updateImageVectors({
    folder: lumaImagesFolder,
    urlPrefix: '/images/luma',
    file,
    model: embedderModel,
    embedder: loadImageEmbedder,
    onProgress: progress('looking-similar (Luma)'),
  });
  const records = loadLumaSample()
    .flatMap(toSearchRecords)
    .map((record) => ({ ...record }));
  const vectors = recordImageVectors(records, loadPhotoVectors(file));
  const models = new RecommendModels();
  models.setCatalogue(records);
  models.setImageVectors(vectors);
  const catalogue = new RecommendCatalogue(records);
  const categoryOf = (objectID: string) =>
    categoryKeys(catalogue, catalogue.groupOf(objectID)).join(' | ');
  // Keys are full paths (`Men > Tops > Jackets`); the parent drops the last level of each.
  const parentOf = (objectID: string) =>
    categoryKeys(catalogue, catalogue.groupOf(objectID))
      .map((key) => key.split(' > ').slice(0, -1).join(' > '))
      .join(' | ');
  const groups = [...catalogue.groups()];
  const precision: number[] = [];
  const parentPrecision: number[] = [];
  const byHalf = { A: [] as number[], B: [] as number[] };
  const random: number[] = [];
  const randomParent: number[] = [];
  for (const objectID of vectors.keys()) {
    const category = categoryOf(objectID);
    const result = models.recommend(
      { model: 'looking-similar', indexName: 'bench', objectID, threshold: 0, limit: cutoff },
      0,
    );
    const hits = result.type === 'items' ? result.hits : [];
    const score = hits.filter((hit) => categoryOf(hit.objectID) === category).length / cutoff;
    precision.push(score);
    byHalf[lookingSimilarHalf(catalogue.groupOf(objectID))].push(score);
    const parent = parentOf(objectID);
    parentPrecision.push(hits.filter((hit) => parentOf(hit.objectID) === parent).length / cutoff);
    const others = groups
      .filter((group) => group !== catalogue.groupOf(objectID))
      .map((group) => catalogue.recordIDs(group)[0] ?? group);
    random.push(others.filter((other) => categoryOf(other) === category).length / others.length);
    randomParent.push(others.filter((other) => parentOf(other) === parent).length / others.length);
  }
  const dimension = vectors.values().next().value?.length ?? 0;
  return {
    records: vectors.size,
    dimension,
    precisionAt5: mean(precision),
    halves: { A: mean(byHalf.A), B: mean(byHalf.B) },
    parentPrecisionAt5: mean(parentPrecision),
    random: mean(random),
    randomParent: mean(randomParent),
    embedded: update.computed.length,
  };
}

/** @param folder - the grocery fixture (classes.csv, packshots/, photos/). */
export async function evaluatePhotoToPackshot(folder = groceryFolder): Promise<PackshotEvaluation> {
  const file = join(folder, 'vectors.json');
  const update = await updateImageVectors({
    folder,
    urlPrefix: '',
    file,
    model: embedderModel,
    embedder: loadImageEmbedder,
    onProgress: progress('looking-similar (grocery)'),
  });
  const coarse = new Map<string, string>();
  for (const line of readFileSync(join(folder, 'classes.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)) {
    const [name, , coarseName] = line.split(',');
    if (name && coarseName) coarse.set(name, coarseName);
  }
  const vectors = loadPhotoVectors(file);
  const packshots = [...vectors].filter(([url]) => url.startsWith('/packshots/'));
  const className = (url: string) =>
    url
      .replace(/^\/(packshots|photos)\//, '')
      .replace(/(_\d+)?\.jpg$/, '')
      .trim();
  for (const [url] of packshots) {
    if (!coarse.has(className(url))) throw new Error(`${url}: class not in classes.csv`);
  }
  let top1 = 0;
  let top5 = 0;
  let coarseTop1 = 0;
  let photos = 0;
  for (const [url, vector] of vectors) {
    if (!url.startsWith('/photos/')) continue;
    photos++;
    const truth = className(url);
    const ranked = packshots
      .map(([packshot, candidate]) => ({
        name: className(packshot),
        score: dot(vector, candidate),
      }))
      .sort((a, b) => b.score - a.score);
    if (ranked[0]?.name === truth) top1++;
    if (ranked.slice(0, 5).some((entry) => entry.name === truth)) top5++;
    if (ranked[0] && coarse.get(ranked[0].name) === coarse.get(truth)) coarseTop1++;
  }
  return {
    photos,
    packshots: packshots.length,
    top1: top1 / photos,
    top5: top5 / photos,
    coarseTop1: coarseTop1 / photos,
    random: 1 / packshots.length,
    embedded: update.computed.length,
  };
}

/** Cosine of two L2-normalised vectors. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}
