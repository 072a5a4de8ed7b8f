import type { ProductHitFields } from '../search/product-card.ts';
import type { RuleDraft } from './merchandising-rule.ts';
import type { RuleTiming } from './rule-timing.ts';
import type { AlgoliaSynonym, SynonymDraft, SynonymLanguage } from './synonym-entry.ts';

/** What the console's lists hold, as the server sends them to its pages. */

/** A rule as the console lists it; `editable` is false for a trigger the console cannot edit. */
export interface RuleListItem {
  readonly draft: RuleDraft;
  readonly editable: boolean;
}

export interface RuleList {
  readonly rules: RuleListItem[];
  /** Names of the records the rules pin or hide, by objectID. */
  readonly names: Record<string, { en: string; fr: string; productId: string }>;
}

export interface SynonymListItem {
  readonly synonym: AlgoliaSynonym;
  readonly language: SynonymLanguage;
  /** `undefined` for a shape the console does not know (shown as JSON). */
  readonly draft?: SynonymDraft | undefined;
}

/** What the preview shows: the shop's first page of results for a draft, in one language. */
export interface PreviewAnswer {
  readonly hits: (ProductHitFields & { readonly promoted: boolean })[];
  readonly totalHits: number;
  /** The rules' `userData` (banners), read by the shop's banner reader. */
  readonly userData: unknown[];
  readonly redirect: string | null;
  readonly facetOrder: string[];
  /** Whether shoppers see the draft now, once saved (its dates and switch, on the server's clock). */
  readonly timing: RuleTiming;
  /** Whether these results have the draft applied (not when previewing `now` a rule that does not apply now). */
  readonly applied: boolean;
}
