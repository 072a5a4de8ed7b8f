/**
 * The engine's public API and the only module code outside `engine/` imports (Biome's `noRestrictedImports`):
 * the index and its virtual replicas, settings defaults and attribute-list parsing, the error class, the filter
 * tree `protocol/` builds, the query-rule functions `protocol/` and `indices/` call, and the engine's own types.
 * The layout behind it is described in `README.md`.
 */

export {
  BuildFormatError,
  type ExportedPart,
  engineBuildVersion,
  type ImportedPart,
} from './build/engine-build.ts';
export type { FilterExpression, NumericOperator } from './filters/filter-expression.ts';
export { isMatchAll, matchAll } from './filters/filter-expression.ts';
export { projectRecord } from './hits/retrieve-attributes.ts';
export { QueryError } from './query-error.ts';
export { type AppliedRuleEffects, applyRules } from './rules/apply-rules.ts';
export { matchRules } from './rules/match-rules.ts';
export type { Page } from './rules/paginate.ts';
export type {
  Anchoring,
  Promotion,
  QueryEdit,
  RenderingContent,
  Rule,
  RuleCondition,
  RuleConsequence,
  RuleParams,
  RuleQuery,
  ValidityRange,
} from './rules/rule.ts';
export { anchorings } from './rules/rule.ts';
export { type RuleSearch, searchRules } from './rules/search-rules.ts';
export { searchSynonyms } from './rules/search-synonyms.ts';
export { wordAlternatives } from './rules/word-alternatives.ts';
export type { RelevantSortOptions, SearchExtras } from './search/search-plan.ts';
export type { BrowseCursor, BrowseResult, SearchIndexOptions } from './search-index.ts';
export { SearchIndex } from './search-index.ts';
export { splitModifier } from './settings/attribute-settings.ts';
export { defaultIndexSettings, defaultRanking } from './settings/default-settings.ts';
export { pluralForms } from './text/plurals.ts';
export { resolveLanguages } from './text/stop-words.ts';
export type * from './types.ts';
export { VirtualReplica } from './virtual-replica.ts';
