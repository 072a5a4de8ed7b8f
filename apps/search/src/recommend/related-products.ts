import { groupCoOccurrence } from './group-co-occurrence.ts';
import { LinkPatterns } from './link-patterns.ts';
import type { RecommendCatalogue } from './recommend-catalogue.ts';
import { SessionCoOccurrence, type SessionRules } from './session-co-occurrence.ts';
import { TextSimilarity } from './text-similarity.ts';

/**
 * How much each kind of evidence can say, each 0–1. They combine as a noisy OR:
 * score = 100 × (1 − Π(1 − weight × evidence)), so agreeing evidence adds up and no single kind reaches 100.
 */
export interface RelatedProductsOptions {
  /** A product the source's curated `related` list names. Default 0.9 (score 90). */
  readonly curatedWeight: number;
  /** A product whose curated `related` list names the source. Default 0.6. */
  readonly inboundCuratedWeight: number;
  /** Co-viewed/co-clicked evidence, times cosine × co/(co + `coEventShrinkage`). Default 0.85. */
  readonly coEventWeight: number;
  /** Pair weight at which co-event evidence counts half; > 0, default 3 (one co-click is weak evidence). */
  readonly coEventShrinkage: number;
  /** Products in the categories the merchant links the source's category to (`LinkPatterns`). Default 0.5. */
  readonly linkPatternWeight: number;
  /** TF-IDF cosine over name, categories, attributes and description. Default 0.4. */
  readonly contentWeight: number;
  /** Browsing sessions: default a 30-minute gap, at most 12 hours, 50 items paired. */
  readonly session: SessionRules;
}

/** The defaults of {@link RelatedProductsOptions}. */
export const defaultRelatedProductsOptions: RelatedProductsOptions = {
  curatedWeight: 0.9,
  inboundCuratedWeight: 0.6,
  coEventWeight: 0.85,
  coEventShrinkage: 3,
  linkPatternWeight: 0.5,
  contentWeight: 0.4,
  session: { gapMs: 30 * 60_000, maxDurationMs: 12 * 3_600_000, maxItems: 50 },
};

/**
 * `related-products`: products co-viewed or co-clicked in the same browsing session, the merchant's curated
 * `related` links (both ways), products in the categories the merchant links this category to, and content
 * similarity. Events count at once (`addEvent`); catalogue-derived parts are rebuilt by `setCatalogue`.
 */
export class RelatedProducts {
  private readonly browsing: SessionCoOccurrence;
  private text: TextSimilarity;
  private patterns: LinkPatterns;
  private catalogue: RecommendCatalogue;
  private readonly options: RelatedProductsOptions;

  /**
   * @param catalogue - the records; replace with `setCatalogue`.
   * @param options - evidence weights and session rules; see {@link defaultRelatedProductsOptions}.
   */
  constructor(
    catalogue: RecommendCatalogue,
    options: RelatedProductsOptions = defaultRelatedProductsOptions,
  ) {
    this.catalogue = catalogue;
    this.options = options;
    this.browsing = new SessionCoOccurrence(options.session);
    this.text = new TextSimilarity(catalogue);
    this.patterns = new LinkPatterns(catalogue);
  }

  /** Rebuilds content vectors and link patterns (O(catalogue)); event counts are kept. */
  setCatalogue(catalogue: RecommendCatalogue): void {
    this.catalogue = catalogue;
    this.text = new TextSimilarity(catalogue);
    this.patterns = new LinkPatterns(catalogue);
  }

  /**
   * Counts one browsing event.
   *
   * @param userToken - whose session.
   * @param timestamp - ms since the epoch.
   * @param objectIDs - records the user showed interest in.
   * @param weight - their weight in the session, > 0 (a click 1, a product-page view 0.5 by default).
   */
  addEvent(
    userToken: string,
    timestamp: number,
    objectIDs: readonly string[],
    weight: number,
  ): void {
    this.browsing.add(userToken, timestamp, objectIDs, weight);
  }

  /** Group → score 0–100 for every candidate related to `group` (the group itself excluded). */
  scores(group: string): Map<string, number> {
    const { options } = this;
    const evidence = new Map<string, number[]>();
    const add = (target: string, weight: number, strength: number) => {
      if (target === group || strength <= 0) return;
      const factors = evidence.get(target) ?? [];
      factors.push(weight * Math.min(1, strength));
      evidence.set(target, factors);
    };
    for (const target of this.catalogue.links(group, 'related'))
      add(target, options.curatedWeight, 1);
    for (const source of this.patterns.linkedFrom(group))
      add(source, options.inboundCuratedWeight, 1);
    for (const [target, strength] of this.coEvents(group))
      add(target, options.coEventWeight, strength);
    for (const [target, strength] of this.patterns.candidatesFor(group)) {
      add(target, options.linkPatternWeight, strength);
    }
    for (const [target, strength] of this.text.similarTo(group)) {
      add(target, options.contentWeight, strength);
    }
    const scores = new Map<string, number>();
    for (const [target, factors] of evidence) {
      const missing = factors.reduce((product, factor) => product * (1 - factor), 1);
      scores.set(target, 100 * (1 - missing));
    }
    return scores;
  }

  /** Cosine of the session vectors, shrunk towards 0 while the pair has little weight. */
  private coEvents(group: string): Map<string, number> {
    const { sourceWeight, together, weightOf } = groupCoOccurrence(
      this.catalogue,
      this.browsing,
      group,
    );
    const strengths = new Map<string, number>();
    for (const [target, pairWeight] of together) {
      const cosine = pairWeight / Math.sqrt(sourceWeight * weightOf(target));
      const confidence = pairWeight / (pairWeight + this.options.coEventShrinkage);
      strengths.set(target, Math.min(1, cosine) * confidence);
    }
    return strengths;
  }
}
