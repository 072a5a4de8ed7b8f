import { previewContextPrefix, type QueryRule } from './merchandising-rule.ts';

/**
 * How long a preview rule may apply (it is written again at each change of the draft): a session that ends
 * without leaving the page (a closed laptop, a crash) leaves a rule that applies to nothing after this, and
 * that the next listing of the rules deletes (`isExpiredPreview`). It starts a few minutes early so that a
 * search service whose clock is behind the storefront's still applies it.
 */
export const previewLifetimeSeconds = 15 * 60;
const clockSkewSeconds = 5 * 60;

/** A preview rule's own `validity`: from a little before `nowMs` to `previewLifetimeSeconds` after. */
export function previewValidity(nowMs: number): { from: number; until: number }[] {
  const now = Math.floor(nowMs / 1000);
  return [{ from: now - clockSkewSeconds, until: now + previewLifetimeSeconds }];
}

/** A preview rule (by its objectID) that no longer applies: its validity has ended, or it has none (older consoles). */
export function isExpiredPreview(
  rule: Pick<QueryRule, 'objectID' | 'validity'>,
  nowMs: number,
): boolean {
  if (!rule.objectID.startsWith(previewContextPrefix)) return false;
  const now = nowMs / 1000;
  return (rule.validity ?? []).every((range) => range.until <= now);
}
