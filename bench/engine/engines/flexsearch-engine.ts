/** FlexSearch 0.8: a Document index of forward-tokenized, phonetically encoded fields; no facets, no ranges. */
import { Charset, Document } from 'flexsearch';
import type { BenchRecord } from '../bench-record.ts';
import {
  type BenchEngine,
  type EngineAnswer,
  type EngineDefinition,
  type EngineSearch,
  hitsPerSearch,
} from './bench-engine.ts';

type FlexDocument = {
  objectID: string;
  name: string;
  brand: string;
  categories: string;
  description: string;
};

class FlexSearchEngine implements BenchEngine {
  readonly supportsFacets = false;
  readonly supportsFilters = false;
  private readonly index = new Document<FlexDocument>({
    document: {
      id: 'objectID',
      index: ['name', 'brand', 'categories', 'description'],
      store: ['name'],
    },
    tokenize: 'forward',
    encoder: Charset.LatinAdvanced,
  });

  build(records: readonly BenchRecord[]): void {
    for (const record of records) {
      this.index.add({
        objectID: record.objectID,
        name: record.name,
        brand: record.brand,
        categories: record.categories.join(' '),
        description: record.description ?? '',
      });
    }
  }

  search(request: EngineSearch): EngineAnswer {
    const results = this.index.search(request.text, {
      limit: hitsPerSearch,
      suggest: true,
      merge: true,
      enrich: true,
    });
    return {
      names: results.slice(0, hitsPerSearch).map((result) => String(result.doc?.name ?? '')),
    };
  }
}

export const flexSearchDefinition: EngineDefinition = {
  key: 'flexsearch',
  label: 'FlexSearch 0.8',
  configuration: [
    "`new Document({ document: { id: 'objectID', index: ['name', 'brand', 'categories', 'description'],",
    "store: ['name'] }, tokenize: 'forward', encoder: Charset.LatinAdvanced })` (FlexSearch has no edit-distance",
    'typo tolerance: its documented fuzziness is a phonetic encoder, here `LatinAdvanced`, plus `suggest`, which keeps hits that miss a word);',
    '`search(text, { limit: 20, suggest: true, merge: true, enrich: true })`. No facet counts and no numeric',
    'range filter (n/a).',
  ].join(' '),
  create: () => new FlexSearchEngine(),
};
