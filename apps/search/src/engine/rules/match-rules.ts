/**
 * Which rules apply to a search, in Algolia's precedence order, with conflicting lower-precedence rules left
 * out (Algolia's "rule matching algorithm": sort every matching rule, drop conflicts, apply the rest).
 */
import { ruleWords } from './normalize-for-rules.ts';
import type { Anchoring, Rule, RuleCondition } from './rule.ts';

/** What a search brings to rule matching. */
export interface RuleMatchContext {
  /** The query text as the user typed it; compared after `normalizeForRules` folding, word by word. */
  readonly queryText: string;
  /** The search's `ruleContexts` (exact strings). */
  readonly ruleContexts: readonly string[];
  /** Current time in unix **seconds**, compared with `validity` ranges (passed in: the engine reads no clock). */
  readonly now: number;
  /**
   * Decides a condition's `filters`: returns the keys of the search's refinements the condition names (one per
   * condition filter, e.g. `brand:apple`) when the search applies all of them, else `undefined`. The filter
   * grammar lives in `protocol/`, so the caller passes `conditionFiltersMatcher(queryFilter)` from
   * `protocol/rule-condition-filters.ts`. Absent: conditions with `filters` never match.
   */
  readonly matchConditionFilters?: (conditionFilters: string) => readonly string[] | undefined;
  /**
   * Resolves a `{facet:attribute}` placeholder: the raw values of the faceted `attribute` whose
   * `normalizeForRules` folding equals `phrase` (query words, folded, joined by one space); empty when none.
   * Absent: placeholder patterns never match.
   */
  readonly facetValues?: (attribute: string, phrase: string) => readonly string[];
  /**
   * Other words a folded query word stands for (plural forms, single-word synonyms; see `wordAlternatives`), read
   * only by conditions with `alternatives: true`. Absent: those conditions match literally.
   */
  readonly wordAlternatives?: (word: string) => ReadonlySet<string>;
}

/** Query words a `{facet:attribute}` placeholder matched, with the facet values they name. */
export interface FacetMatch {
  readonly attribute: string;
  /** Raw facet values equal to the words once folded (usually one). */
  readonly values: readonly string[];
  /** The matched words, folded and joined by one space. */
  readonly phrase: string;
  readonly wordStart: number;
  readonly wordCount: number;
}

/** A rule that applies, with how it matched (what precedence and conflicts are decided on). */
export interface MatchedRule {
  readonly rule: Rule;
  /** The condition that matched best; `undefined` for a conditionless rule. */
  readonly condition: RuleCondition | undefined;
  /** Index of the first query word the pattern matched; `undefined` when no pattern words matched. */
  readonly wordStart: number | undefined;
  /** Number of query words the pattern matched. */
  readonly wordCount: number;
  /** Refinement keys the condition's `filters` matched (see `RuleMatchContext.matchConditionFilters`). */
  readonly filterKeys: readonly string[];
  /**
   * What the pattern's `{facet:…}` placeholders matched, every occurrence of the pattern in the query (a
   * `contains` pattern can occur several times); absent or empty for literal patterns.
   */
  readonly facetMatches?: readonly FacetMatch[];
}

const anchoringRank: Readonly<Record<Anchoring, number>> = {
  is: 0,
  startsWith: 1,
  endsWith: 2,
  contains: 3,
};
const facetPlaceholder = /\{facet:([^}]*)\}/gu;
/** Longest run of query words one placeholder tries to read as a facet value. */
const maxPlaceholderWords = 8;

/** A pattern word (folded) or a `{facet:attribute}` placeholder. */
type PatternItem = string | { readonly facet: string };

/**
 * Returns the rules that apply to a search, highest precedence first. Precedence (Algolia's tie-breaking
 * order; each criterion only breaks ties of the previous ones):
 * 1. position: the pattern match that starts earliest in the query wins; rules matched without pattern words
 *    (context-only, filter-only, conditionless) come after every pattern match;
 * 2. match length: more matched query words plus matched condition filters wins;
 * 3. anchoring: `is` > `startsWith` > `endsWith` > `contains` > no pattern;
 * 4. a condition with a `context` wins; 5. a condition with `filters` wins;
 * 6. literals over placeholders: fewer query words matched by `{facet:…}` placeholders wins;
 * 7. a temporary rule (with `validity`) wins over a permanent one;
 * 8. the smaller `objectID` (code-unit order) wins.
 *
 * A condition with `alternatives: true` also matches a query word through its plural forms and synonyms
 * (`RuleMatchContext.wordAlternatives`): pattern `lamp` matches the query `lamps`.
 *
 * A `{facet:attribute}` placeholder in a pattern matches one or more consecutive query words equal (after
 * folding) to a value of that faceted attribute (`RuleMatchContext.facetValues`); see `MatchedRule.facetMatches`.
 *
 * A rule is then dropped when it conflicts with a rule kept before it: their matched query words overlap, or
 * their condition filters name a common refinement. Disabled rules and rules outside their validity are
 * skipped; a rule with several conditions matches through its best-ranked condition.
 *
 * `tv` with rules r1 (`contains "tv"`), r2 (`is "tv"`), r3 (no condition) → [r2, r3] (r1 conflicts with r2).
 * @param rules - the index's rules, in any order.
 * @param context - the search; see `RuleMatchContext`.
 */
