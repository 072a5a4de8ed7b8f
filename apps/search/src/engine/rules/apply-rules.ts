/**
 * Folds the consequences of the applied rules into one set of effects for the search.
 */
import { automaticFilterParameters } from './automatic-filters.ts';
import { editQuery, queryEditsOf } from './edit-query.ts';
import type { FacetMatch, MatchedRule } from './match-rules.ts';
import { type PinnedRecord, resolvePromotions } from './resolve-promotions.ts';
import type { QueryEdit, RenderingContent, RuleParams } from './rule.ts';

/** One rule's filter parameters, in wire form, to AND with the search's (`parseSearchFilters` reads it). */
export interface RuleFilterParameters {
  readonly filters?: string;
  readonly facetFilters?: unknown;
  readonly numericFilters?: unknown;
  readonly tagFilters?: unknown;
}

/** Everything the applied rules change about a search. */
export interface AppliedRuleEffects {
  /** The query to search: a rule's replacement query, or the typed query after every rule's edits. */
  readonly queryText: string;
  /** One entry per rule that adds filters, highest precedence first; all are ANDed with the search's. */
  readonly extraFilters: readonly RuleFilterParameters[];
  /** The rules' `optionalFilters` values (wire form), to add to the search's optional filters. */
  readonly extraOptionalFilters: readonly unknown[];
  /** Records to pin, positions resolved (`SearchQuery.pinned`). */
  readonly pinned: readonly PinnedRecord[];
  /** Records to remove from the results (`SearchQuery.hidden`). */
  readonly hidden: readonly string[];
  /** Each applied rule's `userData`, highest precedence first (the response's `userData` array). */
  readonly userData: readonly unknown[];
  /** The rules' `renderingContent` merged (higher precedence wins per key); `undefined` when none set one. */
  readonly renderingContent: RenderingContent | undefined;
  /** Any other search parameter the rules set (`hitsPerPage`, …); the highest-precedence rule wins. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The applied rules' `objectID`s, highest precedence first (the response's `appliedRules`). */
  readonly appliedRuleIds: readonly string[];
}

const ownParams = new Set([
  'query',
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
  'renderingContent',
  'automaticFacetFilters',
  'automaticOptionalFilters',
  'automaticOptionalFacetFilters',
]);
const filterParams = ['filters', 'facetFilters', 'numericFilters', 'tagFilters'] as const;

/**
 * Combines the consequences of `matchRules`' result.
 * Query "cheap tv" with r1 `{ params: { query: { remove: ["cheap"] }, filters: "price < 300" },
 * promote: [{ objectID: "sku-9", position: 0 }], userData: { banner: "tv" } }` and r2 `{ hide: [{ objectID:
 * "sku-7" }] }` → `{ queryText: "tv", extraFilters: [{ filters: "price < 300" }], pinned: [sku-9@0],
 * hidden: ["sku-7"], userData: [{ banner: "tv" }], appliedRuleIds: ["r1", "r2"], … }`.
 * @param applied - matched rules, highest precedence first (as `matchRules` returns them).
 * @param queryText - the query as typed.
 */
export function applyRules(applied: readonly MatchedRule[], queryText: string): AppliedRuleEffects {
  const rules = applied.map((match) => match.rule);
  const paramsList = rules.map((rule): RuleParams => rule.consequence.params ?? {});
  const hidden = [
    ...new Set(rules.flatMap((rule) => (rule.consequence.hide ?? []).map((hide) => hide.objectID))),
  ];
  const automatic = applied.map((match, index) =>
    automaticFilterParameters(paramsList[index] ?? {}, match.facetMatches ?? []),
  );
  return {
    queryText: rewriteQuery(applied, paramsList, queryText),
    extraFilters: paramsList.flatMap((params, index) => {
      const picked = pickFilterParameters(params);
      const facetFilters = automatic[index]?.facetFilters;
      return [
        ...(Object.keys(picked).length === 0 ? [] : [picked]),
        ...(facetFilters === undefined ? [] : [{ facetFilters }]),
      ];
    }),
    extraOptionalFilters: paramsList.flatMap((params, index) => {
      const optional = automatic[index]?.optionalFilters;
      return [
        ...(params.optionalFilters === undefined ? [] : [params.optionalFilters]),
        ...(optional === undefined ? [] : [optional]),
      ];
    }),
    pinned: resolvePromotions(rules, new Set(hidden)),
    hidden,
    userData: rules.flatMap((rule) =>
      rule.consequence.userData === undefined ? [] : [rule.consequence.userData],
    ),
    renderingContent: paramsList.reduce<RenderingContent | undefined>(
      (merged, params) =>
        params.renderingContent === undefined
          ? merged
          : mergeJson(merged ?? {}, params.renderingContent),
      undefined,
    ),
    params: paramsList.reduce<Record<string, unknown>>((merged, params) => {
      for (const [name, value] of Object.entries(params)) {
        if (!ownParams.has(name) && !(name in merged)) merged[name] = value;
      }
      return merged;
    }, Object.create(null)),
    appliedRuleIds: rules.map((rule) => rule.objectID),
  };
}

/**
 * A replacement query (the highest-precedence one) wins; otherwise every rule's edits apply in order. An edit
 * naming a `{facet:attribute}` placeholder (`{ type: "remove", delete: "{facet:color}" }`) acts on the words
 * that placeholder matched in the query.
 */
function rewriteQuery(
  applied: readonly MatchedRule[],
  paramsList: readonly RuleParams[],
  queryText: string,
): string {
  const replacement = paramsList.find((params) => typeof params.query === 'string')?.query;
  if (typeof replacement === 'string') return replacement;
  return editQuery(
    queryText,
    paramsList.flatMap((params, index) =>
      queryEditsOf(params.query).flatMap((edit) =>
        resolvePlaceholders(edit, applied[index]?.facetMatches ?? []),
      ),
    ),
  );
}

const placeholder = /\{facet:([^}]*)\}/u;

/** The edit with its placeholder replaced by each phrase the placeholder matched (none when it matched none). */
function resolvePlaceholders(edit: QueryEdit, facetMatches: readonly FacetMatch[]): QueryEdit[] {
  const found = placeholder.exec(edit.delete);
  if (found === null) return [edit];
  const attribute = (found[1] ?? '').trim();
  const phrases = new Set(
    facetMatches.filter((match) => match.attribute === attribute).map((match) => match.phrase),
  );
  return [...phrases].map((phrase) => ({ ...edit, delete: edit.delete.replace(found[0], phrase) }));
}

function pickFilterParameters(params: RuleParams): RuleFilterParameters {
  const picked: { -readonly [K in keyof RuleFilterParameters]: RuleFilterParameters[K] } = {};
  for (const name of filterParams) {
    const value = params[name];
    if (value === undefined) continue;
    if (name === 'filters') {
      if (typeof value === 'string' && value.trim() !== '') picked.filters = value;
    } else {
      picked[name] = value;
    }
  }
  return picked;
}

/** Deep merge of JSON objects where `kept` wins; arrays and scalars are never merged, only kept or added. */
function mergeJson<T extends Readonly<Record<string, unknown>>>(kept: T, added: T): T {
  // No prototype: a `__proto__` or `constructor` key in a merchant's JSON is a key like any other.
  const merged: Record<string, unknown> = Object.assign(Object.create(null), kept);
  for (const [key, value] of Object.entries(added)) {
    const existing = merged[key];
    if (existing === undefined) merged[key] = value;
    else if (isPlainObject(existing) && isPlainObject(value))
      merged[key] = mergeJson(existing, value);
  }
  return merged as T;
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
