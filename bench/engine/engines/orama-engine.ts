/** Orama 3: BM25 over radix trees per property; typo tolerance, facets and `where` filters. */
import { create, insertMultiple, type Results, search } from '@orama/orama';
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
  hitsPerSearch,
} from './bench-engine.ts';

const schema = {
  name: 'string',
  description: 'string',
  brand: 'string',
  /** The same brand as an enum: Orama's exact-match filter type (a `string` filter is a text match). */
  brandKey: 'enum',
  categories: 'string[]',
  price: 'number',
} as const;

const valuesPerFacet = 10;
const facetsParameter = { brand: { limit: valuesPerFacet }, categories: { limit: valuesPerFacet } };

function createDatabase() {
  return create({ schema });
}
type OramaDatabase = ReturnType<typeof createDatabase>;
type OramaDocument = { name: string; brand: string; categories: string[] };

class OramaEngine implements BenchEngine {
  readonly supportsFacets = true;
  readonly supportsFilters = true;
  private readonly database: OramaDatabase = createDatabase();

  /** Orama's maximum Levenshtein distance, the same for every word (Orama has no length rule). */
  private readonly tolerance: number;
  private documentCount = 0;

  constructor(tolerance: number) {
    this.tolerance = tolerance;
  }

  async build(records: readonly BenchRecord[]): Promise<void> {
    const documents = records.map((record) => ({
      id: record.objectID,
      name: record.name,
      description: record.description ?? '',
      brand: record.brand,
      brandKey: record.brand,
      categories: [...record.categories],
      price: record.price,
    }));
    await insertMultiple(this.database, documents, 1000);
    this.documentCount = documents.length;
  }

  search(request: EngineSearch): EngineAnswer | Promise<EngineAnswer> {
    const results = this.query(request.text, hitsPerSearch, request.facets, request.filter);
    // Orama answers synchronously unless a component is async: only await when it must.
    return results instanceof Promise
      ? results.then(toAnswer(request))
      : toAnswer(request)(results);
  }

  async searchExhaustively(text: string): Promise<ExhaustiveAnswer> {
    const results = await this.query(text, this.documentCount, true, undefined);
    return {
      matches: results.hits.map((hit) => hit.document),
      facetCounts: facetCountsOf(results),
      valuesPerFacet,
    };
  }

  private query(
    term: string,
    limit: number,
    facets: boolean,
    filter: BrandPriceFilter | undefined,
  ): Results<OramaDocument> | Promise<Results<OramaDocument>> {
    return search<OramaDatabase, OramaDocument>(this.database, {
      term,
      properties: ['name', 'brand', 'categories', 'description'],
      tolerance: this.tolerance,
      threshold: 0,
      boost: { name: 2 },
      limit,
      ...(facets ? { facets: facetsParameter } : {}),
      ...(filter === undefined
        ? {}
        : {
            where: {
              brandKey: { eq: filter.brand },
              price: { between: [filter.minPrice, filter.maxPrice] },
            },
          }),
    });
  }
}

function toAnswer(request: EngineSearch): (results: Results<OramaDocument>) => EngineAnswer {
  return (results) => {
    const names = results.hits.map((hit) => hit.document.name);
    return request.facets ? { names, facetCounts: facetCountsOf(results) } : { names };
  };
}

function facetCountsOf(results: Results<OramaDocument>): FacetCounts {
  const [brand, categories] = countedFacets.map((facet) => results.facets?.[facet]?.values ?? {});
  return { brand: brand ?? {}, categories: categories ?? {} };
}

/** Orama with the given tolerance: 1 in the default run; 2 (`--engines orama-tolerance-2`) finds 2-typo words. */
export function oramaDefinition(tolerance: 1 | 2): EngineDefinition {
  return {
    key: tolerance === 1 ? 'orama' : `orama-tolerance-${tolerance}`,
    label: tolerance === 1 ? 'Orama 3.1' : `Orama 3.1 (tolerance ${tolerance})`,
    configuration: [
      "`create({ schema: { name: 'string', description: 'string', brand: 'string', brandKey: 'enum',",
      "categories: 'string[]', price: 'number' } })`, `insertMultiple(db, docs, 1000)`;",
      "`search(db, { term, properties: ['name', 'brand', 'categories', 'description'],",
      `tolerance: ${tolerance}, threshold: 0 (every word must match), boost: { name: 2 }, limit: 20 })\`;`,
      'facets: `{ brand: { limit: 10 }, categories: { limit: 10 } }`; filters:',
      '`where: { brandKey: { eq }, price: { between } }` (`enum` is Orama’s exact-match type). Orama matches',
      'every word as a prefix too.',
    ].join(' '),
    create: () => new OramaEngine(tolerance),
  };
}