export function matchRules(rules: readonly Rule[], context: RuleMatchContext): MatchedRule[] {
  const words = ruleWords(context.queryText);
  const matches = rules
    .filter((rule) => isActive(rule, context.now))
    .flatMap((rule) => {
      const match = matchRule(rule, words, context);
      return match === undefined ? [] : [match];
    })
    .sort(comparePrecedence);
  const kept: MatchedRule[] = [];
  for (const match of matches) {
    if (!kept.some((other) => conflicts(match, other))) kept.push(match);
  }
  return kept;
}

/**
 * True when the rule is enabled and `now` falls in one of its validity ranges (or it has none).
 * @param now - unix seconds.
 */
export function isActive(rule: Rule, now: number): boolean {
  if (rule.enabled === false) return false;
  const validity = rule.validity ?? [];
  return validity.length === 0 || validity.some((range) => range.from <= now && now < range.until);
}

function matchRule(
  rule: Rule,
  words: readonly string[],
  context: RuleMatchContext,
): MatchedRule | undefined {
  const conditions = rule.conditions ?? [];
  if (conditions.length === 0) {
    return { rule, condition: undefined, wordStart: undefined, wordCount: 0, filterKeys: [] };
  }
  let best: MatchedRule | undefined;
  for (const condition of conditions) {
    const match = matchCondition(rule, condition, words, context);
    if (match !== undefined && (best === undefined || comparePrecedence(match, best) < 0))
      best = match;
  }
  return best;
}

function matchCondition(
  rule: Rule,
  condition: RuleCondition,
  words: readonly string[],
  context: RuleMatchContext,
): MatchedRule | undefined {
  if (condition.context !== undefined && !context.ruleContexts.includes(condition.context))
    return undefined;
  let filterKeys: readonly string[] = [];
  if (condition.filters !== undefined && condition.filters.trim() !== '') {
    const keys = context.matchConditionFilters?.(condition.filters);
    if (keys === undefined) return undefined;
    filterKeys = keys;
  }
  if (condition.pattern === undefined || condition.anchoring === undefined) {
    return { rule, condition, wordStart: undefined, wordCount: 0, filterKeys };
  }
  if (condition.pattern.includes('{facet:'))
    return matchPlaceholderCondition(rule, condition, words, context, filterKeys);
  const pattern = ruleWords(condition.pattern);
  const alternativesOf = condition.alternatives === true ? context.wordAlternatives : undefined;
  const same: SameWord =
    alternativesOf === undefined
      ? (word, patternWord) => word === patternWord
      : (word, patternWord) => word === patternWord || alternativesOf(word).has(patternWord);
  const wordStart = findPattern(words, pattern, condition.anchoring, same);
  if (wordStart === undefined) return undefined;
  return {
    rule,
    condition,
    wordStart: pattern.length === 0 ? undefined : wordStart,
    wordCount: pattern.length,
    filterKeys,
  };
}

/** `"cheap {facet:brand} tv"` → `["cheap", {facet: "brand"}, "tv"]` (words folded, attribute names as typed). */
function parsePattern(pattern: string): PatternItem[] {
  const items: PatternItem[] = [];
  let last = 0;
  for (const match of pattern.matchAll(facetPlaceholder)) {
    items.push(...ruleWords(pattern.slice(last, match.index)));
    items.push({ facet: (match[1] ?? '').trim() });
    last = match.index + match[0].length;
  }
  items.push(...ruleWords(pattern.slice(last)));
  return items;
}

/** One occurrence of a placeholder pattern: where it ends and what its placeholders read. */
interface PatternOccurrence {
  readonly start: number;
  readonly end: number;
  readonly facets: readonly FacetMatch[];
}

/**
 * Matches `items[item…]` from query word `at`; a placeholder tries the longest facet value first and gives
 * words back when the rest of the pattern does not follow. `mustEnd`: the match must end with the query.
 */
function matchItemsAt(
  words: readonly string[],
  items: readonly PatternItem[],
  item: number,
  at: number,
  mustEnd: boolean,
  facetValues: NonNullable<RuleMatchContext['facetValues']>,
): { end: number; facets: FacetMatch[] } | undefined {
  const current = items[item];
  if (current === undefined)
    return !mustEnd || at === words.length ? { end: at, facets: [] } : undefined;
  if (typeof current === 'string') {
    return words[at] === current
      ? matchItemsAt(words, items, item + 1, at + 1, mustEnd, facetValues)
      : undefined;
  }
  const longest = Math.min(maxPlaceholderWords, words.length - at);
  for (let count = longest; count >= 1; count--) {
    const phrase = words.slice(at, at + count).join(' ');
    const values = facetValues(current.facet, phrase);
    if (values.length === 0) continue;
    const rest = matchItemsAt(words, items, item + 1, at + count, mustEnd, facetValues);
    if (rest === undefined) continue;
    const facet = { attribute: current.facet, values, phrase, wordStart: at, wordCount: count };
    return { end: rest.end, facets: [facet, ...rest.facets] };
  }
  return undefined;
}

