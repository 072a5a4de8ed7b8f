/**
 * `POST /1/indexes/{index}/rules/search`: find rules by text, anchoring, context and enabled state.
 */
import { normalizeForRules } from './normalize-for-rules.ts';
import { type Page, paginate } from './paginate.ts';
import type { Anchoring, Rule } from './rule.ts';

/** A rules search request, in the engine's terms (protocol/ has checked the ranges). */
export interface RuleSearch {
  /** Text looked for (folded, substring) in the objectID, description, patterns, contexts and tags; `""` = all. */
  readonly query: string;
  /** Only rules with a condition using this anchoring. */
  readonly anchoring?: Anchoring;
  /** Only rules with a condition on this context. */
  readonly context?: string;
  /** `true`/`false` keep only enabled/disabled rules; `null` or absent keep both. */
  readonly enabled?: boolean | null;
  /** 0-based. */
  readonly page: number;
  readonly hitsPerPage: number;
}

/**
 * Searches an index's rules, ordered by `objectID` so pages are stable.
 * `{ query: "télé", context: "fr", page: 0, hitsPerPage: 20 }` over r1 (pattern "tele", context "fr") and r2 →
 * `{ hits: [r1], totalHits: 1, page: 0, pageSize: 20, pageCount: 1 }`.
 * @param rules - every rule of the index.
 * @param search - see `RuleSearch`.
 */
export function searchRules(rules: readonly Rule[], search: RuleSearch): Page<Rule> {
  const query = normalizeForRules(search.query);
  const found = rules.filter(
    (rule) =>
      (search.enabled === undefined ||
        search.enabled === null ||
        (rule.enabled ?? true) === search.enabled) &&
      (search.anchoring === undefined ||
        (rule.conditions ?? []).some((condition) => condition.anchoring === search.anchoring)) &&
      (search.context === undefined ||
        (rule.conditions ?? []).some((condition) => condition.context === search.context)) &&
      (query === '' ||
        searchableTexts(rule).some((text) => normalizeForRules(text).includes(query))),
  );
  found.sort((a, b) => (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0));
  return paginate(found, search.page, search.hitsPerPage);
}

function searchableTexts(rule: Rule): string[] {
  const conditions = rule.conditions ?? [];
  return [
    rule.objectID,
    rule.description ?? '',
    ...(rule.tags ?? []),
    ...conditions.map((condition) => condition.pattern ?? ''),
    ...conditions.map((condition) => condition.context ?? ''),
  ];
}
