import {
  type ProductSearchRecord,
  productIndexSettings,
  productSynonyms,
  toSearchRecords,
} from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import type { RankedHit, SearchRecord } from '../../src/engine/index.ts';
import { SearchIndex } from '../../src/engine/index.ts';
import { parseSearchFilters } from '../../src/protocol/parse-filters.ts';
import { parseSearchParams } from '../../src/protocol/parse-search-params.ts';
import { parseSettingsUpdate, toEngineSettings } from '../../src/protocol/settings-wire.ts';
import { validateSynonyms } from '../../src/protocol/synonym-wire.ts';

/**
 * The storefront's `products` index, built in-process: the Luma sample's records, settings and synonyms of
 * `@vitrine/catalogue`, read through the same wire validation as `PUT /settings` and `synonyms/batch` (what
 * the storefront's `syncSearchIndex` sends), then searched with the parameters the search page sends. One
 * index serves both languages (French labels are searchable beside the English text).
 */
export function buildLumaIndex(): SearchIndex {
  const settings = parseSettingsUpdate(structuredClone(productIndexSettings)).set;
  const index = new SearchIndex(toEngineSettings(settings));
  index.setSynonyms(validateSynonyms(structuredClone(productSynonyms)));
  // The queries were judged on the sample's English texts, searched without a page language: the French
  // texts, searched by the French page's parameters (decision 0014), are judged by the storefront's
  // french-search-relevance test, so they are left out here.
  const records = loadLumaSample().flatMap((product) =>
    toSearchRecords({ ...product, texts: { en: product.texts.en } }),
  );
  index.saveObjects(records.map((record) => ({ ...record }) as unknown as SearchRecord));
  return index;
}

export interface SearchOutcome {
  readonly hits: readonly ProductSearchRecord[];
  readonly rankingInfo: readonly RankedHit['rankingInfo'][];
  readonly totalHits: number;
}

/** One search as the storefront's search page sends it (20 hits, one per product through `distinct`). */
export function searchLuma(index: SearchIndex, query: string): SearchOutcome {
  const params = parseSearchParams({
    query,
    hitsPerPage: 20,
    facetingAfterDistinct: true,
    getRankingInfo: true,
  });
  const result = index.search({
    ...params.options,
    text: params.text,
    filter: parseSearchFilters(params.filterParams),
  });
  return {
    hits: result.hits.map((hit) => hit.record as unknown as ProductSearchRecord),
    rankingInfo: result.hits.map((hit) => hit.rankingInfo),
    totalHits: result.totalHits,
  };
}