/** Every non-overlapping occurrence of a placeholder pattern allowed by `anchoring`, earliest first. */
function findPlaceholderPattern(
  words: readonly string[],
  items: readonly PatternItem[],
  anchoring: Anchoring,
  facetValues: NonNullable<RuleMatchContext['facetValues']>,
): PatternOccurrence[] {
  const mustEnd = anchoring === 'is' || anchoring === 'endsWith';
  const lastStart = anchoring === 'is' || anchoring === 'startsWith' ? 0 : words.length - 1;
  const occurrences: PatternOccurrence[] = [];
  for (let start = 0; start <= lastStart; start++) {
    const match = matchItemsAt(words, items, 0, start, mustEnd, facetValues);
    if (match === undefined) continue;
    occurrences.push({ start, end: match.end, facets: match.facets });
    if (anchoring !== 'contains') break;
    start = match.end - 1;
  }
  return occurrences;
}

function matchPlaceholderCondition(
  rule: Rule,
  condition: RuleCondition,
  words: readonly string[],
  context: RuleMatchContext,
  filterKeys: readonly string[],
): MatchedRule | undefined {
  if (context.facetValues === undefined || condition.anchoring === undefined) return undefined;
  const items = parsePattern(condition.pattern ?? '');
  const occurrences = findPlaceholderPattern(
    words,
    items,
    condition.anchoring,
    context.facetValues,
  );
  const [first] = occurrences;
  if (first === undefined) return undefined;
  return {
    rule,
    condition,
    wordStart: first.start,
    wordCount: first.end - first.start,
    filterKeys,
    facetMatches: occurrences.flatMap((occurrence) => occurrence.facets),
  };
}

/** Query words the first occurrence's placeholders matched (the "literals over placeholders" criterion). */
function placeholderWords(match: MatchedRule): number {
  let count = 0;
  for (const facet of match.facetMatches ?? []) {
    const start = match.wordStart ?? 0;
    if (facet.wordStart >= start && facet.wordStart < start + match.wordCount)
      count += facet.wordCount;
  }
  return count;
}

/** Whether a query word matches a pattern word. */
type SameWord = (word: string, patternWord: string) => boolean;

/** Index where `pattern` sits in `words` under `anchoring`, or `undefined`. */
function findPattern(
  words: readonly string[],
  pattern: readonly string[],
  anchoring: Anchoring,
  same: SameWord,
): number | undefined {
  // An empty pattern is Algolia's way to target the empty query (`is`); other anchorings always hold.
  if (pattern.length === 0) return anchoring !== 'is' || words.length === 0 ? 0 : undefined;
  const last = words.length - pattern.length;
  switch (anchoring) {
    case 'is':
      return last === 0 && sequenceAt(words, pattern, 0, same) ? 0 : undefined;
    case 'startsWith':
      return last >= 0 && sequenceAt(words, pattern, 0, same) ? 0 : undefined;
    case 'endsWith':
      return last >= 0 && sequenceAt(words, pattern, last, same) ? last : undefined;
    case 'contains':
      for (let start = 0; start <= last; start++)
        if (sequenceAt(words, pattern, start, same)) return start;
      return undefined;
  }
}

function sequenceAt(
  words: readonly string[],
  pattern: readonly string[],
  start: number,
  same: SameWord,
): boolean {
  return pattern.every((word, offset) => {
    const queryWord = words[start + offset];
    return queryWord !== undefined && same(queryWord, word);
  });
}

function comparePrecedence(a: MatchedRule, b: MatchedRule): number {
  return (
    compareNumbers(
      a.wordStart ?? Number.POSITIVE_INFINITY,
      b.wordStart ?? Number.POSITIVE_INFINITY,
    ) ||
    b.wordCount + b.filterKeys.length - (a.wordCount + a.filterKeys.length) ||
    rankAnchoring(a) - rankAnchoring(b) ||
    flag(b.condition?.context !== undefined) - flag(a.condition?.context !== undefined) ||
    flag(b.filterKeys.length > 0) - flag(a.filterKeys.length > 0) ||
    placeholderWords(a) - placeholderWords(b) ||
    flag((b.rule.validity?.length ?? 0) > 0) - flag((a.rule.validity?.length ?? 0) > 0) ||
    compareStrings(a.rule.objectID, b.rule.objectID)
  );
}

function rankAnchoring(match: MatchedRule): number {
  const condition = match.condition;
  return condition?.pattern !== undefined && condition.anchoring !== undefined
    ? anchoringRank[condition.anchoring]
    : 4;
}

function conflicts(a: MatchedRule, b: MatchedRule): boolean {
  if (a.wordStart !== undefined && b.wordStart !== undefined) {
    const overlap =
      a.wordStart < b.wordStart + b.wordCount && b.wordStart < a.wordStart + a.wordCount;
    if (overlap) return true;
  }
  return a.filterKeys.some((key) => b.filterKeys.includes(key));
}

function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function compareStrings(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function flag(value: boolean): number {
  return value ? 1 : 0;
}
