import { groupCoOccurrence } from './group-co-occurrence.ts';
import { logLikelihoodRatio } from './log-likelihood.ts';
import type { RecommendCatalogue } from './recommend-catalogue.ts';
import { SessionCoOccurrence, type SessionRules } from './session-co-occurrence.ts';

/** Tuning of `bought-together`. */
export interface BoughtTogetherOptions {
  /**
   * G² at which purchase evidence scores 50: evidence = 100 × G² / (G² + this). Default 10.83, the χ² value
   * for p = 0.001, so 50 reads "significant at 0.1 %" (p = 0.05 scores 26).
   */
  readonly halfScoreSignificance: number;
  /**
   * Purchases of the source at which purchase evidence and the curated `crossSell` prior weigh the same:
   * score = α × evidence + (1 − α) × prior, α = purchases / (purchases + this). ≥ 0, default 10.
   */
  readonly priorStrength: number;
  /** Prior score of the first `crossSell` link; each next link scores 1 less. 0–100, default 50. */
  readonly curatedScore: number;
  /** Orders: a user's purchases within 1 day of the first form one basket (Algolia's "bought within 1 day"). */
  readonly basket: SessionRules;
}

/** The defaults of {@link BoughtTogetherOptions}. */
export const defaultBoughtTogetherOptions: BoughtTogetherOptions = {
  halfScoreSignificance: 10.83,
  priorStrength: 10,
  curatedScore: 50,
  basket: { gapMs: 86_400_000, maxDurationMs: 86_400_000, maxItems: 100 },
};

/**
 * `bought-together`: products whose co-purchase with the source is significant by Dunning's log-likelihood
 * ratio (not raw counts, which would recommend the best sellers to everything), blended with the merchant's
 * `crossSell` links while the source has few purchases. Purchases count at once (`addPurchase`).
 */
export class BoughtTogether {
  private readonly baskets: SessionCoOccurrence;
  private catalogue: RecommendCatalogue;
  private readonly options: BoughtTogetherOptions;

  /**
   * @param catalogue - the records; replace with `setCatalogue`.
   * @param options - see {@link defaultBoughtTogetherOptions}.
   */
  constructor(
    catalogue: RecommendCatalogue,
    options: BoughtTogetherOptions = defaultBoughtTogetherOptions,
  ) {
    this.catalogue = catalogue;
    this.options = options;
    this.baskets = new SessionCoOccurrence(options.basket);
  }

  /** Uses another catalogue from now on; purchase counts are kept. */
  setCatalogue(catalogue: RecommendCatalogue): void {
    this.catalogue = catalogue;
  }

  /**
   * Counts one purchase event (an order, or part of one: a user's purchases within a day are joined).
   *
   * @param userToken - the buyer.
   * @param timestamp - ms since the epoch.
   * @param objectIDs - the records bought.
   */
  addPurchase(userToken: string, timestamp: number, objectIDs: readonly string[]): void {
    this.baskets.add(userToken, timestamp, objectIDs, 1);
  }

  /** Group → score 0–100 for every candidate bought with `group` (the group itself excluded). */
  scores(group: string): Map<string, number> {
    const { halfScoreSignificance, priorStrength, curatedScore } = this.options;
    const { sourceWeight, together, weightOf } = groupCoOccurrence(
      this.catalogue,
      this.baskets,
      group,
    );
    const evidenceShare = sourceWeight > 0 ? sourceWeight / (sourceWeight + priorStrength) : 0;
    const total = this.baskets.sessions;
    const scores = new Map<string, number>();
    for (const [target, pairWeight] of together) {
      const targetWeight = weightOf(target);
      const both = Math.min(pairWeight, sourceWeight, targetWeight);
      const onlySource = sourceWeight - both;
      const onlyTarget = targetWeight - both;
      const significance = logLikelihoodRatio(
        both,
        onlySource,
        onlyTarget,
        Math.max(0, total - both - onlySource - onlyTarget),
      );
      const evidence = (100 * significance) / (significance + halfScoreSignificance);
      if (evidence > 0) scores.set(target, evidenceShare * evidence);
    }
    this.catalogue.links(group, 'crossSell').forEach((target, position) => {
      const prior = Math.max(0, curatedScore - position);
      scores.set(target, (scores.get(target) ?? 0) + (1 - evidenceShare) * prior);
    });
    return scores;
  }
}
