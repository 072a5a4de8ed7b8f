/**
 * Query rules as merchants write them. Like index settings (docs/decisions/0005-engine-vocabulary.md), a rule
 * keeps Algolia's field names: it is stored and returned verbatim by the rules endpoints (docs/api.md §2.9),
 * and `protocol/validate-rule.ts` checks the wire JSON into this shape before anything here sees it.
 */

/** How a condition's `pattern` must sit in the query: whole query, prefix, suffix or anywhere. */
export const anchorings = ['is', 'startsWith', 'endsWith', 'contains'] as const;
/** One of `anchorings`. */
export type Anchoring = (typeof anchorings)[number];

/** One way a rule can trigger; a rule triggers when any of its conditions holds. */
export interface RuleCondition {
  /**
   * Words the query must contain (with `anchoring`); `""` with `is` means "empty query". A `{facet:attribute}`
   * placeholder stands for query words equal (folded) to a value of that faceted attribute.
   */
  readonly pattern?: string;
  readonly anchoring?: Anchoring;
  /** Also match plurals/synonyms of the pattern. Stored, not yet used: patterns match literally. */
  readonly alternatives?: boolean;
  /** The search must send this value in `ruleContexts` (exact, case-sensitive). */
  readonly context?: string;
  /** `facet:value` filters (AND only, no numeric) the search must apply. */
  readonly filters?: string;
}

/** One edit of the query text: delete `delete` (a word or phrase), or replace it with `insert`. */
export interface QueryEdit {
  readonly type: 'remove' | 'replace';
  readonly delete: string;
  readonly insert?: string;
}

/** A new query (`string`) or edits of the current one (`remove` is the legacy form of remove edits). */
export type RuleQuery =
  | string
  | { readonly remove?: readonly string[]; readonly edits?: readonly QueryEdit[] };

/** `renderingContent` as in index settings (docs/api.md §4.1): free JSON that the storefront reads. */
export interface RenderingContent {
  readonly facetOrdering?: {
    readonly facets?: { readonly order?: readonly string[] };
    readonly values?: {
      readonly [facet: string]: {
        readonly order?: readonly string[];
        readonly sortRemainingBy?: 'count' | 'alpha' | 'hidden';
        readonly hide?: readonly string[];
      };
    };
  };
  readonly redirect?: { readonly url: string };
  readonly [key: string]: unknown;
}

/**
 * Search parameters a rule adds. The filter parameters stay in wire form (the filter grammar lives in
 * `protocol/`); any other search parameter (`hitsPerPage`, `ruleContexts`, …) is carried as is.
 * `automaticFacetFilters` / `automaticOptionalFilters` (legacy `automaticOptionalFacetFilters`) turn what the
 * pattern's `{facet:…}` placeholders matched into filters (see `automatic-filters.ts`); a query edit deleting
 * `{facet:attribute}` removes the words that placeholder matched.
 */
export interface RuleParams {
  readonly query?: RuleQuery;
  readonly filters?: string;
  readonly facetFilters?: unknown;
  readonly numericFilters?: unknown;
  readonly tagFilters?: unknown;
  readonly optionalFilters?: unknown;
  readonly renderingContent?: RenderingContent;
  readonly [parameter: string]: unknown;
}

/** Pins one record, or a group of records at consecutive positions, starting at `position` (0-based). */
export type Promotion =
  | { readonly objectID: string; readonly position: number }
  | { readonly objectIDs: readonly string[]; readonly position: number };

/** What a rule does when it applies; at least one of `params`, `promote`, `hide`, `userData` is set. */
export interface RuleConsequence {
  readonly params?: RuleParams;
  readonly promote?: readonly Promotion[];
  readonly hide?: readonly { readonly objectID: string }[];
  /** Free JSON returned to the client in the response's `userData` array (≤ 1 kB). */
  readonly userData?: unknown;
  /** Promoted records must also match the search's filters. Default false. */
  readonly filterPromotes?: boolean;
}

/** A period in unix **seconds**: the rule is active from `from` (inclusive) until `until` (exclusive). */
export interface ValidityRange {
  readonly from: number;
  readonly until: number;
}

/**
 * A query rule: when any condition holds (or always, without conditions), while enabled and valid, its
 * consequence changes the search. Matched by `matchRules`, applied by `applyRules`.
 */
export interface Rule {
  readonly objectID: string;
  /** Absent or empty: the rule applies to every search (a conditionless rule). */
  readonly conditions?: readonly RuleCondition[];
  readonly consequence: RuleConsequence;
  /** Default true. */
  readonly enabled?: boolean;
  /** Absent or empty: always valid. Otherwise active during any of the ranges. */
  readonly validity?: readonly ValidityRange[];
  readonly description?: string;
  /** Labels for organising rules in a dashboard; no effect on search. */
  readonly tags?: readonly string[];
}
