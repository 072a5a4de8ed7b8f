import { createHash } from 'node:crypto';
import type { Algoliasearch } from 'algoliasearch';
import type { Locale } from '../../i18n/locale.ts';
import type { PreviewAnswer } from '../../lib/admin/console-lists.ts';
import {
  categoryFilter,
  changesResults,
  previewContextPrefix,
  type QueryRule,
  type RuleDraft,
  toQueryRule,
} from '../../lib/admin/merchandising-rule.ts';
import { previewValidity } from '../../lib/admin/preview-lifetime.ts';
import { appliesNow, type PreviewMoment, ruleTiming } from '../../lib/admin/rule-timing.ts';
import type { ProductHitFields } from '../../lib/search/product-card.ts';
import { defaultHitsPerPage, pageSearchParameters } from '../../lib/search/search-attributes.ts';
import { type ConsoleClients, consoleIndex, unlessMissing } from './console-search.ts';
import { ruleOfDraft } from './rules-service.ts';

/**
 * The `ruleContexts` value only this merchant session's previews send: a rule saved with it in its condition
 * applies to the preview and to no shopper (the shop sends no such context). One per session, so two open
 * consoles do not preview each other's drafts.
 */
export function previewContext(sessionId: string): string {
  return `${previewContextPrefix}${createHash('sha256').update(sessionId).digest('hex').slice(0, 16)}`;
}

/**
 * Saves the draft as the session's preview rule (its condition also requires the preview's context, so it
 * outranks, and where they overlap replaces, the saved rule it edits; its validity is the preview's own
 * short one) and runs the search the shop's page would run — same index, the page language's parameters
 * (`pageSearchParameters`), the shop's page size, one hit per product, the search-only key — with that context.
 *
 * `moment` says when: `during` shows the rule as it looks while it applies; `now` shows what shoppers see now
 * once it is saved — without it when its dates do not include now or it is off (and then without the saved
 * rule it edits either, which a neutral preview rule outranks).
 */
export async function previewDraft(
  clients: ConsoleClients,
  draft: RuleDraft,
  locale: Locale,
  sessionId: string,
  options: { readonly moment?: PreviewMoment; readonly nowMs?: number } = {},
): Promise<PreviewAnswer> {
  const nowMs = options.nowMs ?? Date.now();
  const context = previewContext(sessionId);
  const timing = ruleTiming(draft, nowMs);
  const applied = options.moment !== 'now' || appliesNow(timing);
  const rule = applied
    ? await ruleOfDraft(clients.admin, draft, context, context)
    : neutralRule(draft, context);
  if (changesResults(rule) && (applied || draft.objectID)) {
    const { taskID } = await clients.admin.saveRule({
      indexName: consoleIndex,
      objectID: context,
      rule: { ...rule, validity: previewValidity(nowMs) } as Parameters<
        Algoliasearch['saveRule']
      >[0]['rule'],
    });
    await clients.admin.waitForTask({ indexName: consoleIndex, taskID });
  } else {
    // Nothing to apply: the preview is the shop as it is (without the session's previous draft).
    await clearPreview(clients.admin, sessionId);
  }
  const trigger = draft.trigger;
  const answer = await clients.shopper.searchSingleIndex<ProductHitFields>({
    indexName: consoleIndex,
    searchParams: {
      ...pageSearchParameters(locale),
      query: trigger.kind === 'query' ? trigger.query : '',
      ...(trigger.kind === 'category'
        ? { facetFilters: [[categoryFilter(trigger.category)]] }
        : {}),
      facetingAfterDistinct: true,
      hitsPerPage: defaultHitsPerPage,
      ruleContexts: [context],
      getRankingInfo: true,
      analytics: false,
      clickAnalytics: false,
    },
  });
  const rendering = answer.renderingContent as
    | { redirect?: { url?: string }; facetOrdering?: { facets?: { order?: string[] } } }
    | undefined;
  return {
    hits: answer.hits.map((hit) => {
      const { _rankingInfo, _highlightResult, _snippetResult, ...fields } = hit as typeof hit & {
        _rankingInfo?: { promoted?: boolean };
      };
      return { ...fields, promoted: _rankingInfo?.promoted === true };
    }),
    totalHits: answer.nbHits ?? 0,
    userData: Array.isArray(answer.userData) ? answer.userData : [],
    redirect: rendering?.redirect?.url ?? null,
    facetOrder: rendering?.facetOrdering?.facets?.order ?? [],
    timing,
    applied,
  };
}

/**
 * A preview rule with the draft's condition that changes nothing: it outranks (and so removes from the
 * preview) the saved rule the draft edits, for a moment when the draft itself does not apply.
 */
function neutralRule(draft: RuleDraft, context: string): QueryRule {
  const { objectID: _saved, ...rest } = draft;
  const bare = { ...rest, pins: [], hidden: [], boosts: [], buries: [], banner: null };
  const rule = toQueryRule({ ...bare, redirect: '', facetOrder: [] }, context, context);
  return { ...rule, consequence: { params: {} } };
}

/** Removes the session's preview rule (after a save, or when the merchant leaves the editor). */
export async function clearPreview(admin: Algoliasearch, sessionId: string): Promise<void> {
  const deleted = await unlessMissing(
    admin.deleteRule({ indexName: consoleIndex, objectID: previewContext(sessionId) }),
  );
  if (deleted) await admin.waitForTask({ indexName: consoleIndex, taskID: deleted.taskID });
}
