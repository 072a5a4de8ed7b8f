/**
 * What the benchmark asks of every engine. An adapter configures its engine with the engine's own documented
 * options; what an engine cannot do (`supportsFacets`, `supportsFilters` false) is reported as n/a, never emulated.
 */
import type { BenchRecord } from '../bench-record.ts';
import type { BrandPriceFilter } from '../query-mixes.ts';

/** How many hits each search returns, and the depth of the recall measure. */
export const hitsPerSearch = 20;

/** The facets counted in the `facets` variant. */
export const countedFacets = ['brand', 'categories'] as const;
export type CountedFacet = (typeof countedFacets)[number];
export type FacetCounts = Readonly<Record<CountedFacet, Readonly<Record<string, number>>>>;

export interface EngineSearch {
  readonly text: string;
  /** Count `countedFacets` over every match. */
  readonly facets: boolean;
  /** Keep only this brand and this inclusive price range. */
  readonly filter?: BrandPriceFilter;
}

export interface EngineAnswer {
  /** Names of the first `hitsPerSearch` hits, best first. */
  readonly names: readonly string[];
  readonly facetCounts?: FacetCounts;
}

/** Every match of a query and the engine's facet counts for it, for the brute-force facet check. */
export interface ExhaustiveAnswer {
  readonly matches: readonly Pick<BenchRecord, CountedFacet>[];
  readonly facetCounts: FacetCounts;
  /** How many values per facet the engine returns at most (counts beyond it are cut, not wrong). */
  readonly valuesPerFacet: number;
}

export interface BenchEngine {
  readonly supportsFacets: boolean;
  readonly supportsFilters: boolean;
  build(records: readonly BenchRecord[]): void | Promise<void>;
  search(request: EngineSearch): EngineAnswer | Promise<EngineAnswer>;
  /** Engines with facets: all matches of `text` with the facet counts (the match count may be capped). */
  searchExhaustively?(text: string): ExhaustiveAnswer | Promise<ExhaustiveAnswer>;
}

export interface EngineDefinition {
  /** Key for `--engines` and the child process. */
  readonly key: string;
  /** Name and version shown in the table. */
  readonly label: string;
  /** The configuration, in the engine's words, for the README next to the table. */
  readonly configuration: string;
  create(): BenchEngine | Promise<BenchEngine>;
}

/** A field of a record-like object an engine returns (index signature: the key is a variable on purpose). */
export function fieldOf(object: { readonly [key: string]: unknown }, key: string): unknown {
  return object[key];
}
