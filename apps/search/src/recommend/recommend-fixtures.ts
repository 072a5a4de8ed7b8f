/** Hand-made catalogue and events shared by the recommend tests (not used by the service). */
import type { SearchRecord } from '../engine/index.ts';
import type { RecommendModels } from './recommend-models.ts';
import type { ItemHit, ItemModelName, RecommendEvent } from './types.ts';

export const day = 86_400_000;
export const hour = 3_600_000;
/** 2026-01-01T00:00:00Z: tests pass time in, they never read the clock. */
export const start = Date.UTC(2026, 0, 1);

interface ProductSpec {
  readonly id: string;
  readonly name: string;
  readonly path: readonly [string, string, string];
  readonly colors?: readonly string[];
  readonly related?: readonly string[];
  readonly crossSell?: readonly string[];
  readonly popularity?: number;
  readonly material?: string;
}

function product(spec: ProductSpec): SearchRecord[] {
  const [lvl0, lvl1, lvl2] = spec.path;
  const colors = spec.colors ?? [null];
  return colors.map((color) => ({
    objectID: color ? `${spec.id}-${color}` : spec.id,
    productId: spec.id,
    name: spec.name,
    description: `${spec.name} made of ${spec.material ?? 'cotton'}.`,
    hierarchicalCategories: {
      lvl0: [lvl0],
      lvl1: [`${lvl0} > ${lvl1}`],
      lvl2: [`${lvl0} > ${lvl1} > ${lvl2}`],
    },
    categories: [lvl2],
    color,
    material: [spec.material ?? 'Cotton'],
    popularity: spec.popularity ?? 0,
    related: spec.related ?? [],
    crossSell: spec.crossSell ?? [],
    image: `/images/${spec.id.toLowerCase()}.jpg`,
  }));
}

const hoodies = ['Men', 'Tops', 'Hoodies'] as const;
const pants = ['Men', 'Bottoms', 'Pants'] as const;
const bags = ['Gear', 'Bags', 'Bags'] as const;

/**
 * Three hoodies (H1 in Black and Blue), three pants (P1 in Black and Grey), three bags and a tee. The merchant
 * links H1 → P1 and H2 → P2 (`related`), and H1 → B1, B2 (`crossSell`). Popularity: B3 > P2 > H2 > others.
 */
export const catalogue: SearchRecord[] = [
  ...product({
    id: 'H1',
    name: 'Zip Hoodie',
    path: hoodies,
    colors: ['Black', 'Blue'],
    related: ['P1'],
    crossSell: ['B1', 'B2'],
    popularity: 10,
  }),
  ...product({
    id: 'H2',
    name: 'Fleece Hoodie',
    path: hoodies,
    colors: ['Black'],
    related: ['P2'],
    popularity: 40,
  }),
  ...product({
    id: 'H3',
    name: 'Running Hoodie',
    path: hoodies,
    popularity: 5,
    material: 'Polyester',
  }),
  ...product({
    id: 'P1',
    name: 'Jogging Pants',
    path: pants,
    colors: ['Black', 'Grey'],
    popularity: 20,
  }),
  ...product({ id: 'P2', name: 'Cargo Pants', path: pants, popularity: 60 }),
  ...product({ id: 'P3', name: 'Track Pants', path: pants, popularity: 1 }),
  ...product({ id: 'B1', name: 'Duffle Bag', path: bags, popularity: 2 }),
  ...product({ id: 'B2', name: 'Gym Bag', path: bags, popularity: 3 }),
  ...product({ id: 'B3', name: 'Backpack', path: bags, popularity: 90 }),
  ...product({ id: 'T1', name: 'Basic Tee', path: ['Men', 'Tops', 'Tees'], popularity: 4 }),
];

/** A click on some records. */
export function click(
  userToken: string,
  objectIDs: readonly string[],
  timestamp: number,
): RecommendEvent {
  return { type: 'click', userToken, objectIDs, timestamp };
}

/** An order of some records. */
export function purchase(
  userToken: string,
  objectIDs: readonly string[],
  timestamp: number,
): RecommendEvent {
  return { type: 'conversion', subtype: 'purchase', userToken, objectIDs, timestamp };
}

/** A view of some records (one: a product page; several: a list impression). */
export function view(
  userToken: string,
  objectIDs: readonly string[],
  timestamp: number,
): RecommendEvent {
  return { type: 'view', userToken, objectIDs, timestamp };
}

/** Asks an item model (related, bought-together, looking-similar) for the recommendations of `objectID`. */
export function recommendItems(
  models: RecommendModels,
  model: ItemModelName,
  objectID: string,
  threshold = 0,
  limit = 30,
): readonly ItemHit[] {
  const result = models.recommend(
    { model, indexName: 'products', objectID, threshold, limit },
    start,
  );
  if (result.type !== 'items') throw new Error('expected item hits');
  return result.hits;
}
