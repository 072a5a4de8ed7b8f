/** MiniSearch 7: BM25+ over a radix tree; fuzzy + prefix search and a filter callback, no facet counts. */
import MiniSearch from 'minisearch';
import type { BenchRecord } from '../bench-record.ts';
import { removeAccents } from '../french-variants.ts';
import {
  type BenchEngine,
  type EngineAnswer,
  type EngineDefinition,
  type EngineSearch,
  fieldOf,
  hitsPerSearch,
} from './bench-engine.ts';

/** Elided French articles and pronouns (`l'huile` → `huile`), dropped like stop words. */
const elisions = new Set(['l', 'd', 'j', 'qu', 'n', 's', 'c', 'm', 't']);

class MiniSearchEngine implements BenchEngine {
  readonly supportsFacets = false;
  readonly supportsFilters = true;
  private readonly index = new MiniSearch<BenchRecord>({
    idField: 'objectID',
    fields: ['name', 'brand', 'categories', 'description'],
    storeFields: ['name', 'brand', 'price'],
    stringifyField: (value: unknown) => (Array.isArray(value) ? value.join(' ') : String(value)),
    processTerm: (term: string) => {
      const folded = removeAccents(term.toLowerCase());
      return elisions.has(folded) ? null : folded;
    },
    searchOptions: {
      prefix: (_term: string, index: number, terms: string[]) => index === terms.length - 1,
      fuzzy: 0.2,
      combineWith: 'AND',
      boost: { name: 2 },
    },
  });

  build(records: readonly BenchRecord[]): void {
    this.index.addAll(records);
  }

  search(request: EngineSearch): EngineAnswer {
    const { filter } = request;
    const results = this.index.search(
      request.text,
      filter === undefined
        ? {}
        : {
            filter: (result) => {
              const price = Number(fieldOf(result, 'price'));
              return (
                fieldOf(result, 'brand') === filter.brand &&
                price >= filter.minPrice &&
                price <= filter.maxPrice
              );
            },
          },
    );
    return {
      names: results.slice(0, hitsPerSearch).map((result) => String(fieldOf(result, 'name'))),
    };
  }
}

export const miniSearchDefinition: EngineDefinition = {
  key: 'minisearch',
  label: 'MiniSearch 7.2',
  configuration: [
    "`new MiniSearch({ idField: 'objectID', fields: ['name', 'brand', 'categories', 'description'],",
    "storeFields: ['name', 'brand', 'price'], processTerm: lower case + accent folding + French elisions",
    "(l, d, j, qu, …) dropped, searchOptions: { prefix: last term only, fuzzy: 0.2, combineWith: 'AND',",
    'boost: { name: 2 } } })`, `addAll(records)`; the filtered variant passes',
    '`filter: (result) => brand and price range`; no facet counts (n/a).',
  ].join(' '),
  create: () => new MiniSearchEngine(),
};
