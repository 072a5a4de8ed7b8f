/** Our engine (`apps/search/src/engine/`), configured in Algolia's vocabulary like the `products` index. */

import type {
  FilterExpression,
  SearchQuery,
  SearchResult,
} from '../../../apps/search/src/engine/index.ts';
import { SearchIndex } from '../../../apps/search/src/engine/index.ts';
import type { BenchRecord } from '../bench-record.ts';
import type { BrandPriceFilter } from '../query-mixes.ts';
import {
  type BenchEngine,
  countedFacets,
  type EngineAnswer,
  type EngineDefinition,
  type EngineSearch,
  type ExhaustiveAnswer,
  type FacetCounts,
  fieldOf,
  hitsPerSearch,
} from './bench-engine.ts';

const valuesPerFacet = 10;

/** The settings, as `setSettings` would receive them; highlighting is off because no peer highlights. */
export const vitrineSettings = {
  searchableAttributes: ['name', 'brand', 'categories', 'unordered(description)'],
  attributesForFaceting: ['brand', 'categories'],
  queryLanguages: ['fr', 'en'],
  indexLanguages: ['fr', 'en'],
  ignorePlurals: true,
  attributesToRetrieve: ['name', 'brand', 'price'],
  attributesToHighlight: [],
  attributesToSnippet: [],
  hitsPerPage: hitsPerSearch,
  maxValuesPerFacet: valuesPerFacet,
} as const;

class VitrineEngine implements BenchEngine {
  readonly supportsFacets = true;
  readonly supportsFilters = true;
  private readonly index = new SearchIndex(vitrineSettings);

  /** The bulk add, then what the service does once writes are quiet (`IndexPreparer`): timed as build. */
  build(records: readonly BenchRecord[]): void {
    this.index.saveObjects(records);
    this.index.prepare();
  }

  search(request: EngineSearch): EngineAnswer {
    const result = this.index.search({
      text: request.text,
      ...(request.facets ? { facets: countedFacets } : {}),
      ...(request.filter === undefined ? {} : { filter: filterOf(request.filter) }),
    });
    const names = result.hits.map((hit) => String(fieldOf(hit.record, 'name')));
    return request.facets ? { names, facetCounts: facetCountsOf(result) } : { names };
  }

  searchExhaustively(text: string): ExhaustiveAnswer {
    const query: SearchQuery = { text, facets: countedFacets, hitsPerPage: 0 };
    const { totalHits } = this.index.search(query);
    const result = this.index.search({
      ...query,
      hitsPerPage: totalHits,
      paginationLimitedTo: totalHits,
      attributesToRetrieve: ['brand', 'categories'],
    });
    const matches = result.hits.map((hit) => {
      const categories = fieldOf(hit.record, 'categories');
      return {
        brand: String(fieldOf(hit.record, 'brand')),
        categories: Array.isArray(categories) ? categories.map(String) : [],
      };
    });
    return { matches, facetCounts: facetCountsOf(result), valuesPerFacet };
  }
}

function filterOf(filter: BrandPriceFilter): FilterExpression {
  return {
    kind: 'and',
    operands: [
      { kind: 'facet', attribute: 'brand', value: filter.brand },
      { kind: 'range', attribute: 'price', lower: filter.minPrice, upper: filter.maxPrice },
    ],
  };
}

function facetCountsOf(result: SearchResult): FacetCounts {
  const [brand, categories] = countedFacets.map((facet) => result.facetCounts[facet] ?? {});
  return { brand: brand ?? {}, categories: categories ?? {} };
}

export const vitrineDefinition: EngineDefinition = {
  key: 'vitrine',
  label: 'Vitrine engine',
  configuration: [
    `\`new SearchIndex(${JSON.stringify(vitrineSettings).replaceAll('"', "'").replaceAll(',', ', ')})\`,`,
    '`saveObjects(records)` then `prepare()` (timed in the build: the warm-up the service runs once writes',
    'are quiet, building the dictionary, sort orders and scans of the one-character prefixes);',
    "`search({ text, facets: ['brand', 'categories'] | none,",
    "filter: and(facet brand = …, range price …) | none })`: Algolia's defaults otherwise (prefixLast, 1 typo",
    'from 4 letters and 2 from 8, every word must match).',
  ].join(' '),
  create: () => new VitrineEngine(),
};
