/**
 * Algolia's dynamic filtering: a rule whose pattern holds `{facet:attribute}` placeholders turns the facet
 * values they matched in the query into filters, through its consequence's `automaticFacetFilters` (filters)
 * and `automaticOptionalFilters` (optional filters; legacy name `automaticOptionalFacetFilters`).
 */
import type { FacetMatch } from './match-rules.ts';
import type { RuleParams } from './rule.ts';

/** One entry of `automaticFacetFilters` / `automaticOptionalFilters`, defaults filled in. */
export interface AutomaticFilter {
  /** The placeholder's attribute (`genres` for `{facet:genres}`). */
  readonly facet: string;
  /** Several matched values are ORed (true) or ANDed (false, the default). */
  readonly disjunctive: boolean;
  /** Excludes the matched values instead of requiring them. */
  readonly negative: boolean;
  /** `<score=N>` of the generated filters (optional filters rank by it); undefined = the default 1. */
  readonly score: number | undefined;
}

const scoreSuffix = /<score=(-?\d+)>\s*$/u;
const placeholder = /^\{facet:([^}]*)\}$/u;

/**
 * Reads the string form (`"genres"`, `"genres<score=2>"`, `"{facet:genres}"`) and the object form
 * (`{ facet, disjunctive, negative, score }`) of each entry; a lone entry counts as a one-entry list, and
 * entries without a facet name are ignored.
 */
export function parseAutomaticFilters(value: unknown): AutomaticFilter[] {
  if (value === undefined || value === null) return [];
  const entries = Array.isArray(value) ? value : [value];
  return entries.flatMap((entry): AutomaticFilter[] => {
    if (typeof entry === 'string') {
      const score = scoreSuffix.exec(entry);
      const name = (score === null ? entry : entry.slice(0, score.index)).trim();
      const facet = (placeholder.exec(name)?.[1] ?? name).trim();
      if (facet === '') return [];
      return [
        {
          facet,
          disjunctive: false,
          negative: false,
          score: score === null ? undefined : Number(score[1]),
        },
      ];
    }
    if (typeof entry !== 'object' || entry === null) return [];
    const { facet, disjunctive, negative, score } = entry as Record<string, unknown>;
    if (typeof facet !== 'string' || facet.trim() === '') return [];
    return [
      {
        facet: facet.trim(),
        disjunctive: disjunctive === true,
        negative: negative === true,
        score: typeof score === 'number' && Number.isFinite(score) ? score : undefined,
      },
    ];
  });
}

/** One `facetFilters` item: `genres:Poetry`, `genres:-Poetry` (negative), `genres:\-Experimental`, `…<score=2>`. */
function facetItem(filter: AutomaticFilter, value: string): string {
  const escaped = value.startsWith('-') ? `\\${value}` : value;
  const score = filter.score === undefined ? '' : `<score=${filter.score}>`;
  return `${filter.facet}:${filter.negative ? '-' : ''}${escaped}${score}`;
}

/**
 * The filters of `filters` for what the placeholders matched, in `facetFilters` wire form (top level ANDed,
 * nested arrays ORed); undefined when no listed facet matched. A matched phrase naming several raw values
 * (`Poésie` and `poesie`) counts as one value: its raw values are ORed.
 */
function facetFiltersFor(
  filters: readonly AutomaticFilter[],
  facetMatches: readonly FacetMatch[],
): (string | string[])[] | undefined {
  const groups: (string | string[])[] = [];
  for (const filter of filters) {
    const seen = new Set<string>();
    const occurrences = facetMatches.filter((match) => {
      if (match.attribute !== filter.facet || seen.has(match.phrase)) return false;
      seen.add(match.phrase);
      return true;
    });
    if (occurrences.length === 0) continue;
    const items = occurrences.map((match) => match.values.map((value) => facetItem(filter, value)));
    if (filter.disjunctive) groups.push(items.flat());
    else for (const item of items) groups.push(item.length === 1 ? (item[0] ?? '') : item);
  }
  return groups.length === 0 ? undefined : groups;
}

/**
 * The `facetFilters` (from `automaticFacetFilters`) and `optionalFilters` (from `automaticOptionalFilters`)
 * one applied rule adds, given what its placeholders matched.
 * `{facet:genres}` matched `poetry` (value `Poetry`) with `automaticFacetFilters: ["genres"]` →
 * `{ facetFilters: ["genres:Poetry"] }`.
 */
export function automaticFilterParameters(
  params: RuleParams,
  facetMatches: readonly FacetMatch[],
): { facetFilters?: (string | string[])[]; optionalFilters?: (string | string[])[] } {
  if (facetMatches.length === 0) return {};
  const facetFilters = facetFiltersFor(
    parseAutomaticFilters(params['automaticFacetFilters']),
    facetMatches,
  );
  const optionalFilters = facetFiltersFor(
    parseAutomaticFilters(
      params['automaticOptionalFilters'] ?? params['automaticOptionalFacetFilters'],
    ),
    facetMatches,
  );
  return {
    ...(facetFilters === undefined ? {} : { facetFilters }),
    ...(optionalFilters === undefined ? {} : { optionalFilters }),
  };
}
