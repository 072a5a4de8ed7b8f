/**
 * related-products on Luma: can the model find the merchant's curated `related` links of a product it was not
 * shown them for? Products with links are split into 5 folds (by id); for each fold the model gets the
 * catalogue with the fold's links removed, both ways (the fold's own lists, and other products' links to fold
 * products), and recommends 10 products for each fold product's first record.
 */
import { type ProductSearchRecord, toSearchRecords } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { categoryKeys } from '../../apps/search/src/recommend/link-patterns.ts';
import { RecommendCatalogue } from '../../apps/search/src/recommend/recommend-catalogue.ts';
import { RecommendModels } from '../../apps/search/src/recommend/recommend-models.ts';
import {
  defaultRelatedProductsOptions,
  type RelatedProductsOptions,
} from '../../apps/search/src/recommend/related-products.ts';
import { compareText, mean } from './metrics.ts';

const folds = 5;
const cutoff = 10;

export interface RelatedEvaluation {
  readonly products: number;
  readonly links: number;
  readonly model: number;
  readonly contentOnly: number;
  readonly sameCategory: number;
}

/** Content similarity alone: what a catalogue without curated links and without events would get. */
const contentOnly: RelatedProductsOptions = {
  ...defaultRelatedProductsOptions,
  curatedWeight: 0,
  inboundCuratedWeight: 0,
  linkPatternWeight: 0,
};

/** Recall@10 of the held-out links, averaged over products, for the model, content only and the baseline. */
export function evaluateRelated(): RelatedEvaluation {
  const records = loadLumaSample().flatMap(toSearchRecords);
  const productIds = new Set(records.map((record) => record.productId));
  const truth = new Map<string, Set<string>>();
  for (const record of records) {
    const links = record.related.filter((id) => productIds.has(id) && id !== record.productId);
    if (links.length > 0 && !truth.has(record.productId))
      truth.set(record.productId, new Set(links));
  }
  const evaluated = [...truth.keys()].sort(compareText);
  const model: number[] = [];
  const content: number[] = [];
  const baseline: number[] = [];
  const sameCategory = sameCategoryBaseline(records);
  for (let fold = 0; fold < folds; fold++) {
    const heldOut = new Set(evaluated.filter((_, i) => i % folds === fold));
    const visible = records.map((record) => withoutLinks(record, heldOut));
    const full = modelsFor(visible);
    const plain = modelsFor(visible, contentOnly);
    for (const productId of heldOut) {
      const links = truth.get(productId) ?? new Set();
      const source =
        records.find((record) => record.productId === productId)?.objectID ?? productId;
      model.push(recall(recommend(full, source, records), links));
      content.push(recall(recommend(plain, source, records), links));
      baseline.push(recall(sameCategory(productId), links));
    }
  }
  const links = [...truth.values()].reduce((sum, set) => sum + set.size, 0);
  return {
    products: evaluated.length,
    links,
    model: mean(model),
    contentOnly: mean(content),
    sameCategory: mean(baseline),
  };
}

function withoutLinks(
  record: ProductSearchRecord,
  heldOut: ReadonlySet<string>,
): ProductSearchRecord {
  return {
    ...record,
    related: heldOut.has(record.productId) ? [] : record.related.filter((id) => !heldOut.has(id)),
  };
}

function modelsFor(
  records: readonly ProductSearchRecord[],
  related?: RelatedProductsOptions,
): RecommendModels {
  const models = new RecommendModels(related ? { related } : {});
  models.setCatalogue(records.map((record) => ({ ...record })));
  return models;
}

function recommend(
  models: RecommendModels,
  objectID: string,
  records: readonly ProductSearchRecord[],
): string[] {
  const result = models.recommend(
    { model: 'related-products', indexName: 'bench', objectID, threshold: 0, limit: cutoff },
    0,
  );
  const productOf = new Map(records.map((record) => [record.objectID, record.productId]));
  return result.type === 'items'
    ? result.hits.map((hit) => productOf.get(hit.objectID) ?? hit.objectID)
    : [];
}

/** Baseline: products of the same deepest category by popularity, topped up from the parent levels. */
function sameCategoryBaseline(
  records: readonly ProductSearchRecord[],
): (productId: string) => string[] {
  const catalogue = new RecommendCatalogue(records.map((record) => ({ ...record })));
  const groups = [...catalogue.groups()].sort(
    (a, b) => catalogue.popularity(b) - catalogue.popularity(a) || compareText(a, b),
  );
  const paths = new Map(groups.map((group) => [group, categoryKeys(catalogue, group)]));
  return (productId) => {
    const own = paths.get(productId) ?? [];
    const picked: string[] = [];
    for (let depth = 3; depth >= 1 && picked.length < cutoff; depth--) {
      const prefixes = new Set(own.map((path) => path.split(' > ').slice(0, depth).join(' > ')));
      for (const group of groups) {
        if (picked.length >= cutoff) break;
        if (group === productId || picked.includes(group)) continue;
        const theirs = paths.get(group) ?? [];
        if (theirs.some((path) => prefixes.has(path.split(' > ').slice(0, depth).join(' > '))))
          picked.push(group);
      }
    }
    return picked;
  };
}

function recall(recommended: readonly string[], links: ReadonlySet<string>): number {
  return links.size === 0
    ? 0
    : recommended.slice(0, cutoff).filter((id) => links.has(id)).length / links.size;
}
