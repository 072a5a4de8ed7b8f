/**
 * The engine's public API, for protocol/ and http/: the index, its settings defaults, the error class and the
 * engine's own types.
 */

export type { RelevantSortOptions, SearchExtras } from './execute-search.ts';
export type { FilterExpression, NumericOperator } from './filters/filter-expression.ts';
export { matchAll } from './filters/filter-expression.ts';
export { QueryError } from './query-error.ts';
export type { BrowseCursor, BrowseResult, SearchIndexOptions } from './search-index.ts';
export { SearchIndex } from './search-index.ts';
export { defaultIndexSettings, defaultRanking } from './settings/default-settings.ts';
export type * from './types.ts';
export { VirtualReplica } from './virtual-replica.ts';
