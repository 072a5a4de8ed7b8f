/**
 * The engine's public API, for protocol/ and http/: the index, its settings defaults, the error class and the
 * engine's own types.
 */
export { defaultIndexSettings, defaultRanking } from './default-settings.ts';
export type { RelevantSortOptions, SearchExtras } from './execute-search.ts';
export type { FilterExpression, NumericOperator } from './filter-expression.ts';
export { matchAll } from './filter-expression.ts';
export { QueryError } from './query-error.ts';
export type { BrowseCursor, BrowseResult, SearchIndexOptions } from './search-index.ts';
export { SearchIndex } from './search-index.ts';
export type * from './types.ts';
export { VirtualReplica } from './virtual-replica.ts';
